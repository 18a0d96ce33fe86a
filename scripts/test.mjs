// `npm test`: every check CI runs, as npm scripts, scheduled so the slowest chain starts first and the
// cores never wait on a stage that mostly waits. The unit tests (two workers) and the build start at once;
// the browser tests start when the build is there (they mostly wait on the app and Chromium: about 0.6 of
// a core measured) and run beside everything else; the static checks and Lighthouse (its own app) follow as
// room frees up; with PostgreSQL and Redis (TEST_DATABASE_URL and TEST_REDIS_URL) the multi-process and
// outage proofs run from the build on, taking no core of the plan (they mostly wait). Stops starting stages after the first failure, lets the running ones
// finish, and always ends with a table of each stage's time. With CI_STAGE_TIMES=<file> the rows are also
// appended there (.ci/run prints them with its own stages).
import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// This machine's cores (the unit tests take a worker per core, vitest.config.ts), unless TEST_JOBS says.
const cores = Math.max(1, Number(process.env.TEST_JOBS) || os.availableParallelism());
/** Room for one mostly-waiting stage beside stages that fill every core. */
const capacity = cores + 1;
const withServers = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
// Each stage's whole output, also printed when it ends: tail -f to watch one that is still running.
const logDir = path.join(root, 'artifacts', 'test-logs');
mkdirSync(logDir, { recursive: true });

/**
 * Each stage is an npm script. `after`: stages that must have passed first. `cpu`: cores it keeps busy
 * (the browser tests count one, the multi-process and outage proofs none: they mostly wait). Listed in the order they start
 * when there is room: a stage never overtakes an earlier one still waiting for room.
 */
const stages = [
  { name: 'build', cpu: 1 },
  { name: 'test:unit', cpu: cores },
  { name: 'test:e2e', cpu: 1, after: ['build'] },
  // The multi-process and outage proofs spend most of their time waiting (measured: 22 CPU-s in 39 s,
  // 31 CPU-s in 107 s, three 30-second outages): they take no core of the plan and run from the build on.
  ...(withServers
    ? [
        { name: 'test:cluster', cpu: 0, after: ['build'] },
        { name: 'test:faults', cpu: 0, after: ['test:cluster'] },
      ]
    : []),
  { name: 'typecheck', cpu: 1 },
  { name: 'lint', cpu: 1 },
  { name: 'format:check', cpu: 1 },
  { name: 'knip', cpu: 1 },
  { name: 'size', cpu: 1, after: ['build'] },
  { name: 'lighthouse:ci', cpu: 1, after: ['build'] },
];
if (!withServers)
  console.log('== test:cluster and test:faults skipped: they need TEST_DATABASE_URL and TEST_REDIS_URL');

const results = new Map(); // name -> { status: 'passed' | 'failed', seconds }
const running = new Map(); // name -> promise
let used = 0;
let failed = false;
const started = Date.now();
const clock = () => `${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s`;

function run(stage) {
  const t0 = Date.now();
  const log = path.join(logDir, `${stage.name.replace(':', '-')}.log`);
  writeFileSync(log, '');
  console.log(`== ${clock()} ${stage.name} started (log: ${path.relative(root, log)})`);
  // Through bash for its `times`: the CPU the stage's processes used, to plan what runs beside what.
  const timesFile = `${log}.cpu`;
  const child = spawn(
    'bash',
    ['-c', 'npm run --silent "$0"; code=$?; times > "$1"; exit $code', stage.name, timesFile],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const collect = (chunk) => appendFileSync(log, chunk);
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const seconds = (Date.now() - t0) / 1000;
      const ok = code === 0;
      process.stdout.write(`\n== ${stage.name}\n${readFileSync(log, 'utf8')}`);
      console.log(
        `== ${clock()} ${stage.name} ${ok ? 'passed' : `FAILED (${code ?? signal})`} in ${seconds.toFixed(0)} s`,
      );
      results.set(stage.name, { status: ok ? 'passed' : 'failed', seconds, cpu: cpuSeconds(timesFile) });
      if (!ok) failed = true;
      resolve();
    });
  });
}

