import { modals } from './modals';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';

/**
 * While `dirty`, leaving asks first: a link or back button inside the app (a sidebar link too) opens
 * a confirm dialog (React Router's blocker), and closing or reloading the tab gets the browser's own
 * question. Changing only the query string (another day or batch on the same screen) is not blocked
 * here; the screen asks for that itself. Call the returned `allowLeave` just before navigating away
 * after a save: the navigation happens before React re-renders with `dirty` false.
 */
export function useUnsavedChangesPrompt(dirty: boolean, message = 'Your changes are not saved yet. Leave this page and lose them?'): () => void {
  const released = useRef(false);
  // Signing out (the only way to /login from a signed-in screen) is not blocked: it ends the session
  // whatever the answer, and asks itself before it discards unsent work (app/layouts/user-menu.tsx).
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !released.current && currentLocation.pathname !== nextLocation.pathname && nextLocation.pathname !== '/login',
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    // Closing the dialog (Escape, the X, outside) means stay, unless a button already decided.
    let decided = false;
    modals.openConfirmModal({
      title: 'Leave without saving?',
      children: message,
      labels: { confirm: 'Leave', cancel: 'Stay' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        decided = true;
        blocker.proceed();
      },
      onCancel: () => {
        decided = true;
        blocker.reset();
      },
      onClose: () => {
        if (!decided) blocker.reset();
      },
    });
  }, [blocker, message]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return useCallback(() => {
    released.current = true;
  }, []);
}

/**
 * For a Mantine form: pass `onValuesChange` to useForm; `dirty` is true while the values differ from
 * the ones the form started with (or last saved, `saved(values)` on a form that stays open), and
 * leaving the page then asks first (unless `enabled` is false: useEntityForm's `leaveGuard`).
 * Call `allowLeave` right before navigating away after a save.
 */
export function useFormLeaveGuard<Values>(initialValues: Values, enabled = true) {
  const baseline = useRef<string | null>(null);
  baseline.current ??= JSON.stringify(initialValues);
  const [dirty, setDirty] = useState(false);
  const allowLeave = useUnsavedChangesPrompt(enabled && dirty);
  const onValuesChange = useCallback((values: Values) => setDirty(JSON.stringify(values) !== baseline.current), []);
  const saved = useCallback((values: Values) => {
    baseline.current = JSON.stringify(values);
    setDirty(false);
  }, []);
  return { dirty, onValuesChange, allowLeave, saved };
}
