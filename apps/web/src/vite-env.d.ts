/// <reference types="vite/client" />

// A Lingui PO catalog, compiled by @lingui/vite-plugin when imported (src/lib/catalogs.ts).
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

// One chunk of the signed-in catalog (build/area-messages.ts, src/lib/area-catalogs.ts).
declare module '*.po?area=admin' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
declare module '*.po?area=teacher' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
declare module '*.po?area=student' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
declare module '*.po?area=parent' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
declare module '*.po?area=pay' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
declare module '*.po?area=operator' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
declare module '*.po?area=admin-dashboard' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
declare module '*.po?area=teacher-dashboard' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
declare module '*.po?area=teacher-attendance' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
declare module '*.po?area=student-dashboard' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
declare module '*.po?area=student-online-tests' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
declare module '*.po?area=parent-dashboard' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
declare module '*.po?area=parent-fees' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
/** hls.js's light build (no subtitles, alternate audio or DRM: a lecture has none): the same API as the full one. */
declare module 'hls.js/light' {
  import Hls from 'hls.js';
  export default Hls;
}
