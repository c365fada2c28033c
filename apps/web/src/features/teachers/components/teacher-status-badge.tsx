import { Badge } from '@mantine/core';
import type { TeacherStatus } from '@academy/shared/schemas/teachers';
import { TEACHER_STATUS_COLORS, TEACHER_STATUS_LABELS } from '../teacher-form';

export function TeacherStatusBadge({ status }: { status: TeacherStatus }) {
  return (
    <Badge variant="light" color={TEACHER_STATUS_COLORS[status]} tt="none" style={{ flexShrink: 0 }}>
      {TEACHER_STATUS_LABELS[status]}
    </Badge>
  );
}
