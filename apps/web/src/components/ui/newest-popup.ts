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

/** The same words, give or take case, spaces and a closing full stop. */
function sameWords(a: string, b: string): boolean {
  const plain = (text: string) => text.trim().replace(/[.!।]+$/u, '').replace(/\s+/g, ' ').toLocaleLowerCase();
  return plain(a) === plain(b);
}

type Popup = NotificationsState['notifications'][number];
const repeatsTitle = (popup: Popup) => typeof popup.title === 'string' && typeof popup.message === 'string' && sameWords(popup.title, popup.message);

/**
 * A popup whose text only repeats its title ("Settings saved" / "Settings saved", issue 54: the server's message is
 * often the screen's own title) shows the words once, as its text. Returns the function that stops it.
 */
export function dropRepeatedTitles(store: NotificationsStore = notificationsStore): () => void {
  const drop = (state: NotificationsState) => {
    if (!state.notifications.some(repeatsTitle) && !state.queue.some(repeatsTitle)) return;
    const strip = (popup: Popup): Popup => (repeatsTitle(popup) ? { ...popup, title: undefined } : popup);
    store.updateState((current) => ({ ...current, notifications: current.notifications.map(strip), queue: current.queue.map(strip) }));
  };
  const stop = store.subscribe(drop);
  drop(store.getState());
  return () => void stop();
}
