import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { Board, Medium } from '@academy/shared/schemas/common';

/** A school's board and medium, stored in English and read in the language shown (every form and page). */
export const BOARD_LABELS: Record<Board, MessageDescriptor> = { 'State Board': msg`State board`, CBSE: msg`CBSE`, ICSE: msg`ICSE`, Other: msg`Other` };
export const MEDIUM_LABELS: Record<Medium, MessageDescriptor> = { English: msg`English`, 'Semi-English': msg`Semi-English`, Marathi: msg`Marathi`, Hindi: msg`Hindi`, Urdu: msg`Urdu` };

/** A stored board or medium in the language shown; one not in the lists (older records) as it is; null stays null. */
export function schoolLabel(value: string | null | undefined, i18n: I18n): string | null {
  if (!value) return null;
  const label = (BOARD_LABELS as Record<string, MessageDescriptor | undefined>)[value] ?? (MEDIUM_LABELS as Record<string, MessageDescriptor | undefined>)[value];
  return label ? i18n._(label) : value;
}
