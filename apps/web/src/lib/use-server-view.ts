import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * Whether this render is the view the server drew: on the server, and in the browser while the app takes
 * that view over (React then uses the server's snapshot). A screen that lays itself out by the device
 * (a phone's cards, a touch screen's Pay button) must draw the same then as the server, which cannot know
 * the device (issue 73 point 4: React's hydration error #418), and its own view right after.
 */
export function useServerView(): boolean {
  return useSyncExternalStore(noSubscription, () => false, () => true);
}
