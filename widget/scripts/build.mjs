// Two builds, in order:
// 1. the core (ES module, Preact, Shadow DOM) with its lazily imported viewer chunk, both content-hashed
//    under dist/widget/ so the API can cache them for a year;
// 2. the loader dist/widget.js (a classic IIFE script at a stable URL with a short cache), with the hashed
//    core file name written into it, so a store page needs no manifest request to find the core.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'dist');
const target = 'es2020';
/** Browsers with Shadow DOM, aspect-ratio and ES modules: no need to polyfill system-ui and friends. */
const cssTarget = ['chrome100', 'safari15', 'firefox100'];

/** Layouts other than the grid: src/layouts/<name>.tsx, each its own chunk. */
const LAYOUTS = ['carousel', 'masonry'];

const shared = { root, configFile: false, logLevel: 'warn', esbuild: { legalComments: 'none' } };

/**
 * V8's explicit compile hint (https://v8.dev/blog/explicit-compile-hints): the first line of the core says
 * nearly all its functions run on the first view, so V8 compiles them while the file streams in, on a
 * background thread, instead of one by one on the page's main thread during the first render. Added after
 * minification, which would drop the comment.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
const compileHint = {
  name: 'lamha-compile-hint',
  generateBundle(_options, bundle) {
    for (const file of Object.values(bundle))
      if (file.type === 'chunk' && file.isEntry && file.name === 'core') file.code = COMPILE_HINT + file.code;
  },
};

const coreOutput = await build({
  ...shared,
  plugins: [compileHint],
  build: {
    outDir,
    emptyOutDir: true,
    target,
    cssTarget,
    // Terser's second pass, then the bundler's own minifier (output.minify below): 120 B brotli less core
    // than the bundler's alone, room the 12 kB budget needs.
    minify: 'terser',
    terserOptions: { module: true, compress: { passes: 2 } },
    reportCompressedSize: false,
    // Library mode: no module-preload helper around the viewer's import() (3 KB we do not need).
    lib: { entry: { core: path.join(root, 'src/core/index.ts') }, formats: ['es'] },
    rollupOptions: {
      // The core's exports (boot, mount) are its API; the viewer chunk may import more from it.
      preserveEntrySignatures: 'allow-extension',
      output: {
        entryFileNames: 'widget/[name]-[hash].js',
        chunkFileNames: 'widget/[name]-[hash].js',
        // Library mode keeps ES output readable for re-bundling; these files are served as they are.
        minify: true,
        // What the chunks share (Preact, the tile) stays in the core, and the counts' words and formats and the
        // verified mark (extras and viewer) in the extras chunk: left alone, the bundler splits what two
        // chunks share into a chunk of its own, another request. Preact's hooks stay out of the core: only
        // the viewer uses them (the core and the layouts are classes, widget/README.md).
        codeSplitting: {
          groups: [
            {
              name: 'core',
              test: /node_modules[\\/]preact[\\/](?!hooks)|shared[\\/]src[\\/](?!format|count-words)|widget[\\/]src[\\/]core[\\/](?!extras|preview|beacon|verified)/,
            },
            {
              name: 'extras',
              test: /shared[\\/]src[\\/](format|count-words)|widget[\\/]src[\\/]core[\\/](extras|verified)/,
            },
          ],
        },
        comments: false,
      },
    },
  },
});

const outputs = (Array.isArray(coreOutput) ? coreOutput : [coreOutput]).flatMap((o) =>
  'output' in o ? o.output : [],
);
const coreChunk = outputs.find((o) => o.type === 'chunk' && o.isEntry && o.name === 'core');
if (!coreChunk) throw new Error('the core build produced no entry chunk');
const chunks = outputs.filter((o) => o.type === 'chunk').map((o) => o.fileName);
// The core, the viewer (opened posts and stories), the dashboard's preview, the extras (insights beacon and
// the tiles' hover, fetched after the feed) and one chunk per layout other than the grid; nothing else: a chunk shared by two layouts would be a
// second request before the first image.
const lazy = ['viewer', 'preview', 'extras', ...LAYOUTS];
if (
  chunks.length !== lazy.length + 1 ||
  !lazy.every((c) => chunks.some((f) => f.startsWith(`widget/${c}-`)))
) {
  throw new Error(`expected exactly the core, ${lazy.join(', ')} chunks, got: ${chunks.join(', ')}`);
}
// V8 reads the hint only on a file's first line.
if (!coreChunk.code.startsWith(COMPILE_HINT))
  throw new Error('the core does not start with its compile hint');
const layoutFiles = Object.fromEntries(
  LAYOUTS.map((name) => [name, chunks.find((f) => f.startsWith(`widget/${name}-`))]),
);

await build({
  ...shared,
  define: {
    __LAMHA_CORE__: JSON.stringify(coreChunk.fileName),
    __LAMHA_LAYOUTS__: JSON.stringify(layoutFiles),
  },
  build: {
    outDir,
    emptyOutDir: false,
    target,
    minify: 'oxc',
    reportCompressedSize: false,
    lib: {
      entry: path.join(root, 'src/loader/index.ts'),
      formats: ['iife'],
      name: 'LamhaLoader',
      fileName: () => 'widget.js',
    },
  },
});

console.log(`widget built: dist/widget.js → ${chunks.join(', ')}`);
