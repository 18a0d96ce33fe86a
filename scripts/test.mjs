// `npm test`: every check CI runs, as npm scripts, in an order that keeps both cores busy: the static checks
// and the build two at a time, then the unit tests (vitest uses both cores itself), the browser tests and
// Lighthouse. Stops starting stages after the first failure, lets the running ones finish, and always ends
// with a table of each stage's time. With CI_STAGE_TIMES=<file> the rows are also appended there (.ci/run
// prints them with its own stages).
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const slots = Math.max(1, Number(process.env.TEST_JOBS) || 2);

/**
 * Each stage is an npm script. `after`: stages that must have passed first. `slots`: cores it keeps busy
 * on its own (a stage that takes every slot runs alone and prints as it goes; the others print when done).
 */
const stages = [
  { name: 'typecheck', slots: 1 },
  { name: 'build', slots: 1 },
  { name: 'lint', slots: 1 },
  { name: 'format:check', slots: 1 },
  { name: 'knip', slots: 1 },
  { name: 'size', slots: 1, after: ['build'] },
  { name: 'test:unit', slots, after: ['typecheck', 'lint', 'format:check', 'knip'] },
  { name: 'test:e2e', slots, after: ['build', 'test:unit'] },
  { name: 'lighthouse:ci', slots, after: ['test:e2e'] },
];

const results = new Map(); // name -> { status: 'passed' | 'failed', seconds }
const running = new Map(); // name -> promise
let used = 0;
let failed = false;
const started = Date.now();

function run(stage) {
  const streaming = stage.slots >= slots;
  const t0 = Date.now();
  if (streaming) console.log(`\n== ${stage.name}`);
  const child = spawn('npm', ['run', '--silent', stage.name], {
    cwd: root,
    stdio: streaming ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const seconds = (Date.now() - t0) / 1000;
      const ok = code === 0;
      if (!streaming) process.stdout.write(`\n== ${stage.name}\n${output}`);
      console.log(
        `== ${stage.name} ${ok ? 'passed' : `FAILED (${code ?? signal})`} in ${seconds.toFixed(0)} s`,
      );
      results.set(stage.name, { status: ok ? 'passed' : 'failed', seconds });
      if (!ok) failed = true;
      resolve();
    });
  });
}

/** Starts every stage whose prerequisites passed while slots are free, in the listed order. */
function schedule() {
  if (failed) return;
  for (const stage of stages) {
    if (results.has(stage.name) || running.has(stage.name)) continue;
    if (!(stage.after ?? []).every((name) => results.get(name)?.status === 'passed')) continue;
    const need = Math.min(stage.slots, slots);
    if (used + need > slots) break; // keep the order: a later stage does not overtake a waiting one
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
  return [stage.name, result ? `${result.seconds.toFixed(0)} s` : '-', result?.status ?? 'not run'];
});
const total = (Date.now() - started) / 1000;
console.log('\n== npm test stage times (stages run two at a time where they can)');
for (const [name, time, status] of rows) console.log(`${name.padEnd(16)}${time.padStart(8)}  ${status}`);
console.log(`${'total (wall)'.padEnd(16)}${`${total.toFixed(0)} s`.padStart(8)}`);
if (process.env.CI_STAGE_TIMES) {
  for (const [name, time, status] of rows)
    appendFileSync(process.env.CI_STAGE_TIMES, `${name}\t${time}\t${status}\n`);
}
process.exit(failed || results.size < stages.length ? 1 : 0);
