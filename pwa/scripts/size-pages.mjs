#!/usr/bin/env node
/**
 * The landing page's JavaScript budget (issue 7): what a first visit to `/` downloads before the page can
 * show, brotli-compressed, must stay within 84.9 KB, and none of it may be code the landing page never uses
 * (zod, Radix, the sign-in pages, React Router).
 *
 * Builds nothing: reads pwa/dist/index.html (the entry script and its modulepreloads) and the Vite manifest
 * (dist/.vite/manifest.json) for the landing route's lazily loaded chunk, the Arabic site messages, and
 * everything they import statically.
 * Run `npm run build -w pwa` first.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

// 82.4 KB after issue 34 started the landing page without React Router (src/landing-boot.tsx), plus 3 %.
const BUDGET_BYTES = 84.9 * 1000;
/** Loaded by the entry (main.tsx) once the page has painted: the app itself, then the landing page. */
const LAZY_SOURCES = ['src/landing-boot.tsx', 'src/features/landing/components/LandingPage.tsx'];
/**
 * The messages the app loads before it renders anything, in the default language (Arabic): the core, the
 * app-wide PWA bits and the marketing site (shared/src/i18n/parts.ts, loaded by pwa/src/i18n/catalogue.ts).
 */
const SITE_MESSAGE_MODULES = ['core.ar', 'pwa', 'landing.ar'];
/** Modules that have no business in the landing page's first load, by chunk name or by a text only they contain. */
const UNWANTED = [
  { what: 'zod', test: (id) => /(^|\/)node_modules\/zod\//.test(id) || /(^|\/)zod-[\w-]+\.js$/.test(id) },
  { what: 'Radix UI', test: (id) => /node_modules\/@radix-ui\//.test(id) },
  { what: 'sonner (toasts load after the page)', test: (id) => /(^|\/)sonner-[\w-]+\.js$/.test(id) },
  {
    what: 'sign-in pages',
    test: (id) =>
      /src\/features\/auth\/components\/(LoginPage|CheckEmailPage|AuthCallbackPage|SetPasswordModal)\.tsx$/.test(
        id,
      ),
  },
  { what: 'dashboard', test: (id) => /src\/features\/dashboard\//.test(id) },
  { what: 'admin area', test: (id) => /src\/features\/admin\//.test(id) },
  // The data router (createBrowserRouter): ~15 KB brotli of loaders and actions the app does not use.
  { what: "React Router's data router", marker: 'non-empty routes array to createRouter' },
  // The landing page moves within itself and hands other pages to the routed app (app/navigation.tsx): about
  // 12 KB brotli of router it does not need.
  { what: 'React Router', marker: 'You cannot render a <Router> inside another <Router>' },
];

const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifestPath = path.join(distDir, '.vite/manifest.json');
for (const file of [path.join(distDir, 'index.html'), manifestPath]) {
  if (!existsSync(file)) {
    console.error(`${path.relative(process.cwd(), file)} is missing: run \`npm run build -w pwa\` first.`);
    process.exit(1);
  }
}

/** @type {Record<string, {file: string, src?: string, name?: string, isEntry?: boolean, imports?: string[]}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');

// What index.html makes the browser fetch at once: the entry script and the modules it preloads.
const fromHtml = [
  ...html.matchAll(/<script[^>]*type="module"[^>]*src="\/([^"]+\.js)"/g),
  ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/([^"]+\.js)"/g),
].map((match) => match[1]);

// Plus the app's and the landing route's chunks and their static imports (loaded before `/` is interactive).
const keyByFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
};
for (const file of fromHtml) {
  const key = keyByFile.get(file);
  if (key) visit(key);
  else files.add(file);
}
for (const source of LAZY_SOURCES) {
  if (!manifest[source]) {
    console.error(`The manifest has no chunk for ${source}: is it still loaded lazily?`);
    process.exit(1);
  }
  visit(source);
}
// Shared chunks carry the module's name (`core.ar`); a dynamic entry also its source path.
for (const module of SITE_MESSAGE_MODULES) {
  const key = Object.keys(manifest).find((candidate) => {
    const { name, src } = manifest[candidate];
    return (
      name === module || src?.endsWith(`/i18n/${module}.ts`) || src?.endsWith(`/i18n/features/${module}.ts`)
    );
  });
  if (!key) {
    console.error(
      `The manifest has no chunk for the messages ${module}: are they still a chunk of their own?`,
    );
    process.exit(1);
  }
  visit(key);
}

const rows = [...files]
  .filter((file) => file.endsWith('.js'))
  .map((file) => {
    const bytes = readFileSync(path.join(distDir, file));
    const brotli = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    const key = keyByFile.get(file) ?? file;
    return { file, source: manifest[key]?.src ?? manifest[key]?.name ?? key, raw: bytes.length, brotli };
  })
  .sort((a, b) => b.brotli - a.brotli);

const kb = (n) => `${(n / 1000).toFixed(1)} KB`;
const total = rows.reduce((sum, row) => sum + row.brotli, 0);
// `--json`: the total alone, for `npm run bench`'s table (scripts/bench-size.mjs).
if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ totalBytes: total, budgetBytes: BUDGET_BYTES }));
  process.exit(0);
}
console.log('JavaScript loaded by a first visit to / (brotli, quality 11):\n');
for (const row of rows) {
  console.log(
    `  ${kb(row.brotli).padStart(9)}  ${kb(row.raw).padStart(9)} raw  ${row.file}  (${row.source})`,
  );
}
console.log(`\n  ${kb(total).padStart(9)}  total; budget ${kb(BUDGET_BYTES)}`);

// Source modules bundled into those chunks, from the chunk names and the manifest's sources; a chunk named
// after a library (zod-*.js) is that library.
const unwanted = UNWANTED.filter(({ test, marker }) =>
  rows.some((row) =>
    marker
      ? readFileSync(path.join(distDir, row.file), 'utf8').includes(marker)
      : test(row.file) || test(row.source) || test(`node_modules/${row.source}/`),
  ),
).map(({ what }) => what);

let failed = false;
if (total > BUDGET_BYTES) {
  console.error(`\nOver budget by ${kb(total - BUDGET_BYTES)}.`);
  failed = true;
}
if (unwanted.length > 0) {
  console.error(`\nThe landing page's first load includes code it does not use: ${unwanted.join(', ')}.`);
  failed = true;
}
if (failed) process.exit(1);
console.log('\nWithin budget.');
