#!/usr/bin/env node
/**
 * `npm run bench:size`: the two download budgets of issue 34 as rows of `npm run bench`'s table, measured
 * by the tools that enforce them (`npm run size`): the widget's core chunk (size-limit, brotli) and the
 * JavaScript of a first visit to the landing page (pwa/scripts/size-pages.mjs). Needs `npm run build`.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Issue 34's goals: room in the core chunk and on the landing page for the next feature. */
const CORE_GOAL_BYTES = 11_000;
const LANDING_GOAL_BYTES = 90_000;

const kb = (bytes) => `${(bytes / 1000).toFixed(2)} KB`;
const row = (fields) => console.log(`BENCH-ROW ${JSON.stringify(fields)}`);

const limits = JSON.parse(
  execFileSync('npx', ['size-limit', '--json'], { cwd: path.join(root, 'widget'), encoding: 'utf8' }),
);
const core = limits.find((entry) => entry.name.startsWith('core'));
if (!core) throw new Error('widget/package.json has no size-limit entry for the core chunk');
console.log(`widget core chunk: ${kb(core.size)} brotli (budget ${kb(core.sizeLimit)})`);
row({
  measure: 'widget core chunk, brotli',
  result: kb(core.size),
  goal: `≤ ${kb(CORE_GOAL_BYTES)}`,
  baseline: '',
  met: core.size <= CORE_GOAL_BYTES,
});

const landing = JSON.parse(
  execFileSync(process.execPath, [path.join(root, 'pwa/scripts/size-pages.mjs'), '--json'], {
    encoding: 'utf8',
  }),
);
console.log(`landing page first visit: ${kb(landing.totalBytes)} brotli (budget ${kb(landing.budgetBytes)})`);
row({
  measure: 'landing page first-visit JavaScript, brotli',
  result: kb(landing.totalBytes),
  goal: `≤ ${kb(LANDING_GOAL_BYTES)}`,
  baseline: '',
  met: landing.totalBytes <= LANDING_GOAL_BYTES,
});
