import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

// The web tests run in Node: a bare EventTarget is the document the module listens on.
const doc = new EventTarget();
let afterPress: (run: () => void) => void;

beforeAll(async () => {
  vi.stubGlobal('document', doc);
  vi.stubGlobal('window', globalThis);
  ({ afterPress } = await import('./after-press'));
});

afterEach(() => vi.useRealTimers());

const fire = (type: string) => doc.dispatchEvent(new Event(type));

describe('afterPress: a field left by a press is applied when the tap ends', () => {
  it('waits through the press, runs at the click, before the tapped element sees it, and only once', () => {
    vi.useFakeTimers();
    const seen: string[] = [];
    fire('pointerdown');
    afterPress(() => seen.push('applied'));
    vi.runAllTimers();
    // Pressed, not released: the list must not change under the pointer.
    expect(seen).toEqual([]);
    fire('pointerup');
    doc.addEventListener('click', () => seen.push('tap'), { once: true });
    fire('click');
    vi.runAllTimers();
    expect(seen).toEqual(['applied', 'tap']);
  });

  it('runs after a release that brings no click (dragged off)', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    fire('pointerdown');
    afterPress(run);
    fire('pointerup');
    expect(run).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(run).toHaveBeenCalledTimes(1);
    fire('click');
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs just after the current event when no pointer is pressed (Tab, or a touch whose press came first)', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    afterPress(run);
    expect(run).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(run).toHaveBeenCalledTimes(1);
  });
});

describe('unlessPressed: a search whose pause ends during a press waits for the release', () => {
  it('runs at once with no press, at the click during one', async () => {
    const { unlessPressed } = await import('./after-press');
    const run = vi.fn();
    unlessPressed(run);
    expect(run).toHaveBeenCalledTimes(1);
    fire('pointerdown');
    unlessPressed(run);
    expect(run).toHaveBeenCalledTimes(1);
    fire('pointerup');
    fire('click');
    expect(run).toHaveBeenCalledTimes(2);
  });
});
