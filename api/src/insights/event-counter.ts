import type { Logger } from '../lib/logger.js';
import type { CounterIncrement, CounterType, InsightsRepository } from './insights.repository.js';

/** Distinct counters held between flushes before new ones are dropped (a flood must not eat memory). */
const MAX_PENDING_COUNTERS = 200_000;

/**
 * Widget events are counted in process memory and added to the stored daily counters every few seconds
 * (and on shutdown): a busy store costs one upsert per counter per flush, never a write per event. The
 * upserts add to what is stored, so any number of API processes flush side by side.
 */
export class EventCounter {
  private pending = new Map<string, CounterIncrement>();
  private chain: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  /** Counters refused since start because too many were pending (logged with each flush). */
  private dropped = 0;

  constructor(
    private readonly repo: InsightsRepository,
    private readonly logger: Logger,
    private readonly maxPending = MAX_PENDING_COUNTERS,
  ) {}

  add(userId: string, day: string, type: CounterType, subject: string, count = 1): void {
    const key = `${userId}\t${day}\t${type}\t${subject}`;
    const entry = this.pending.get(key);
    if (entry) entry.count += count;
    else if (this.pending.size < this.maxPending)
      this.pending.set(key, { userId, day, type, subject, count });
    else this.dropped += count;
  }

  /** Counters waiting for the next flush. */
  get pendingCount(): number {
    return this.pending.size;
  }

  /** Writes what is pending. Flushes run one after another; a failed one keeps its counts for the next. */
  flush(): Promise<void> {
    this.chain = this.chain.then(() => this.flushNow());
    return this.chain;
  }

  private async flushNow(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    try {
      await this.repo.addCounts([...batch.values()]);
    } catch (err) {
      // Back into the queue: the next flush tries again (the database may be restarting).
      for (const [key, inc] of batch) {
        const entry = this.pending.get(key);
        if (entry) entry.count += inc.count;
        else if (this.pending.size < this.maxPending) this.pending.set(key, inc);
        else this.dropped += inc.count;
      }
      this.logger.warn({ err, counters: batch.size }, 'could not store widget event counts; will retry');
    }
    if (this.dropped > 0) {
      this.logger.warn({ dropped: this.dropped }, 'widget event counts dropped: too many pending counters');
      this.dropped = 0;
    }
  }

  /** Flushes every `intervalMs` until stopped. */
  start(intervalMs: number): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  /** Stops the timer and writes what is left (shutdown). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }
}
