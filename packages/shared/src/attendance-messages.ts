/**
 * Attendance's API messages, without zod (issue 74): the teacher's attendance sheet, a first screen, shows
 * them, and importing them from schemas/attendance.ts brought the validation library (24 kB) before the app
 * took the sheet over. schemas/attendance.ts re-exports them.
 */
export const ATTENDANCE_MESSAGES = {
  submitted: 'Attendance submitted successfully',
  loadFailed: 'Failed to load attendance records',
  submitFailed: 'Failed to submit attendance',
  historyFailed: 'Failed to load attendance history',
  studentFailed: 'Failed to load student attendance records',
} as const;
