/**
 * One row of `npm run bench`'s summary table. Each benchmark (api/bench, e2e/bench) prints its rows as
 * `BENCH-ROW {json}` lines, which scripts/bench.mjs collects into one table.
 */
export interface TBenchRow {
  measure: string;
  result: string;
  goal: string;
  baseline: string;
  met: boolean;
}

export function reportRow(row: TBenchRow): void {
  console.log(`BENCH-ROW ${JSON.stringify(row)}`);
}
