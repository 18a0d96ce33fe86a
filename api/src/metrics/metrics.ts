import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type Metric } from 'prom-client';
import { RouteDurations } from './route-durations.js';

/**
 * The process's Prometheus metrics (issue 19), all named `lamha_…`, in one registry of our own (not
 * prom-client's global one, which libraries may also fill). Module-level like the logger's destination:
 * one process, one set of counters, whichever services write to them. Tests read deltas.
 */
export const registry = new Registry();

/** Seconds: 1 ms … 10 s, where a web request's answer time lives. */
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * HTTP answer time by route pattern (never the raw path: one series per route, not per URL), method and
 * status. Its own recorder, not prom-client's Histogram: the widget's init and beacon paths answer in
 * microseconds, and prom-client's observe (label checks and hashing, ~0.6 µs) would be a visible share of
 * them; this one records into a pre-resolved series for ~20 ns.
 */
export const httpDurations = new RouteDurations(
  'lamha_http_request_duration_seconds',
  'HTTP request duration by route pattern, method and status',
  REQUEST_BUCKETS,
);
registry.registerMetric(httpDurations as unknown as Metric);

/**
 * Widget init answers by the tier that had the snapshot (memory: this process; cache: the shared cache;
 * database; none: unknown key or an error) and status (200, 304, 4xx/5xx). The hot path counts in plain
 * integers (`widgetInitHot`), added here at scrape time.
 */
export const widgetInitHot = { memory200: 0, memory304: 0 };
let reportedHot = { memory200: 0, memory304: 0 };
export const widgetInitAnswers = new Counter({
  name: 'lamha_widget_init_total',
  help: 'GET /api/widget/init answers by snapshot tier (memory, cache, database, none) and status',
  labelNames: ['tier', 'status'] as const,
  registers: [registry],
  collect() {
    const now = { ...widgetInitHot };
    this.inc({ tier: 'memory', status: '200' }, now.memory200 - reportedHot.memory200);
    this.inc({ tier: 'memory', status: '304' }, now.memory304 - reportedHot.memory304);
    reportedHot = now;
  },
});

/** Seconds: 1 s … 1 day, how late a due account was when a worker claimed it. */
const LAG_BUCKETS = [1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600, 3 * 3600, 6 * 3600, 24 * 3600];

export const refreshLag = new Histogram({
  name: 'lamha_refresh_lag_seconds',
  help: 'How late a due account was (now − next_refresh_at) when a refresh worker claimed it',
  buckets: LAG_BUCKETS,
  registers: [registry],
});

export const refreshOutcomes = new Counter({
  name: 'lamha_refresh_outcomes_total',
  help: 'Content refreshes by outcome: ok, or the failure reason (not_found, rate_limited, media, system, …)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const refreshDuration = new Histogram({
  name: 'lamha_refresh_duration_seconds',
  help: 'Time one account refresh took (fetch, media copies, write, snapshot)',
  buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
  registers: [registry],
});

export const instagramCalls = new Counter({
  name: 'lamha_instagram_calls_total',
  help: 'Calls asked of the shared Instagram Graph budget: granted, or refused and why (window, merchant_share, merchant_requests)',
  labelNames: ['result'] as const,
  registers: [registry],
});

export const instagramBudget = new Gauge({
  name: 'lamha_instagram_budget_calls_per_hour',
  help: 'The Instagram Graph call budget per hour shared by every process (IG_CALLS_PER_HOUR)',
  registers: [registry],
});

export const mailMessages = new Counter({
  name: 'lamha_mail_messages_total',
  help: 'E-mails handed to the mail transport: sent or failed',
  labelNames: ['result'] as const,
  registers: [registry],
});

export const cacheLookups = new Counter({
  name: 'lamha_cache_lookups_total',
  help: 'Shared cache reads by key family and result (hit or miss); hit rate = hit / (hit + miss)',
  labelNames: ['family', 'result'] as const,
  registers: [registry],
});

export const shuttingDown = new Gauge({
  name: 'lamha_shutting_down',
  help: '1 while the process drains after SIGTERM',
  registers: [registry],
});

