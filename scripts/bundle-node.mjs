// Bundles a Node workspace's entry points into dist/ with esbuild. Our own workspaces (@app/*) are
// compiled in from TypeScript source; every other package stays an external import resolved from
// node_modules at run time (native and wasm packages such as PGlite must not be bundled).
import { build } from 'esbuild';
import path from 'node:path';

const entryPoints = process.argv.slice(2);
if (entryPoints.length === 0) {
  console.error('usage: bundle-node.mjs <entry.ts> [...]');
  process.exit(2);
}

/** @type {import('esbuild').Plugin} */
const externalisePackages = {
  name: 'externalise-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@app/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await build({
  entryPoints,
  outdir: 'dist',
  outbase: 'src',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalisePackages],
  // Packages use require() of Node built-ins in a few places; give ESM bundles a require.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
console.log(`bundled ${entryPoints.map((e) => path.basename(e)).join(', ')} → dist/`);
