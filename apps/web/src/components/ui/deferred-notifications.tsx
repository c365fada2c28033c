import { useEffect, useState } from 'react';
import { useNotifications } from '@mantine/notifications';
import { useDeferredModule } from '../../lib/use-deferred-module';

// The popup container (transitions, portal, swipe to dismiss) is about 13 KB gzipped that no page
// needs to draw its first screen. Popups are queued in Mantine's store until it is there; a failed
// download waits for the connection (lib/use-deferred-module.ts).
const loadContainer = () => import('./notifications-container');

/** Runs `callback` once the page has loaded and the browser has a quiet moment. */
function afterPageLoad(callback: () => void): () => void {
  let idleId: number | undefined;
  let timerId: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function') idleId = window.requestIdleCallback(callback, { timeout: 3000 });
    else timerId = setTimeout(callback, 1000);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    if (idleId !== undefined) window.cancelIdleCallback(idleId);
    if (timerId !== undefined) clearTimeout(timerId);
  };
}

/**
 * Mantine's popups, loaded when the first one is shown or, in the signed-in areas (where popups are
 * frequent), once the page is idle. A visitor of the public site who never sees a popup never
 * downloads them: that room in the landing page's budget went to the language switch (issue 20).
 */
export function DeferredNotifications() {
  const { notifications, queue } = useNotifications();
  const [idle, setIdle] = useState(false);
  useEffect(() => afterPageLoad(() => setIdle(window.location.pathname.startsWith('/app/'))), []);
  const [needed, setNeeded] = useState(false);
  if (!needed && (idle || notifications.length > 0 || queue.length > 0)) setNeeded(true);
  const container = useDeferredModule(loadContainer, needed);
  return container ? <container.NotificationsContainer /> : null;
}
