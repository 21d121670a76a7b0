/**
 * The islands build (ADR 021): the small script public content pages load instead of React. It runs after
 * `react-router build` into the same client directory; the server finds the entry's file in the manifest.
 */
import { defineConfig } from 'vite';

export const ISLANDS_ENTRY = 'app/islands/main.ts';
export const ISLANDS_MANIFEST = '.vite/islands-manifest.json';

export default defineConfig({
  publicDir: false,
  build: {
    outDir: 'build/client',
    emptyOutDir: false,
    sourcemap: false,
    manifest: ISLANDS_MANIFEST,
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: { islands: ISLANDS_ENTRY },
      output: {
        entryFileNames: 'assets/islands-[hash].js',
        chunkFileNames: 'assets/island-[name]-[hash].js',
        assetFileNames: 'assets/island-[name]-[hash][extname]',
      },
    },
  },
});
