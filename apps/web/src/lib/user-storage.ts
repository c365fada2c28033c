/**
 * Work a signed-in person has not sent yet (attendance waiting for a connection, attendance and test
 * marks drafts) is kept in this browser's localStorage under keys that name the person: on a shared
 * phone the next person to sign in never sees it, and it is never sent under their session (issue 35,
 * finding 9). Only unsent work is kept here, so "this person has items" means "sign-out would lose
 * something": the profile menu asks before sign-out removes them (app/layouts/user-menu.tsx).
 * What belongs to the device, not to a person (the language, the collapsed sidebar, the public admission
 * form's draft), is stored elsewhere.
 */
const PREFIX = 'academy.user.';

/** Kept before items were stored per person: their owner is unknown, so they are never read, and any sign-out removes them. */
const UNOWNED_PREFIXES = ['academy.attendance-outbox', 'academy.attendance-draft.', 'academy.marks-draft.'];

const prefixOf = (userId: string) => `${PREFIX}${userId}.`;

/** The stored text of `name` (e.g. `marks-draft.<test id>`) for the user `userId`, or null. */
export function readUserItem(userId: string, name: string): string | null {
  try {
    return localStorage.getItem(prefixOf(userId) + name);
  } catch {
    // Private mode or a blocked storage: nothing was kept.
    return null;
  }
}

export function writeUserItem(userId: string, name: string, value: string): void {
  try {
    localStorage.setItem(prefixOf(userId) + name, value);
  } catch {
    // Private mode or a full storage: the work is still on screen.
  }
}

export function removeUserItem(userId: string, name: string): void {
  try {
    localStorage.removeItem(prefixOf(userId) + name);
  } catch {
    // Nothing to do.
  }
}

/** Every stored key starting with one of `prefixes`. */
function keysStartingWith(prefixes: string[]): string[] {
  const keys: string[] = [];
  try {
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index);
      if (key !== null && prefixes.some((prefix) => key.startsWith(prefix))) keys.push(key);
    }
  } catch {
    // A blocked storage holds nothing we could read.
  }
  return keys;
}

/** Whether this device keeps work of `userId` that is not sent yet. */
export function hasUserItems(userId: string): boolean {
  return keysStartingWith([prefixOf(userId)]).length > 0;
}

/** Removes everything kept for `userId` (their unsent work), and the items of unknown owner from before. */
export function removeUserItems(userId: string): void {
  for (const key of keysStartingWith([prefixOf(userId), ...UNOWNED_PREFIXES])) {
    try {
      localStorage.removeItem(key);
    } catch {
      // Nothing to do.
    }
  }
}
