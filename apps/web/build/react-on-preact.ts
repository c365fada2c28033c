/**
 * `react` in the browser's build (vite.config.ts, decision 103): Preact 11's React-compatible layer, plus
 * the one React 19.2 name it lacks that Mantine imports. Mantine draws a kept-mounted Collapse, Transition
 * or Tabs panel inside `<Activity mode="hidden">`, which React keeps (hidden, its effects stopped) and
 * does not draw on the server; here a hidden one is not drawn at all, as with `keepMounted={false}`: the
 * same page, without the kept state of a closed panel.
 */
import type { ComponentChildren } from 'preact';

// @ts-expect-error compat's types declare `export =`, which TypeScript will not re-export; the bundler does.
export * from 'preact/compat';
export { default } from 'preact/compat';

export function Activity({ mode = 'visible', children }: { mode?: 'visible' | 'hidden'; children?: ComponentChildren }): ComponentChildren {
  return mode === 'hidden' ? null : children;
}
