import { Badge } from '@mantine/core';
import type { BatchStatus } from '@academy/shared/schemas/batches';
import { BATCH_STATUS_COLORS, BATCH_STATUS_LABELS } from '../batch-form';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';

/** Upcoming, active or completed: from the batch's dates in the academy's time zone. */
export function BatchStatusBadge({ status }: { status: BatchStatus }) {
  const { i18n } = useLingui();
  return (
    <Badge variant="light" color={BATCH_STATUS_COLORS[status]} tt="none" style={{ flexShrink: 0 }}>
      {i18n._(BATCH_STATUS_LABELS[status])}
    </Badge>
  );
}

/** Enrolled out of capacity; orange once no seat is left. */
export function SeatsBadge({ enrolledCount, capacity, seatsLeft }: { enrolledCount: number; capacity: number; seatsLeft: number }) {
  return (
    <Badge variant="light" color={seatsLeft > 0 ? 'teal' : 'orange'} tt="none" style={{ flexShrink: 0 }}>
      <Trans>
        {enrolledCount}/{capacity} seats
      </Trans>
    </Badge>
  );
}
