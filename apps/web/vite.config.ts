import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { precompressPlugin } from './precompress-plugin';
import { routePreloadPlugin } from './route-preload-plugin';
import { serviceWorkerPlugin } from './sw-plugin';

/** The Fastify server that owns these paths (SPEC 7); the built app is served from it too. */
const SERVER_ORIGIN = process.env['CHAIN_SERVER_ORIGIN'] ?? 'http://localhost:3000';
const SERVER_PATHS = ['/api', '/settings.php', '/manifest.webmanifest', '/captcha', '/rest', '/media', '/sandbox'];

const proxy: Record<string, ProxyOptions> = Object.fromEntries(
  SERVER_PATHS.map((path) => [path, { target: SERVER_ORIGIN, changeOrigin: false }]),
);

export default defineConfig({
  plugins: [react(), serviceWorkerPlugin(), routePreloadPlugin(), precompressPlugin()],
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./src/use-sync-external-store-shim.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // Every browser that runs this app supports modulepreload; no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The guest app, and the staff app as its own entry (issue 17): nothing of it is loaded by
      // a guest's phone or a kiosk.
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        staff: fileURLToPath(new URL('./staff.html', import.meta.url)),
      },
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        codeSplitting: {
          groups: [
            {
              // React changes less often than the app: its own long-cached chunk.
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
            },
            {
              // The rest of what the entry needs (router, store, icon base) in one chunk rather
              // than several small ones: fewer requests, better compression. A module named here
              // joins the entry's chunk even when only lazy screens import it, so the schema
              // library (zod) and the contract are left out: the entry route asks for no answer
              // itself, the stored state and the settings load their checks with them (issue 18).
              name: 'shell',
              test: /node_modules[\\/](wouter|regexparam|zustand|lucide-react[\\/]dist[\\/]esm[\\/](Icon|createLucideIcon|context|shared)[\\/.])/,
            },
          ],
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});
