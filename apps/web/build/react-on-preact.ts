/**
 * `react` in the browser's build (vite.config.ts, decision 103): Preact 11's React-compatible layer, plus
 * the one React 19.2 name it lacks that Mantine imports, and one fix of how it attaches input handlers.
 */
import { options, type ComponentChildren, type VNode } from 'preact';

// @ts-expect-error compat's types declare `export =`, which TypeScript will not re-export; the bundler does.
export * from 'preact/compat';
export { default } from 'preact/compat';

/**
 * Mantine draws a kept-mounted Collapse, Transition or Tabs panel inside `<Activity mode="hidden">`, which
 * React keeps (hidden, its effects stopped) and does not draw on the server; here a hidden one is not drawn
 * at all, as with `keepMounted={false}`: the same page, without the kept state of a closed panel.
 */
export function Activity({ mode = 'visible', children }: { mode?: 'visible' | 'hidden'; children?: ComponentChildren }): ComponentChildren {
  return mode === 'hidden' ? null : children;
}

type InputHandler = (event: Event) => unknown;

/**
 * An input or textarea given both `onInput` and `onChange` (Mantine's DateInput: its own `onChange`, ours
 * `onInput`) gets both in ONE listener, as React answers both from one. Compat turns `onChange` into
 * `oninput` and, on a clash, attaches the second as `oninputCapture`: two DOM listeners, and the browser
 * runs microtasks between two listeners. Preact renders in a microtask, so a state set by the first handler
 * re-rendered the controlled input with its old value (`''`) before the second handler read
 * `event.currentTarget.value`: the typed text was lost. Here: one listener (onInput, then onChange, React's
 * order), then one render. Runs before compat's own hook, which then sees only `onInput`.
 */
const compatVNode = options.vnode;
options.vnode = (vnode: VNode) => {
  if (vnode.type === 'input' || vnode.type === 'textarea') {
    const props = vnode.props as Record<string, unknown>;
    const onInput = props.onInput as InputHandler | undefined;
    const onChange = props.onChange as InputHandler | undefined;
    // Compat keeps `onChange` a change listener for these, as React does.
    const changeIsChange = typeof props.type === 'string' && /fil|che|rad/.test(props.type);
    if (typeof onInput === 'function' && typeof onChange === 'function' && !changeIsChange) {
      const { onChange: _onChange, ...rest } = props;
      const merged: Record<string, unknown> = {
        ...rest,
        onInput: (event: Event) => {
          onInput(event);
          return onChange(event);
        },
      };
      vnode.props = merged as typeof vnode.props;
    }
  }
  compatVNode?.(vnode);
};
