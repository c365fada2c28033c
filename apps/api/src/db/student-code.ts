import { sql } from 'drizzle-orm';
import type { DbExecutor } from './client';
import { academies } from './schema';

/** The first academy's prefix of every student ID (issue 21, decision 021): LAT-2026-0042. */
export const STUDENT_ID_PREFIX = 'LAT';

/** The student ID of a year's n-th admission: four digits at least, more after 9999. */
export function formatStudentCode(year: number, number: number, prefix: string = STUDENT_ID_PREFIX): string {
  return `${prefix}-${year}-${String(number).padStart(4, '0')}`;
}

/**
 * The prefix of the academy's student IDs (its own since issue 73: a new academy's comes from its
 * name, so its students are not "LAT-" like the demo's). Read in the caller's academy.
 */
export async function studentIdPrefix(tx: DbExecutor): Promise<string> {
  const [row] = await tx.select({ prefix: academies.studentIdPrefix }).from(academies).where(sql`${academies.id} = current_academy_id()`);
  return row?.prefix ?? STUDENT_ID_PREFIX;
}

/**
 * A new academy's prefix from its name (or its address when the name has no Latin letters): the
 * initials of a name of several words, else its first three letters; 2 to 6 capitals. "Shree Classes" →
 * SC, "Dnyanjyoti" → DNY, a Marathi name at `dnyanjyoti` → DNY.
 */
export function prefixFromName(name: string, slug: string): string {
  const words = (text: string) => text.toUpperCase().split(/[^A-Z]+/).filter((word) => word.length > 0);
  // Words such as "Academy" or "Classes" say nothing about which academy it is.
  const GENERIC = new Set(['ACADEMY', 'CLASSES', 'CLASS', 'TUITIONS', 'TUITION', 'COACHING', 'INSTITUTE', 'CENTRE', 'CENTER', 'THE', 'OF', 'AND']);
  for (const source of [name, slug]) {
    const all = words(source);
    const own = all.filter((word) => !GENERIC.has(word));
    const chosen = own.length > 0 ? own : all;
    if (chosen.length === 0) continue;
    const prefix = chosen.length >= 2 ? chosen.map((word) => word[0]).join('').slice(0, 4) : chosen[0]!.slice(0, 3);
    if (prefix.length >= 2) return prefix;
  }
  return 'STU';
}
