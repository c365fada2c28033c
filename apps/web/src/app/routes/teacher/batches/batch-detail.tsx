import { Button } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../../components/ui/page-header';
import { BatchAttendanceHistory } from '../../../../features/attendance/components/batch-attendance-history';

export function Component() {
  const { id = '' } = useParams();
  return (
    <>
      <PageHeader
        title="Batch Details"
        actions={
          <Button component={Link} to={`/app/teacher/attendance/mark?batchId=${encodeURIComponent(id)}`} leftSection={<IconChecklist size={18} aria-hidden="true" />}>
            Mark attendance
          </Button>
        }
      />
      {/* Attendance (issue 6): kept as its own block so it merges cleanly with the batch details (issue 5). */}
      <BatchAttendanceHistory batchId={id} studentHref={(studentId) => `/app/teacher/attendance/student?batchId=${encodeURIComponent(id)}&studentId=${encodeURIComponent(studentId)}`} />
    </>
  );
}
