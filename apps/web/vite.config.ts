import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In development the API runs separately; the proxy keeps every call same-origin. The Host header is
// left as the browser sent it (no changeOrigin) so the server's same-origin check sees matching hosts.
const apiProxy = { '/api': { target: 'http://localhost:3000' } };

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // dist/.vite/manifest.json: which chunks each screen loads, read by `npm run size`.
    manifest: true,
    // Every browser we serve supports <link rel="modulepreload">; older ones just fetch a little later.
    modulePreload: {
      polyfill: false,
      // The entry holds the list of files each lazy screen preloads; with every signed-in screen in it,
      // that list alone grew the landing page's first download past its budget. Signed-in screens
      // (chunks named app-*) load their shared parts when they run instead: one more round trip on
      // their first visit, after which everything is cached for a year.
      resolveDependencies: (file, deps) => (path.basename(file).startsWith('app-') ? [] : deps),
    },
    rolldownOptions: {
      output: {
        // Screens of the signed-in areas are named app-<screen>, so the preload rule above can tell them apart.
        chunkFileNames: (chunk) => (chunk.facadeModuleId && /[\\/]src[\\/]app[\\/]routes[\\/](admin|teacher|student)[\\/]/.test(chunk.facadeModuleId) ? 'assets/app-[name]-[hash].js' : 'assets/[name]-[hash].js'),
        codeSplitting: {
          // The runtime every screen needs, in one chunk whose name and hash survive app releases.
          groups: [{ name: 'vendor-react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/ }],
        },
      },
    },
  },
});
