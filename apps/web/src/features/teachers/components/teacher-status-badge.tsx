import { Badge } from '@mantine/core';
import type { TeacherStatus } from '@academy/shared/schemas/teachers';
import { TEACHER_STATUS_COLORS, TEACHER_STATUS_MESSAGES } from '../teacher-form';
import { useLingui } from '@lingui/react';

export function TeacherStatusBadge({ status }: { status: TeacherStatus }) {
  const { i18n } = useLingui();
  return (
    <Badge variant="light" color={TEACHER_STATUS_COLORS[status]} tt="none" style={{ flexShrink: 0 }}>
      {i18n._(TEACHER_STATUS_MESSAGES[status])}
    </Badge>
  );
}
