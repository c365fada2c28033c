import { modals } from '@mantine/modals';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * While `dirty`, leaving asks first: a link or back button inside the app opens a confirm dialog
 * (React Router's blocker), and closing or reloading the tab gets the browser's own question.
 * Changing only the query string (another day or batch on the same screen) is not blocked here; the
 * screen asks for that itself.
 */
export function useUnsavedChangesPrompt(dirty: boolean, message = 'Your changes are not saved yet. Leave this page and lose them?') {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

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
}
