/**
 * At most `maxActive` tasks at once and at most `maxQueued` waiting for a slot; beyond that a task is
 * refused at once, so a burst costs a bounded amount of memory and sockets instead of growing a queue.
 */
export class ConcurrencyLimit {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly maxActive: number,
    readonly maxQueued: number,
  ) {}

  /** Runs `task` when a slot is free; `{ok: false}` without running it when even the queue is full. */
  async run<T>(task: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false }> {
    if (this.active >= this.maxActive) {
      if (this.waiting.length >= this.maxQueued) return { ok: false };
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active++;
    }
    try {
      return { ok: true, value: await task() };
    } finally {
      // Hand the slot straight to the next waiter (active stays the same), or free it.
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}
