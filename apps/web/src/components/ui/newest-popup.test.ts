import { describe, expect, it } from 'vitest';
import { createNotificationsStore, showNotification } from '@mantine/notifications';
import { dropRepeatedTitles, showNewestPopupFirst } from './newest-popup';

/** A store like the one the container sets up: one popup at a time, the rest queued. */
function onePopupAtATime() {
  const store = createNotificationsStore();
  store.updateState((state) => ({ ...state, limit: 1 }));
  return store;
}

const shown = (store: ReturnType<typeof createNotificationsStore>) => store.getState().notifications.map((item) => item.message);
const queued = (store: ReturnType<typeof createNotificationsStore>) => store.getState().queue.map((item) => item.message);

describe('the newest popup first', () => {
  it('shows the result of the last action at once, in place of the one before', () => {
    const store = onePopupAtATime();
    showNewestPopupFirst(store);
    showNotification({ message: 'Batch updated successfully' }, store);
    showNotification({ message: 'Batch cannot be deleted' }, store);
    expect(shown(store)).toEqual(['Batch cannot be deleted']);
    expect(queued(store)).toEqual([]);
  });

  it('keeps a popup that stays until it is closed, and queues the next behind it', () => {
    const store = onePopupAtATime();
    showNewestPopupFirst(store);
    showNotification({ message: 'Student created, but not added to the batch', autoClose: false }, store);
    showNotification({ message: 'Signed out' }, store);
    expect(shown(store)).toEqual(['Student created, but not added to the batch']);
    expect(queued(store)).toEqual(['Signed out']);
  });

  it('handles popups queued before it started, and stops when asked', () => {
    const store = onePopupAtATime();
    showNotification({ message: 'first' }, store);
    showNotification({ message: 'second' }, store);
    const stop = showNewestPopupFirst(store);
    expect(shown(store)).toEqual(['second']);
    stop();
    showNotification({ message: 'third' }, store);
    expect(shown(store)).toEqual(['second']);
    expect(queued(store)).toEqual(['third']);
  });
});

describe('a text that repeats its title (issue 54)', () => {
  it('shows the words once, as the text; a different text keeps its title', () => {
    const store = onePopupAtATime();
    dropRepeatedTitles(store);
    showNotification({ title: 'Settings saved', message: 'Settings saved.' }, store);
    expect(store.getState().notifications.map((item) => [item.title, item.message])).toEqual([[undefined, 'Settings saved.']]);
    showNotification({ title: 'Payment recorded', message: 'Receipt 2026/0001' }, store);
    expect(store.getState().queue.map((item) => [item.title, item.message])).toEqual([['Payment recorded', 'Receipt 2026/0001']]);
  });
});
