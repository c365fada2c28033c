import { Badge } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { HomeworkStatus } from '@academy/shared/schemas/homework';

const COLORS: Record<HomeworkStatus, string> = { pending: 'blue', late: 'red', submitted: 'grape', done: 'green', redo: 'orange' };

/** Where a homework stands for a student, as a badge: pending, late, handed in, done, redo. */
export function HomeworkStatusBadge({ status, late }: { status: HomeworkStatus; late?: boolean }) {
  const { t } = useLingui();
  const label: Record<HomeworkStatus, string> = { pending: t`Pending`, late: t`Not handed in, late`, submitted: t`Handed in`, done: t`Done`, redo: t`Redo` };
  return (
    <Badge color={COLORS[status]} variant="light" data-status={status} style={{ flexShrink: 0 }}>
      {label[status]}
      {late && status !== 'late' ? ` · ${t`late`}` : ''}
    </Badge>
  );
}
