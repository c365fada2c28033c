import path from 'node:path';
import type { Plugin } from 'vite';

const TABLE = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]Table[\\/]Table\.mjs$/;

/**
 * Mantine's Table carries Table.ScrollContainer, which brings ScrollArea (5.5 kB brotli, a file of its own):
 * every screen with a table downloaded it, the parent's dashboard and fees (drawn first screens) before they
 * could be used, on slow mobile data another file and round trip (issue 74). The app scrolls its tables
 * natively (src/components/ui/table-scroll.tsx); here Table's import of its scroll container is that
 * component, so Table.ScrollContainer, if ever used, scrolls natively too and ScrollArea stays out.
 */
export function tableScrollContainer(): Plugin {
  const own = path.resolve(import.meta.dirname, '../src/components/ui/table-scroll.tsx');
  return {
    name: 'academy-table-scroll-container',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === './TableScrollContainer.mjs' && importer !== undefined && TABLE.test(importer) ? own : null;
    },
  };
}
