import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

// Main-process entries: the Electron app, the browser host (plain Node, no Electron),
// and the scoring server that both run as the embedded engine.
export default defineConfig({
  main: {
    build: {
      rollupOptions: {
        input: {
          index: resolve('src/main/electron/index.ts'),
          'browser-host': resolve('src/main/browser-host/index.ts'),
          server: resolve('src/server/cli.ts'),
          'scoring-worker': resolve('src/server/workers/worker-main.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      rollupOptions: {
        input: { index: resolve('src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve('src/renderer'),
    build: { rollupOptions: { input: { index: resolve('src/renderer/index.html') } } },
    plugins: [react()],
  },
});
