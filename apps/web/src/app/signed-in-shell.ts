import { loadCatalog } from '../lib/language';

/**
 * The signed-in areas' frame (the shell's code and the `app` messages), loaded by each area's route
 * and, ahead of time, by the login screen once the phone is idle: after "Login" the dashboard's frame
 * is then there at once, not after three seconds of an empty page on a slow phone (issue 42, point 15).
 */
export function loadSignedInShell() {
  return Promise.all([import('./layouts/dashboard-shell'), loadCatalog('app')]);
}
