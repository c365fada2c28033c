import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { linguiMacro } from './build/lingui-macro';
import { areaMessages } from './build/area-messages';
import { scrollAreaMergeRefs } from './build/scroll-area-merge-refs';
import { tableScrollContainer } from './build/table-scroll-container';
import { moduleStats } from './build/module-stats';
import { appShellImports } from './build/app-shell-imports';
import { VitePWA } from 'vite-plugin-pwa';
import { publicShellFiles } from './build/public-shell';
import { appChunk } from './build/app-chunk';
import { CODE_CACHE, KEPT_FIRST_SCREENS_CACHE, SIGNED_IN_FIRST_SCREEN_PATHS } from './src/lib/first-screens';

// In development the API runs separately; the proxy keeps every call same-origin. The Host header is
// left as the browser sent it (no changeOrigin) so the server's same-origin check sees matching hosts.
const apiProxy = { '/api': { target: 'http://localhost:3000' } };

/**
 * The signed-in first screens' addresses (src/lib/first-screens.ts), without a query: the pages the
 * server draws with the person's data (issue 56). As a whole address, for the service worker's rule.
 */
const FIRST_SCREEN_PATHS = `(?:${SIGNED_IN_FIRST_SCREEN_PATHS.join('|')})$`;
const FIRST_SCREENS = new RegExp(`^https?://[^/]+${FIRST_SCREEN_PATHS}`);

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    // Lingui's macros (t`…`, <Trans>) become message lookups at build time (docs/decisions/015-languages.md);
    // Babel runs only on the files that import a macro, before React's transform.
    babel({ presets: [linguiMacro] }),
    react(),
    // `import('./locales/mr/public.po')` compiles that catalog into a small chunk of its own.
    lingui(),
    // `import('./locales/mr/app.po?area=student')`: the signed-in catalog's messages of one area (decision 093).
    areaMessages(),
    // Mantine's ScrollArea without @floating-ui/react (14 kB) on screens that have no popover (decision 102).
    scrollAreaMergeRefs(),
    // Mantine's Table without ScrollArea (5.5 kB): the app's tables scroll natively (components/ui/table-scroll.tsx; issue 74).
    tableScrollContainer(),
    // Mantine's AppShell without react-remove-scroll (4 kB, one class name is all it takes) or its resize handle (decision 104).
    appShellImports(),
    // dist/.vite/module-stats.json: each chunk's modules, for bench/web/first-screen-modules.ts.
    !isSsrBuild && moduleStats(),
    // An installable app whose shell works offline (issue 17; docs/decisions/014-fast-on-a-cheap-phone.md).
    // Not in the server build of the public pages (`vite build --ssr`, entry-server.tsx).
    !isSsrBuild && VitePWA({
      // A new release's service worker takes over at the next navigation; the files are all hashed.
      registerType: 'autoUpdate',
      // Registered by the page's first script (start.ts) after the load event, so the precache downloads
      // never compete with the first screen; not a registerSW.js of its own, whose request waited in the
      // same six-connection queue as a first screen's code on slow mobile data (issue 74).
      injectRegister: false,
      // The manifest is the API's (GET /manifest.webmanifest, named after the academy; index.html links it).
      manifest: false,
      workbox: {
        // The app shell: the HTML, the stylesheet, the runtime and the public screens. Signed-in areas,
        // charts and the PDF viewer are cached when first used (runtime rule below), so installing
        // does not download a megabyte over mobile data.
        globPatterns: ['index.html', 'favicon.svg', 'icon-192.png', 'assets/*.{js,css}'],
        manifestTransforms: [
          (entries) => {
            const shell = publicShellFiles(path.join(import.meta.dirname, 'dist'));
            return { manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || shell.has(entry.url)), warnings: [] };
          },
        ],
        // The signed-in app's screens open from the cached shell, online or not (attendance offline).
        navigateFallback: '/index.html',
        navigateFallbackAllowlist: [/^\/app(?:\/|$)/],
        // The API, and robots.txt and the sitemap (issue 41), which the server answers itself.
        // And the signed-in first screens, which the server draws (issue 56; the rule below). A pathname here.
        navigateFallbackDenylist: [/^\/api\//, /^\/robots\.txt$/, /^\/sitemap\.xml$/, new RegExp(`^${FIRST_SCREEN_PATHS}`)],
        // Web Push (issue 37): the push and notificationclick handlers, a plain script in public/.
        // And lectures downloaded to watch offline (issue 75, decision 088).
        importScripts: ['/push-sw.js', '/lectures-sw.js'],
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            // The signed-in first screens (issue 56), drawn by the server with the person's data: the
            // network's page when it comes within a second, else the copy kept from the last visit (the
            // app then reads the data afresh), else the app's shell. The copies are one person's: the
            // app deletes this cache when the signed-in user changes or signs out (lib/kept-first-screens.ts).
            urlPattern: FIRST_SCREENS,
            handler: 'NetworkFirst',
            options: {
              cacheName: KEPT_FIRST_SCREENS_CACHE,
              networkTimeoutSeconds: 1,
              expiration: { maxEntries: 10 },
              matchOptions: { ignoreVary: true },
              precacheFallback: { fallbackURL: '/index.html' },
            },
          },
          {
            // The public pages (issue 53): the server's own HTML first (language, title, canonical, the
            // page's content), so a returning visitor gets what a search engine gets; the copy kept of
            // each page only offline, and the app's shell for a page never opened before.
            // A fee reminder's pay link (issue 54) is one family's dues, drawn by the server: never kept, always asked.
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' && !/^\/(?:app(?:\/|$)|api\/)/.test(url.pathname) && !/^\/(?:(?:mr|hi)\/)?pay\//.test(url.pathname) && !/\.(?:txt|xml)$/.test(url.pathname),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'academy-pages',
              expiration: { maxEntries: 50 },
              // A page's answer varies by cookie (the signed-in shell); offline, whichever copy was kept opens.
              matchOptions: { ignoreVary: true },
              precacheFallback: { fallbackURL: '/index.html' },
            },
          },
          {
            // Hashed files never change: cache-first, kept after the first use.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: CODE_CACHE, expiration: { maxEntries: 300, maxAgeSeconds: 60 * 60 * 24 * 365 } },
          },
        ],
      },
    }),
  ],
  // Trial (issue 74, decision 103): Preact 11's React-compatible layer instead of React DOM in the browser's
  // build, about 50 kB less (brotli) before every first screen's take-over. Exact names only: `react-dom/static`
  // stays React's for the server's drawing.
  resolve: isSsrBuild ? undefined : {
    alias: [
      { find: /^react$/, replacement: path.join(import.meta.dirname, 'build/react-on-preact.ts') },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
    ],
  },
  server: { port: 5173, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
  // The server build of the public pages (dist-server/entry-server.js, imported by the API server) is
  // one self-contained bundle: it needs no node_modules of its own at run time.
  ssr: { noExternal: true },
  // React's production build on the server as in the browser, whatever NODE_ENV the API runs with
  // (`npm start` runs the demo in development): its development build renders several times slower.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  build: isSsrBuild ? { outDir: 'dist-server', emptyOutDir: true, target: 'node20' } : {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // dist/.vite/manifest.json: which chunks each screen loads, read by `npm run size`.
    manifest: true,
    // Every browser we serve supports <link rel="modulepreload">; older ones just fetch a little later.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The app (index.html), the first stylesheet of a page to read (src/page-to-read.css: the server
      // links it instead of the app's whole first stylesheet on the landing page and the other pages to read)
      // and that of a signed-in first screen the server draws (src/first-screen.css, decision 109).
      input: {
        index: path.join(import.meta.dirname, 'index.html'),
        'page-to-read': path.join(import.meta.dirname, 'src/page-to-read.css'),
        'first-screen': path.join(import.meta.dirname, 'src/first-screen.css'),
      },
      output: {
        codeSplitting: {
          // No waterfall (issue 17): each lazy screen is its own chunk, and Vite's modulepreload fetches
          // all of its imports in the same round as the screen itself (signed-in screens included; they
          // used to fetch their imports only when they ran, about eight rounds on a dashboard). Grouping
          // a whole signed-in area into one chunk was tried and measured worse: a dashboard then
          // downloaded every screen of its area, charts and forms included (784 kB on Slow 3G).
          // A group holds only the modules its test names; what they import splits as usual.
          includeDependenciesRecursively: false,
          // No crumbs (issue 17): the small shared chunks automatic splitting makes (a Mantine component,
          // a hook, an icon, used by some set of screens) are copied into the chunks that use them
          // instead of being files of their own; a registry in Rolldown's runtime keeps one copy of each
          // module running. A student dashboard opened directly went from 73 files (51 under 1 kB) in
          // its second round to 11, and on Slow 3G from 37.7 s to 15.5 s; the price is some code
          // downloaded twice across screens (decision 014, point 1). 16 kB of source before
          // minification was the measured middle: 8 kB left 16 files, 32 kB copied much more.
          // Chunks holding stylesheets stay files (Vite's CSS plugin would emit the CSS once per copy).
          experimentalInlineCommonChunks: { maxSize: 16 * 1024, exclude: /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)/ },
          groups: [
            // The runtime every screen needs, in one chunk whose name and hash survive app releases.
            { name: 'vendor-react', test: /[\\/]node_modules[\\/](react|react-dom|preact|scheduler|react-router|@tanstack)[\\/]/ },
            // Zod and its messages, in a chunk of their own: the platform's site (issue 55) and the academy's app
            // both start with them, and splitting must not put them into a chunk the dashboards load.
            { name: 'vendor-zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]shared[\\/]src[\\/]zod-messages\.ts$/ },
            // The app (main.tsx) and what it runs, in one file before a first screen's take-over instead of
            // three (issue 74; build/app-chunk.ts). Not what the page's first script imports (start.ts).
            { name: appChunk(import.meta.dirname), debugName: 'main' },
          ],
        },
      },
    },
  },
}));
