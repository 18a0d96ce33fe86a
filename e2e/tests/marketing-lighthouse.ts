/**
 * `npm run lighthouse`: Lighthouse on the landing page of the built app, with its default mobile emulation
 * (a mid-range phone on slow 4G, simulated). Prints the four category scores and fails below the goals of
 * issue 7. Not a vitest file: it is a check run on demand, and takes about a minute and a half.
 *
 * Chromium is Debian's (/usr/bin/chromium, or CHROME_PATH), started here with the flags this machine's
 * closed network needs. Each category's score is the median of LIGHTHOUSE_RUNS runs (default 5), as
 * Lighthouse's own guidance recommends for scores that vary from run to run (on a shared 2-core machine
 * single runs of the same build range over ten points).
 *
 * With `--report-performance` (how `npm test` runs it, with `--runs=1`) the performance score is printed but
 * does not fail the run: it is a timing, and timings on shared CI machines vary too much to gate on (the project's rule for
 * tests). Accessibility, best practices and SEO do not depend on timing and always gate; they come out the same
 * in every run, so one run is enough for them (a median of several only steadies the timing).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, startApp } from '../src/harness.js';

const GOALS = { performance: 95, accessibility: 95, 'best-practices': 95, seo: 95 } as const;
type TCategory = keyof typeof GOALS;
const CATEGORIES = Object.keys(GOALS) as TCategory[];

const CHROME_PATH = process.env.CHROME_PATH ?? CHROMIUM_PATH;
const runsArgument = process.argv.find((argument) => argument.startsWith('--runs='))?.slice('--runs='.length);
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? runsArgument ?? 5) || 5);
const REPORT_ONLY: ReadonlySet<TCategory> = new Set(
  process.argv.includes('--report-performance') ? ['performance'] : [],
);
const REPORT_DIR = path.join(tmpdir(), 'lamha-lighthouse');

/** Starts headless Chromium with a DevTools port for Lighthouse to drive. */
async function launchChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  const profile = mkdtempSync(path.join(tmpdir(), 'lamha-lh-profile-'));
  const child: ChildProcess = spawn(
    CHROME_PATH,
    [
      ...CHROMIUM_FLAGS,
      '--no-default-browser-check',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Chromium did not start in 30 s:\n${stderr}`)), 30_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(stderr);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium (${CHROME_PATH}) exited with ${code}:\n${stderr}`));
    });
  });
  return {
    port,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/**
 * Runtime errors of the trace recording itself, which Lighthouse answers with "Please run Lighthouse
 * again": a run that hits one is repeated, at most MAX_RETRIES times in all. Every other error fails.
 */
const TRACE_GLITCHES = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED']);
const MAX_RETRIES = 2;

const app = await startApp();
const chromium = await launchChromium();
const scores: Record<TCategory, number[]> = {
  performance: [],
  accessibility: [],
  'best-practices': [],
  seo: [],
};
const problems = new Set<string>();
try {
  mkdirSync(REPORT_DIR, { recursive: true });
  let retries = 0;
  for (let run = 1; run <= RUNS; run++) {
    const result = await lighthouse(`${app.url}/`, {
      port: chromium.port,
      logLevel: 'error',
      output: 'html',
      onlyCategories: CATEGORIES,
    });
    if (!result) throw new Error('Lighthouse returned no result.');
    const { lhr } = result;
    if (lhr.runtimeError) {
      const why = `Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
      // Chromium's trace recording failed (not the page): Lighthouse's own advice is to run it again.
      if (TRACE_GLITCHES.has(lhr.runtimeError.code) && retries < MAX_RETRIES) {
        retries++;
        console.log(`run ${run}/${RUNS}: ${why}; running it again (${retries} of ${MAX_RETRIES})`);
        run--;
        continue;
      }
      throw new Error(why);
    }
    writeFileSync(path.join(REPORT_DIR, `landing-${run}.html`), String(result.report));
    const line = CATEGORIES.map((category) => {
      const score = Math.round((lhr.categories[category]?.score ?? 0) * 100);
      scores[category].push(score);
      return `${category} ${score}`;
    });
    console.log(`run ${run}/${RUNS}: ${line.join(', ')}`);
    // Name what cost points, so a failure says what to fix.
    for (const category of CATEGORIES) {
      for (const ref of lhr.categories[category]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9) {
          problems.add(`${category}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
        }
      }
    }
  }
} finally {
  await chromium.stop();
  await app.stop();
}

console.log(`\nLighthouse on / (mobile emulation, median of ${RUNS}):\n`);
let failed = false;
for (const category of CATEGORIES) {
  const score = median(scores[category]);
  const ok = score >= GOALS[category];
  const reportOnly = REPORT_ONLY.has(category);
  failed ||= !ok && !reportOnly;
  const verdict = ok ? 'ok' : reportOnly ? 'below goal (reported, not enforced in this run)' : 'BELOW GOAL';
  console.log(
    `  ${category.padEnd(15)} ${String(score).padStart(3)}  (goal ≥ ${GOALS[category]}) ${verdict}`,
  );
}
if (problems.size > 0)
  console.log(`\nAudits below 90 in some run:\n${[...problems].map((p) => `  - ${p}`).join('\n')}`);
console.log(`\nReports: ${REPORT_DIR}/landing-*.html`);
if (failed) process.exit(1);
