/*
 * The signed-in first screens (issue 56): the addresses people open every day from a bookmark, a link
 * in a message or a reload. The server draws them with the person's data (entry-server.tsx); the
 * service worker keeps the last copy of each (vite.config.ts) so that a return visit on a weak signal
 * shows it at once while the network is slow, and the app then reads the data afresh.
 * Plain values only: vite.config.ts imports this file.
 */

/** The screens' addresses (entry-server.tsx draws each; `npm run size` holds each to a budget). */
export const SIGNED_IN_FIRST_SCREEN_PATHS = [
  '/app/dashboard',
  '/app/teacher/dashboard',
  '/app/student/dashboard',
  '/app/parent/dashboard',
  '/app/teacher/attendance/mark',
  '/app/parent/fees',
  '/app/student/online-tests',
] as const;

/** The service worker's cache of the last copy of each first screen: one person's pages. */
export const KEPT_FIRST_SCREENS_CACHE = 'academy-first-screens';

/** The service worker's cache of the app's code files (hashed, never changing). */
export const CODE_CACHE = 'academy-assets';

/** Whether an address (pathname) is one of the first screens. */
export function isSignedInFirstScreenPath(pathname: string): boolean {
  return (SIGNED_IN_FIRST_SCREEN_PATHS as readonly string[]).includes(pathname);
}
