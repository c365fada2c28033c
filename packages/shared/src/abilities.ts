/**
 * What a signed-in person may do, by name (issue 79, decision 083): the API computes them from its
 * access rules (apps/api/src/access/abilities.ts) and sends them with the session (`/api/auth/me`), and
 * the web asks them (`useCan`) instead of comparing roles. Only what a screen decides on is named here;
 * the API still checks every request itself.
 */
export const ABILITIES = [
  /** The office's admissions pipeline: enquiries, their counts in the sidebar. */
  'admissions.manage',
  /** Marks their batches' attendance on the phone, offline too (the phone keeps it until it can send). */
  'attendance.mark-offline',
  /** Reads the history of changes (the audit log). */
  'audit.read',
  /** Is offered the academy's app on their phone (the families: students and parents). */
  'app.install-offer',
  /** Works with every batch and subject of the academy, not only the ones they teach. */
  'batches.all',
  /** Hands in homework pages (kept on the phone until they are sent). */
  'homework.hand-in',
  /** Has the notification bell. */
  'notifications.read',
  /** Mails a batch's report cards to the families. */
  'report-cards.mail',
] as const;

export type Ability = (typeof ABILITIES)[number];

export function isAbility(value: unknown): value is Ability {
  return typeof value === 'string' && (ABILITIES as readonly string[]).includes(value);
}
