import { Badge, type BadgeProps } from '@mantine/core';
import type { AttendanceStatus } from '@academy/shared/attendance-statuses';
import { STATUS_COLORS } from '../../../lib/attendance-display';
import { useStatusLabel } from '../status-labels';

/**
 * A mark as a badge, never cut (issue 54: Marathi "गैरहजर" showed as "गैर…" in a parent's table at 360 px, the one
 * word they look for): it keeps its width in a narrow cell or row, and its label is not ellipsed.
 */
export function AttendanceStatusBadge({ status, ...props }: { status: AttendanceStatus } & Omit<BadgeProps, 'color' | 'children'> & { 'data-testid'?: string }) {
  const statusLabel = useStatusLabel();
  return (
    <Badge
      variant="light"
      color={STATUS_COLORS[status]}
      tt="none"
      {...props}
      style={{ flexShrink: 0, maxWidth: 'none', overflow: 'visible' }}
      styles={{ label: { overflow: 'visible', textOverflow: 'clip' } }}
    >
      {statusLabel(status)}
    </Badge>
  );
}
