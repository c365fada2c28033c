/// <reference types="vite/client" />

// A Lingui PO catalog, compiled by @lingui/vite-plugin when imported (src/lib/catalogs.ts).
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
