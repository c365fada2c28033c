/// <reference types="vite/client" />

// A Lingui PO catalog, compiled by @lingui/vite-plugin when imported (src/lib/catalogs.ts).
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

/** hls.js's light build (no subtitles, alternate audio or DRM: a lecture has none): the same API as the full one. */
declare module 'hls.js/light' {
  import Hls from 'hls.js';
  export default Hls;
}
