/* global self, caches */
// Lectures downloaded to watch offline (issue 75, decision 088), in the app's service worker (loaded by
// Workbox's generated worker: vite.config.ts, workbox.importScripts). The page stores a lecture's
// playlist, key, segments and stills in the cache below (features/lectures/offline-lectures.ts); here
// a request for one of them is answered from it, online or not (they never change once made), and the
// lecture's own record (GET /api/lectures/{id}) from the network first, the kept copy when offline.
// Nothing else is touched: a lecture not downloaded streams from the network as before.

const LECTURE_DOWNLOADS = 'academy-lecture-downloads';
const LECTURE_FILE = /^\/api\/lectures\/[0-9a-f-]{36}\/(?:key|hls\/[a-z0-9-]+\/[a-z0-9][a-z0-9.-]*)$/;
const LECTURE_RECORD = /^\/api\/lectures\/[0-9a-f-]{36}$/;

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (LECTURE_FILE.test(url.pathname)) {
    event.respondWith(
      caches
        .open(LECTURE_DOWNLOADS)
        .then((cache) => cache.match(url.pathname))
        .then((kept) => kept || fetch(request)),
    );
  } else if (LECTURE_RECORD.test(url.pathname)) {
    event.respondWith(
      fetch(request).catch((error) =>
        caches
          .open(LECTURE_DOWNLOADS)
          .then((cache) => cache.match(url.pathname))
          .then((kept) => {
            if (kept) return kept;
            throw error;
          }),
      ),
    );
  }
});
