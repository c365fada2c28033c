import type { Role } from '@academy/shared/roles';
import { loadCatalog } from '../lib/language';

/**
 * The signed-in areas' frame (the shell's code and the area's chunk of the `app` messages, decision 093),
 * loaded by each area's route and, ahead of time, by the login screen once the phone is idle (the code
 * only: the role, and so the messages, are known after "Login"): after "Login" the dashboard's frame is
 * then there at once, not after three seconds of an empty page on a slow phone (issue 42, point 15).
 */
export function loadSignedInShell(role?: Role) {
  return Promise.all([import('./layouts/dashboard-shell'), role ? loadCatalog(role) : undefined]);
}
