import { vi } from 'vitest';

/**
 * For unit tests (node has no localStorage): puts a localStorage like the browser's in place, for the
 * test to undo with vi.unstubAllGlobals(), and returns the map behind it so the test can look inside.
 */
export function fakeLocalStorage(): Map<string, string> {
  const store = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    get length() {
      return store.size;
    },
    key: (index: number) => [...store.keys()][index] ?? null,
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  });
  return store;
}
