#!/usr/bin/env node
/**
 * `npm run bench`: every benchmark in one run, then one table with each result beside its goal and its
 * baseline (measured in the same run). Each benchmark prints its own detailed table as it goes and one
 * `BENCH-ROW {json}` line per summary row (shared/src/bench-row.ts).
 *
 * `npm run bench -- widget first-tile` runs only the named ones. Exits non-zero when a goal is missed or a
 * benchmark fails. The e2e benchmarks need `npm run build` first.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const BENCHMARKS = [
  { name: 'refresh', args: ['run', 'bench:refresh', '--workspace', 'api'] },
  { name: 'widget', args: ['run', 'bench:widget', '--workspace', 'e2e'] },
  { name: 'events', args: ['run', 'bench:events', '--workspace', 'api'] },
  { name: 'first-tile', args: ['run', 'bench:first-tile', '--workspace', 'e2e'] },
  { name: 'size', args: ['run', 'bench:size'] },
];

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !BENCHMARKS.some((b) => b.name === name));
if (unknown.length > 0) {
  console.error(
    `Unknown benchmark ${unknown.join(', ')}; there are: ${BENCHMARKS.map((b) => b.name).join(', ')}.`,
  );
  process.exit(2);
}
const chosen = asked.length > 0 ? BENCHMARKS.filter((b) => asked.includes(b.name)) : BENCHMARKS;

/** Runs one benchmark, passing its output through, and returns its summary rows and exit code. */
function run({ args }) {
  return new Promise((resolve) => {
    const child = spawn('npm', args, { stdio: ['ignore', 'pipe', 'inherit'] });
    const rows = [];
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith('BENCH-ROW ')) rows.push(JSON.parse(line.slice('BENCH-ROW '.length)));
      else console.log(line);
    });
    child.on('close', (code) => resolve({ rows, code: code ?? 1 }));
  });
}

const table = [];
const broken = [];
for (const benchmark of chosen) {
  const { rows, code } = await run(benchmark);
  table.push(...rows.map((row) => ({ bench: benchmark.name, ...row })));
  // A failing exit with every row met means the benchmark checked more than its summary rows show.
  if (rows.length === 0 || (code !== 0 && rows.every((row) => row.met))) broken.push(benchmark.name);
}

const columns = [
  ['measure', (r) => r.measure],
  ['result', (r) => r.result],
  ['goal', (r) => r.goal],
  ['baseline (same run)', (r) => r.baseline || '–'],
  ['', (r) => (r.met ? 'met' : 'MISSED')],
];
const widths = columns.map(([head, cell]) => Math.max(head.length, ...table.map((r) => cell(r).length)));
const line = (cells) => `  ${cells.map((c, i) => c.padEnd(widths[i])).join('  ')}`.trimEnd();
console.log(`\nBenchmarks (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)\n`);
console.log(line(columns.map(([head]) => head)));
console.log(line(widths.map((w) => '-'.repeat(w))));
for (const row of table) console.log(line(columns.map(([, cell]) => cell(row))));
if (broken.length > 0)
  console.log(`\n  failed without a summary row, or on a check not shown: ${broken.join(', ')}`);

const missed = table.filter((row) => !row.met).length;
console.log(`\n  ${table.length - missed} of ${table.length} goals met.`);
if (missed > 0 || broken.length > 0) process.exitCode = 1;
