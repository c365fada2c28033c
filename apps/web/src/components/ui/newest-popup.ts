import { hideNotification, notificationsStore } from '@mantine/notifications';
import type { NotificationsState, NotificationsStore } from '@mantine/notifications';

/**
 * Makes the newest popup take the place of one that would close by itself anyway: the result of what
 * the user just did shows at once instead of waiting seconds behind the last one (or for as long as the
 * pointer rests on it, which pauses it). A popup that stays until it is closed (`autoClose: false`,
 * something to read or act on) keeps its place, and the next one waits behind it.
 * Returns the function that stops it.
 */
export function showNewestPopupFirst(store: NotificationsStore = notificationsStore): () => void {
  const replaceShownByQueued = (state: NotificationsState) => {
    if (state.queue.length === 0) return;
    for (const shown of state.notifications) if (shown.autoClose !== false && shown.id) hideNotification(shown.id, store);
  };
  const stop = store.subscribe(replaceShownByQueued);
  // Popups shown before this was called may already be queued.
  replaceShownByQueued(store.getState());
  return () => void stop();
}
