import { Badge } from '@mantine/core';
import type { StudentStatus } from '@academy/shared/schemas/students';
import { STUDENT_STATUS_LABELS } from '../student-form';
import { useLingui } from '@lingui/react';

export function StudentStatusBadge({ status }: { status: StudentStatus }) {
  const { i18n } = useLingui();
  return (
    <Badge variant="light" color={status === 'active' ? 'teal' : 'gray'} tt="none" style={{ flexShrink: 0 }}>
      {i18n._(STUDENT_STATUS_LABELS[status])}
    </Badge>
  );
}
