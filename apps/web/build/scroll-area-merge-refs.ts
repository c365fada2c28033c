import path from 'node:path';
import type { Plugin } from 'vite';

const SCROLL_AREA = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/;

/**
 * Mantine's ScrollArea takes one small hook, `useMergeRefs`, from @floating-ui/react, a module of 14 kB
 * (brotli) that the kit's popovers need whole: a screen with a scroll area and no popover (the parent's
 * dashboard and fees, drawn first screens) downloaded all of it before the take-over (decision 102).
 * Here ScrollArea's import of @floating-ui/react is our copy of that hook (src/lib/merge-refs.ts, the
 * same code). Should ScrollArea ever import more from there, the build fails on the missing export.
 */
export function scrollAreaMergeRefs(): Plugin {
  const copy = path.resolve(import.meta.dirname, '../src/lib/merge-refs.ts');
  return {
    name: 'academy-scroll-area-merge-refs',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === '@floating-ui/react' && importer !== undefined && SCROLL_AREA.test(importer) ? copy : null;
    },
  };
}
