import { useParams } from 'react-router';
import { PageHeader } from '../../../../components/ui/page-header';
import { BatchAttendanceHistory } from '../../../../features/attendance/components/batch-attendance-history';

export function Component() {
  const { id = '' } = useParams();
  return (
    <>
      <PageHeader title="Batch Details" />
      {/* Attendance (issue 6): kept as its own block so it merges cleanly with the batch details (issue 5). */}
      <BatchAttendanceHistory batchId={id} studentHref={(studentId) => `/app/students/${encodeURIComponent(studentId)}?batchId=${encodeURIComponent(id)}#attendance`} />
    </>
  );
}
