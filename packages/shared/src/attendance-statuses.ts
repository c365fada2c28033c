// Plain values, no zod: screens that only show attendance import these without downloading the
// validation library (issue 17). The schemas in schemas/attendance.ts build on them.

/** How a student was marked on a class day. */
export const ATTENDANCE_STATUSES = ['present', 'absent', 'late', 'excused'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
export const ATTENDANCE_STATUS_LABELS: Record<AttendanceStatus, string> = { present: 'Present', absent: 'Absent', late: 'Late', excused: 'Excused' };
