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
  /**
   * Pending increments by merchant, day, type and subject: nested maps, so counting an event builds no
   * composite key to hash (a beacon's hot path).
   */
  private pending = new Map<string, Map<string, Map<CounterType, Map<string, CounterIncrement>>>>();
  private size = 0;
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
    let days = this.pending.get(userId);
    if (!days) this.pending.set(userId, (days = new Map()));
    let types = days.get(day);
    if (!types) days.set(day, (types = new Map()));
    let subjects = types.get(type);
    if (!subjects) types.set(type, (subjects = new Map()));
    const entry = subjects.get(subject);
    if (entry) entry.count += count;
    else if (this.size < this.maxPending) {
      subjects.set(subject, { userId, day, type, subject, count });
      this.size++;
    } else this.dropped += count;
  }

  /** Counters waiting for the next flush. */
  get pendingCount(): number {
    return this.size;
  }

  /** Writes what is pending. Flushes run one after another; a failed one keeps its counts for the next. */
  flush(): Promise<void> {
    this.chain = this.chain.then(() => this.flushNow());
    return this.chain;
  }

  private async flushNow(): Promise<void> {
    if (this.size === 0) return;
    const batch: CounterIncrement[] = [];
    for (const days of this.pending.values())
      for (const types of days.values())
        for (const subjects of types.values()) for (const inc of subjects.values()) batch.push(inc);
    this.pending = new Map();
    this.size = 0;
    try {
      await this.repo.addCounts(batch);
    } catch (err) {
      // Back into the queue: the next flush tries again (the database may be restarting).
      for (const inc of batch) this.add(inc.userId, inc.day, inc.type, inc.subject, inc.count);
      this.logger.warn({ err, counters: batch.length }, 'could not store widget event counts; will retry');
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