/** What only the database can say, read when Prometheus scrapes (a few indexed counts). */
export interface BacklogReader {
  webhookBacklog(): Promise<{ pending: number; oldestPendingSeconds: number }>;
  refreshBacklog(): Promise<{ due: number; oldestDueSeconds: number }>;
  /** The background-work queue's rows by job name and state (api/src/jobs/). */
  jobCounts?(): Promise<{ name: string; state: string; jobs: number }[]>;
}
let backlogReader: BacklogReader | undefined;
/** The services of this process tell the scrape where to read backlogs (the last one set wins). */
export function readBacklogsFrom(reader: BacklogReader | undefined): void {
  backlogReader = reader;
}

/** One database read per scrape for both gauges of a pair; a failed read leaves the gauges as they were. */
function perScrape<T>(read: () => Promise<T>): () => Promise<T | undefined> {
  let last: { at: number; value: Promise<T | undefined> } | undefined;
  return () => {
    const now = performance.now();
    if (!last || now - last.at > 1000) last = { at: now, value: read().catch(() => undefined) };
    return last.value;
  };
}
const webhookBacklog = perScrape(() => backlogReader?.webhookBacklog() ?? Promise.resolve(undefined));
const refreshBacklog = perScrape(() => backlogReader?.refreshBacklog() ?? Promise.resolve(undefined));

new Gauge({
  name: 'lamha_webhook_backlog',
  help: 'Salla/Zid webhook deliveries recorded but not processed yet',
  registers: [registry],
  async collect() {
    const backlog = await webhookBacklog();
    if (backlog) this.set(backlog.pending);
  },
});
new Gauge({
  name: 'lamha_webhook_backlog_oldest_seconds',
  help: 'Age of the oldest unprocessed webhook delivery (0 when none)',
  registers: [registry],
  async collect() {
    const backlog = await webhookBacklog();
    if (backlog) this.set(backlog.oldestPendingSeconds);
  },
});
new Gauge({
  name: 'lamha_refresh_due_accounts',
  help: 'Accounts due for a refresh that no worker has claimed',
  registers: [registry],
  async collect() {
    const backlog = await refreshBacklog();
    if (backlog) this.set(backlog.due);
  },
});
new Gauge({
  name: 'lamha_refresh_oldest_due_seconds',
  help: 'How late the most overdue unclaimed account is (0 when none): grows when no cron process keeps up',
  registers: [registry],
  async collect() {
    const backlog = await refreshBacklog();
    if (backlog) this.set(backlog.oldestDueSeconds);
  },
});

export const jobRuns = new Counter({
  name: 'lamha_job_runs_total',
  help: 'Background and scheduled (tick.<name>) job runs by outcome: done, retry (failed, runs again later), dead (failed its last attempt), failed (a scheduled job that threw), skipped (a scheduled job whose lease another process holds)',
  labelNames: ['job', 'outcome'] as const,
  registers: [registry],
});

export const jobDuration = new Histogram({
  name: 'lamha_job_duration_seconds',
  help: 'Time one background job attempt took, by job name',
  labelNames: ['job'] as const,
  buckets: [0.005, 0.025, 0.1, 0.5, 1, 5, 15, 60, 300],
  registers: [registry],
});

/** Every job name that was ever counted keeps a series, set to 0 when none is left in that state. */
const jobCounts = perScrape(() => backlogReader?.jobCounts?.() ?? Promise.resolve(undefined));
const jobSeries = new Set<string>();
new Gauge({
  name: 'lamha_jobs',
  help: 'Background jobs stored, by job name and state (queued, running, dead: dead ones wait for an admin)',
  labelNames: ['job', 'state'] as const,
  registers: [registry],
  async collect() {
    const counts = await jobCounts();
    if (!counts) return;
    for (const series of jobSeries) {
      const [job = '', state = ''] = series.split('\u0000');
      this.set({ job, state }, 0);
    }
    for (const row of counts) {
      jobSeries.add(`${row.name}\u0000${row.state}`);
      this.set({ job: row.name, state: row.state }, row.jobs);
    }
  },
});

let defaultMetricsOn = false;
/** Process metrics (CPU, memory, event loop lag, GC, handles) under `lamha_`; entry points turn them on. */
export function collectProcessMetrics(): void {
  if (defaultMetricsOn) return;
  defaultMetricsOn = true;
  collectDefaultMetrics({ register: registry, prefix: 'lamha_' });
}

/** The exposition text. */
export function metricsText(): Promise<string> {
  return registry.metrics();
}
export const METRICS_CONTENT_TYPE = registry.contentType;
