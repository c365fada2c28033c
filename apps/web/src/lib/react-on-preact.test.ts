import { describe, expect, it } from 'vitest';
import { createElement } from 'preact/compat';
// The browser build's `react` (vite.config.ts): importing it installs its vnode hook over compat's.
import '../../build/react-on-preact';

type Handler = (event: Event) => void;

function domProps(type: string, props: Record<string, unknown>) {
  return createElement(type, props).props as unknown as Record<string, unknown>;
}

describe('react on Preact: an input given onInput and onChange (decision 103)', () => {
  it('answers both from one listener, onInput first, so no render runs between them', () => {
    const calls: string[] = [];
    const props = domProps('input', { value: '', onChange: () => calls.push('change'), onInput: () => calls.push('input') });
    expect(Object.keys(props).filter((name) => name.toLowerCase().startsWith('on'))).toEqual(['oninput']);
    (props.oninput as Handler)(new Event('input'));
    expect(calls).toEqual(['input', 'change']);
  });

  it('leaves a lone onChange, a textarea alone and a checkbox as compat makes them', () => {
    expect(Object.keys(domProps('input', { onChange: () => undefined }))).toContain('oninput');
    const textarea = domProps('textarea', { onChange: () => undefined, onInput: () => undefined });
    expect(Object.keys(textarea).filter((name) => name.toLowerCase().startsWith('on'))).toEqual(['oninput']);
    const checkbox = domProps('input', { type: 'checkbox', onChange: () => undefined, onInput: () => undefined });
    // A checkbox's onChange stays a change listener: two listeners, as before.
    expect(Object.keys(checkbox).filter((name) => name.toLowerCase().startsWith('on')).sort()).toEqual(['onChange', 'oninput']);
  });
});
