import { readUserItem, removeUserItem, writeUserItem } from './user-storage';

/**
 * A draft: work typed on a screen and not sent yet (an attendance sheet, a test's marks), kept on this
 * device for the person who typed it (lib/user-storage.ts) with the time it was kept, so a reload or a
 * lost connection loses nothing and the screen can say "restored, from 10:42". The screen removes it
 * once the work is saved; signing out removes every draft of the person.
 *
 * One helper for every draft (features/attendance/attendance-draft.ts, features/exams/marks-draft.ts):
 * each feature names its drafts (`attendance-draft.<batch>.<date>`, `marks-draft.<test>`) and says
 * what a readable draft looks like.
 */
export type UserDraft<T extends object> = T & { savedAt: string };

/** Keeps `content` as the draft `name` of `userId`, stamped with the time now. */
export function saveUserDraft<T extends object>(userId: string, name: string, content: T): void {
  writeUserItem(userId, name, JSON.stringify({ ...content, savedAt: new Date().toISOString() }));
}

/**
 * The draft `name` of `userId`, or undefined when there is none or it cannot be read (damaged, or
 * written by an older version in a shape `isValid` refuses): such a draft is ignored, never shown half.
 */
export function readUserDraft<T extends object>(userId: string, name: string, isValid: (value: Record<string, unknown>) => boolean): UserDraft<T> | undefined {
  const raw = readUserItem(userId, name);
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
    const draft = value as Record<string, unknown>;
    return typeof draft.savedAt === 'string' && isValid(draft) ? (draft as UserDraft<T>) : undefined;
  } catch {
    return undefined;
  }
}

export function clearUserDraft(userId: string, name: string): void {
  removeUserItem(userId, name);
}

/** Whether `value` is a plain object (a record keyed by id), as drafts keep their rows. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
