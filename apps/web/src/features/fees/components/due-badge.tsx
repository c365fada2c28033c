import { Badge, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Due } from '@academy/shared/schemas/fees';
import { formatRupees } from '../../../lib/format-number';
import { DUE_STATUS_COLORS, DUE_STATUS_LABELS } from './fee-labels';

/*
 * A due's badge and its GST, as the ledger and the dashboards' fee cards show them. Apart from the ledger
 * (issue 74): a dashboard's card drew in the whole ledger view and its table kit before the take-over.
 */

/** A due's status; its word wraps rather than being cut short ("थकीत", "तारीख निकली"). */
export function DueBadge({ status }: { status: Due['status'] }) {
  const { i18n } = useLingui();
  return (
    <Badge color={DUE_STATUS_COLORS[status]} variant="light" maw="none" h="auto" styles={{ label: { overflow: 'visible', whiteSpace: 'normal', textOverflow: 'clip' } }} style={{ flexShrink: 0 }}>
      {i18n._(DUE_STATUS_LABELS[status])}
    </Badge>
  );
}

/**
 * GST on top of a balance (issue 57): with fee plans quoted excluding GST the family pays the balance
 * plus the tax, so every balance shows "+ GST ₹4,500 = ₹29,500".
 */
export function GstOnTop({ gst }: { gst: { tax: number; total: number } | null | undefined }) {
  if (!gst) return null;
  const tax = formatRupees(gst.tax);
  const total = formatRupees(gst.total);
  return (
    <Text size="xs" c="dimmed" data-testid="gst-on-top" style={{ whiteSpace: 'nowrap' }}>
      <Trans>
        + GST {tax} = {total}
      </Trans>
    </Text>
  );
}
