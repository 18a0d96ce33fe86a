import { defineConfig } from 'vite';

// The loader is a single classic script (no module, no imports) so any store page can paste it.
export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2019',
    lib: {
      entry: 'src/loader/index.ts',
      formats: ['iife'],
      name: 'LamhaLoader',
      fileName: () => 'widget.js',
    },
  },
});
