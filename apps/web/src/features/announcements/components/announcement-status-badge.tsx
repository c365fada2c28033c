import { Badge } from '@mantine/core';
import type { AnnouncementStatus } from '@academy/shared/schemas/announcements';
import { STATUS_LABELS, statusColor } from '../announcement-display';

export function AnnouncementStatusBadge({ status }: { status: AnnouncementStatus }) {
  return (
    <Badge variant="light" color={statusColor(status)} tt="none" style={{ flexShrink: 0 }}>
      {STATUS_LABELS[status] ?? status}
    </Badge>
  );
}
