import { Badge } from '@mantine/core';
import type { StudentStatus } from '@academy/shared/schemas/students';
import { STUDENT_STATUS_LABELS } from '../student-form';

export function StudentStatusBadge({ status }: { status: StudentStatus }) {
  return (
    <Badge variant="light" color={status === 'active' ? 'teal' : 'gray'} tt="none" style={{ flexShrink: 0 }}>
      {STUDENT_STATUS_LABELS[status]}
    </Badge>
  );
}
