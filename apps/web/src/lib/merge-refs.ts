import { useCallback, useMemo, useRef, type Ref, type RefCallback } from 'react';

/**
 * `useMergeRefs` of @floating-ui/react 0.27 (MIT), for Mantine's ScrollArea alone
 * (build/scroll-area-merge-refs.ts): one ref callback that sets every given ref, with React 19's ref
 * clean-ups. The same code, without the 14 kB module it comes in (decision 102).
 */
export function useMergeRefs<Instance>(refs: (Ref<Instance> | undefined)[]): RefCallback<Instance> | null {
  const cleanupRef = useRef<(() => void) | undefined>(undefined);
  const refEffect = useCallback(
    (instance: Instance) => {
      const cleanups = refs.map((ref) => {
        if (ref == null) return undefined;
        if (typeof ref === 'function') {
          const refCleanup = ref(instance);
          return typeof refCleanup === 'function' ? refCleanup : () => ref(null);
        }
        ref.current = instance;
        return () => {
          ref.current = null;
        };
      });
      return () => cleanups.forEach((refCleanup) => refCleanup?.());
    },
    // The refs given are the dependencies, as in the original.
    // eslint-disable-next-line react-hooks/exhaustive-deps, react-hooks/use-memo
    refs,
  );
  return useMemo(
    () => {
      if (refs.every((ref) => ref == null)) return null;
      return (value: Instance | null) => {
        if (cleanupRef.current) {
          cleanupRef.current();
          cleanupRef.current = undefined;
        }
        if (value != null) cleanupRef.current = refEffect(value);
      };
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps, react-hooks/use-memo
    refs,
  );
}
