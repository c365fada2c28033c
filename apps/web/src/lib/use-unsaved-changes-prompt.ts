import { modals } from './modals';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';

const DEFAULT_MESSAGE = 'Your changes are not saved yet. Leave this page and lose them?';

/** A screen's unsaved work: whether there is some, what to ask, and whether a save has just let it go. */
type Guard = { dirty: boolean; message: string; released: boolean };

/**
 * Every mounted screen's and form's guard. React Router takes one blocker at a time (issue 54: Settings, with
 * several forms, logged "A router only supports one blocker at a time"), so one component holds the blocker
 * (UnsavedChangesGuard, in the signed-in shell) and asks these.
 */
const guards = new Set<Guard>();

function blockingGuard(): Guard | undefined {
  for (const guard of guards) if (guard.dirty && !guard.released) return guard;
  return undefined;
}

/**
 * The one blocker of the signed-in area: while any guard has unsaved work, a link or back button inside the app
 * (a sidebar link too) opens a confirm dialog with that guard's question. Changing only the query string (another
 * day or batch on the same screen) is not blocked here; the screen asks for that itself. Signing out (the only
 * way to /login from a signed-in screen) is not blocked: it ends the session whatever the answer, and asks
 * itself before it discards unsent work (app/layouts/user-menu.tsx).
 */
export function UnsavedChangesGuard(): null {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => Boolean(blockingGuard()) && currentLocation.pathname !== nextLocation.pathname && nextLocation.pathname !== '/login',
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    // Closing the dialog (Escape, the X, outside) means stay, unless a button already decided.
    let decided = false;
    modals.openConfirmModal({
      title: 'Leave without saving?',
      children: blockingGuard()?.message ?? DEFAULT_MESSAGE,
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
  }, [blocker]);
  return null;
}

/**
 * While `dirty`, leaving asks first: inside the app through UnsavedChangesGuard's dialog, and closing or
 * reloading the tab gets the browser's own question. Call the returned `allowLeave` just before navigating away
 * after a save: the navigation happens before React re-renders with `dirty` false.
 */
export function useUnsavedChangesPrompt(dirty: boolean, message = DEFAULT_MESSAGE): () => void {
  const guard = useRef<Guard>({ dirty, message, released: false });

  useEffect(() => {
    const current = guard.current;
    guards.add(current);
    return () => void guards.delete(current);
  }, []);

  useEffect(() => {
    guard.current.dirty = dirty;
    guard.current.message = message;
  }, [dirty, message]);

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
    guard.current.released = true;
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
