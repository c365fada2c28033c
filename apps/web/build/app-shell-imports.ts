import path from 'node:path';
import type { Plugin } from 'vite';

/** Mantine's AppShell parts that take one class name from react-remove-scroll. */
export const APP_SHELL_PARTS = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]AppShell(?:Header|Footer|Aside)[\\/]AppShell(?:Header|Footer|Aside)\.mjs$/;

/** AppShell's parts that draw a resize handle (only with AppShell's `resize`, which the app never sets). */
export const RESIZABLE_PARTS = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]AppShell(?:Header|Footer|Aside|Navbar)[\\/]AppShell(?:Header|Footer|Aside|Navbar)\.mjs$/;

/**
 * Mantine's AppShell header, footer and aside read one string from react-remove-scroll,
 * `RemoveScroll.classNames.zeroRight`, and so brought the whole scroll lock (react-remove-scroll and its
 * helpers, 4.2 kB brotli) to every signed-in screen before the take-over, where only a drawer or a
 * dialog locks the page's scroll (decision 104). Here their import is a module with that name alone
 * (src/lib/remove-scroll-class-names.ts; its test holds it to the library's and to what the parts use).
 */
export function appShellImports(): Plugin {
  const copy = path.resolve(import.meta.dirname, '../src/lib/remove-scroll-class-names.ts');
  const noHandle = path.resolve(import.meta.dirname, '../src/lib/no-resize-handle.ts');
  return {
    name: 'academy-app-shell-imports',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer === undefined) return null;
      if (source === 'react-remove-scroll' && APP_SHELL_PARTS.test(importer)) return copy;
      // The handle that resizes a section by dragging, drawn only when AppShell is given `resize`: the
      // dashboard shell never gives it (its test), so the parts take a handle that draws nothing (1.5 kB).
      if (source === '../AppShellResizeHandle/AppShellResizeHandle.mjs' && RESIZABLE_PARTS.test(importer)) return noHandle;
      return null;
    },
  };
}
