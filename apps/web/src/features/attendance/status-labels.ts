import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import type { AttendanceStatus } from '@academy/shared/attendance-statuses';

/*
 * The attendance marks in the language shown (issue 20; glossary: हजर / गैरहजर / उशिरा, उपस्थित / अनुपस्थित /
 * देर से). The shared ATTENDANCE_STATUS_LABELS stay English for CSV files and the API.
 */
export const STATUS_LABEL_MESSAGES: Record<AttendanceStatus, MessageDescriptor> = {
  present: msg`Present`,
  absent: msg`Absent`,
  late: msg`Late`,
  excused: msg`Excused`,
};

/** The one-letter code of a mark in calendars and grids ("P", "ह", "उ"). */
export const STATUS_LETTER_MESSAGES: Record<AttendanceStatus, MessageDescriptor> = {
  present: msg({ message: 'P', context: 'attendance letter: present' }),
  absent: msg({ message: 'A', context: 'attendance letter: absent' }),
  late: msg({ message: 'L', context: 'attendance letter: late' }),
  excused: msg({ message: 'E', context: 'attendance letter: excused' }),
};

/** `statusLetter('present')` → "P" / "ह" / "उ". */
export function useStatusLetter(): (status: AttendanceStatus) => string {
  const { i18n } = useLingui();
  return (status) => i18n._(STATUS_LETTER_MESSAGES[status]);
}

/** `statusLabel('present')` → "Present" / "हजर" / "उपस्थित". */
export function useStatusLabel(): (status: AttendanceStatus) => string {
  const { i18n } = useLingui();
  return (status) => i18n._(STATUS_LABEL_MESSAGES[status]);
}
