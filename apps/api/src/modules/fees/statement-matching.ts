import { createHash } from 'node:crypto';
import { compactReference } from '@academy/shared/upi';
import { STUDENT_ID_PREFIX } from '../../db/student-code';

/*
 * How a bank statement's credit finds its due (issue 38; docs/decisions/031): pure, so each rule is
 * tested on its own. The service feeds it the candidates it read in a few queries.
 */

/** The due references (LAT26-0042-I2) in a narration, as banks keep them: capitals and digits, the punctuation gone or changed. */
export function dueReferencesIn(narration: string, prefix: string = STUDENT_ID_PREFIX): { studentCode: string; dueNumber: number }[] {
  const compact = compactReference(narration);
  const pattern = new RegExp(`${prefix}(\\d{2})(\\d{4,})I(\\d{1,4})(?!\\d)`, 'g');
  return [...compact.matchAll(pattern)].map((found) => ({ studentCode: `${prefix}-20${found[1]}-${found[2]}`, dueNumber: Number(found[3]) }));
}

/** A narration's words as names are looked for in it: runs of letters, in capitals, two letters or more. */
export function narrationWords(narration: string): string[] {
  return narration.toUpperCase().split(/[^A-Z]+/).filter((word) => word.length >= 2);
}

/**
 * Whether a person's name stands in a narration: the first name as a word, and the last name as a word
 * or its start (SBI cuts "AARAV PATIL" to "AARAV PA"). A one-word name must stand whole.
 */
export function nameInNarration(name: string, narration: string): boolean {
  const words = narrationWords(narration);
  const parts = name.toUpperCase().split(/[^A-Z]+/).filter((part) => part.length >= 2);
  const first = parts[0];
  const last = parts.at(-1);
  if (!first || !last) return false;
  if (!words.includes(first)) return false;
  return parts.length === 1 || words.some((word) => word === last || last.startsWith(word));
}

/** An open due that a credit of exactly its balance may pay, with the names a payer may have. */
export type LikelyCandidate = { studentId: string; dueId: string; balancePaise: number; dueDate: string; names: string[] };

/**
 * The likely due of a credit that names none: one whose balance is exactly the amount and whose student
 * or parent is named in the narration; the oldest of that student's, and none when two students fit
 * (the office chooses).
 */
export function likelyDue(credit: { amountPaise: number; narration: string }, candidates: LikelyCandidate[]): { studentId: string; dueId: string } | null {
  const fitting = candidates.filter((due) => due.balancePaise === credit.amountPaise && due.names.some((name) => nameInNarration(name, credit.narration)));
  const students = new Set(fitting.map((due) => due.studentId));
  if (students.size !== 1) return null;
  const oldest = fitting.sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : 0))[0]!;
  return { studentId: oldest.studentId, dueId: oldest.dueId };
}

/**
 * What makes a credit line the same line in another upload (the same file again, an overlapping
 * period): its UTR, else the bank's reference, else its date, amount and narration.
 */
export function creditLineKey(credit: { utr: string | null; bankReference: string | null; date: string; amountPaise: number; narration: string }): string {
  if (credit.utr) return `utr:${credit.utr}`;
  if (credit.bankReference) return `ref:${credit.bankReference}`.slice(0, 64);
  return `line:${createHash('sha256').update(`${credit.date}|${credit.amountPaise}|${credit.narration}`).digest('hex').slice(0, 40)}`;
}
