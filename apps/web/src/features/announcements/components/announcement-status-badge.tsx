import { Badge } from '@mantine/core';
import type { AnnouncementStatus } from '@academy/shared/schemas/announcements';
import { STATUS_LABELS, statusColor } from '../announcement-display';
import { useLingui } from '@lingui/react/macro';

export function AnnouncementStatusBadge({ status }: { status: AnnouncementStatus }) {
  const { i18n } = useLingui();
  return (
    <Badge variant="light" color={statusColor(status)} tt="none" style={{ flexShrink: 0 }}>
      {STATUS_LABELS[status] ? i18n._(STATUS_LABELS[status]) : status}
    </Badge>
  );
}
