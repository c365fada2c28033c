import { Skeleton } from '@mantine/core';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { useAcademyToday } from '../../../lib/use-academy-today';
import { ATTENDANCE_MESSAGES, useStudentAttendance, type AttendanceRange } from '../api';
import { StudentAttendanceReport } from './student-attendance-report';
import { useLingui } from '@lingui/react/macro';

/** A student's attendance in one batch, for the batch's teacher or an admin. */
export function StudentAttendancePanel({ studentId, batchId, range }: { studentId: string; batchId: string; range: AttendanceRange }) {
  const { t } = useLingui();
  const report = useStudentAttendance(studentId, batchId, range);
  const today = useAcademyToday();
  if (report.isPending) return <Skeleton h={360} radius="md" aria-hidden="true" />;
  if (report.isError) {
    return <LoadErrorAlert title={t`Attendance could not be loaded`} error={report.error} fallback={ATTENDANCE_MESSAGES.studentFailed} onRetry={() => void report.refetch()} />;
  }
  return <StudentAttendanceReport report={report.data} today={today} />;
}
