/** One row of `npm run bench`'s summary table (scripts/bench.mjs reads these lines from each benchmark). */
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
