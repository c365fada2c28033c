import { useEffect, useState } from 'react';

// What a loader gave, kept for the page's life: a component that mounts again starts with it.
const loadedModules = new Map<() => Promise<unknown>, unknown>();

/**
 * A module the screen can be drawn without (popups, menus, dialogs), downloaded once `wanted` is true;
 * null until it is there. `load` must be one function defined at module level (it is the cache key).
 *
 * Not React.lazy: a lazy component whose download fails throws while rendering, and nothing above the
 * app's providers catches it, so the whole page went blank. That happened to a teacher who went offline
 * before the page was idle and then saved attendance on the phone. A failed download here waits for the
 * connection and tries again.
 */
export function useDeferredModule<T>(load: () => Promise<T>, wanted = true): T | null {
  const [loaded, setLoaded] = useState<T | null>(() => (loadedModules.get(load) as T | undefined) ?? null);
  useEffect(() => {
    if (!wanted || loaded) return;
    let stopped = false;
    const attempt = () => {
      load().then(
        (module) => {
          loadedModules.set(load, module);
          if (!stopped) setLoaded(() => module);
        },
        () => {
          if (!stopped) window.addEventListener('online', attempt, { once: true });
        },
      );
    };
    attempt();
    return () => {
      stopped = true;
      window.removeEventListener('online', attempt);
    };
  }, [load, wanted, loaded]);
  return loaded;
}
