/** One label set's bucket counts (not cumulative; the +Inf bucket last), sum and count. */
export class DurationSeries {
  readonly counts: Float64Array;
  sum = 0;
  count = 0;

  constructor(
    readonly labels: Readonly<Record<'route' | 'method' | 'status', string>>,
    private readonly bounds: readonly number[],
  ) {
    this.counts = new Float64Array(bounds.length + 1);
  }

  observe(seconds: number): void {
    const { bounds } = this;
    let i = 0;
    while (i < bounds.length && seconds > (bounds[i] as number)) i++;
    (this.counts[i] as number)++;
    this.sum += seconds;
    this.count++;
  }
}

interface MetricValue {
  value: number;
  labels: Record<string, string | number>;
  metricName: string;
}

/**
 * A Prometheus histogram of request durations that the registry exposes like prom-client's own (it
 * calls `get()`), with series resolved once and kept: a hot path holds its series and records with one
 * comparison loop, no label object, no hashing.
 */
export class RouteDurations {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, DurationSeries>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly bounds: readonly number[],
  ) {}

  /** The series of one route pattern, method and status; callers on a hot path keep it. */
  seriesFor(route: string, method: string, status: number | string): DurationSeries {
    const key = `${method} ${status} ${route}`;
    let found = this.series.get(key);
    if (!found) {
      found = new DurationSeries({ route, method, status: String(status) }, this.bounds);
      this.series.set(key, found);
    }
    return found;
  }

  observe(route: string, method: string, status: number, seconds: number): void {
    this.seriesFor(route, method, status).observe(seconds);
  }

  reset(): void {
    this.series.clear();
  }

  async get(): Promise<{
    name: string;
    help: string;
    type: 'histogram';
    aggregator: 'sum';
    values: MetricValue[];
  }> {
    const values: MetricValue[] = [];
    for (const s of this.series.values()) {
      if (s.count === 0) continue;
      let cumulative = 0;
      this.bounds.forEach((le, i) => {
        cumulative += s.counts[i] as number;
        values.push({ value: cumulative, labels: { ...s.labels, le }, metricName: `${this.name}_bucket` });
      });
      values.push({ value: s.count, labels: { ...s.labels, le: '+Inf' }, metricName: `${this.name}_bucket` });
      values.push({ value: s.sum, labels: { ...s.labels }, metricName: `${this.name}_sum` });
      values.push({ value: s.count, labels: { ...s.labels }, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }
}