/**
 * The part of a stage's log that says what failed: Vitest's "Failed Tests" and "Unhandled Errors" sections (up
 * to its closing summary), else the log's last lines; at most SUMMARY_LINES lines, colours removed.
 */
const SUMMARY_LINES = 80;
function failureSummary(name) {
  const log = readFileSync(path.join(logDir, `${name.replace(':', '-')}.log`), 'utf8');
  const lines = stripVTControlCharacters(log).split('\n');
  const from = lines.findIndex((line) => /⎯ (Failed Tests|Unhandled Errors?) \d*/.test(line));
  const to = lines.findIndex((line, i) => i > from && /^\s*Test Files\s/.test(line));
  const part = from >= 0 ? lines.slice(from, to > from ? to : undefined) : lines.slice(-SUMMARY_LINES);
  const shown = part.filter((line, i) => line.trim() || part[i - 1]?.trim());
  return shown.length > SUMMARY_LINES
    ? [
        ...shown.slice(0, SUMMARY_LINES),
        `… ${shown.length - SUMMARY_LINES} more lines in the stage's log`,
      ].join('\n')
    : shown.join('\n');
}

/** User + system seconds of a stage's processes, from bash's `times` (its second line: the children's). */
function cpuSeconds(file) {
  try {
    const children = readFileSync(file, 'utf8').trim().split('\n')[1] ?? '';
    const parts = [...children.matchAll(/(\d+)m([\d.]+)s/g)];
    return parts.reduce((sum, [, m, sec]) => sum + Number(m) * 60 + Number(sec), 0);
  } catch {
    return undefined;
  }
}

/** Starts every stage whose prerequisites passed while there is room, in the listed order. */
function schedule() {
  if (failed) return;
  for (const stage of stages) {
    if (results.has(stage.name) || running.has(stage.name)) continue;
    if (!(stage.after ?? []).every((name) => results.get(name)?.status === 'passed')) continue;
    const need = Math.min(stage.cpu, cores);
    if (used + need > capacity) break; // keep the order: a later stage does not overtake a waiting one
    used += need;
    const done = run(stage).then(() => {
      used -= need;
      running.delete(stage.name);
    });
    running.set(stage.name, done);
  }
}

schedule();
while (running.size > 0) {
  await Promise.race(running.values());
  schedule();
}

const rows = stages.map((stage) => {
  const result = results.get(stage.name);
  return [
    stage.name,
    result ? `${result.seconds.toFixed(0)} s` : '-',
    result?.cpu === undefined ? '-' : `${result.cpu.toFixed(0)} s`,
    result?.status ?? 'not run',
  ];
});
const cpuTotal = [...results.values()].reduce((sum, r) => sum + (r.cpu ?? 0), 0);
const total = (Date.now() - started) / 1000;
console.log(
  `\n== npm test stage times (${cores} cores; stages overlap, so they add up to more than the total)`,
);
console.log(`${'stage'.padEnd(16)}${'wall'.padStart(8)}${'cpu'.padStart(8)}`);
for (const [name, time, cpu, status] of rows)
  console.log(`${name.padEnd(16)}${time.padStart(8)}${cpu.padStart(8)}  ${status}`);
console.log(
  `${'total'.padEnd(16)}${`${total.toFixed(0)} s`.padStart(8)}${`${cpuTotal.toFixed(0)} s`.padStart(8)}  (${((100 * cpuTotal) / (total * cores)).toFixed(0)} % of ${cores} cores)`,
);
// CI reports keep only the end of the output, and a failed stage's log is printed when it ends, long before:
// each failed stage's failures are repeated last, so a report says which test failed and why.
for (const [name, { status }] of results) {
  if (status === 'failed') console.log(`\n== why ${name} failed\n${failureSummary(name)}`);
}
if (process.env.CI_STAGE_TIMES) {
  for (const [name, time, , status] of rows)
    appendFileSync(process.env.CI_STAGE_TIMES, `${name}\t${time}\t${status}\n`);
}
process.exit(failed || results.size < stages.length ? 1 : 0);
