/** The teacher's attendance screen for one batch (built with the attendance feature). */
export function markAttendanceHref(batchId: string): string {
  return `/app/teacher/attendance/mark?batchId=${encodeURIComponent(batchId)}`;
}
