import { Badge } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import type { Marking, OnlineTest } from '@academy/shared/schemas/online-tests';
import { formatNumber } from '../../../lib/format-number';
import { formatDateTime } from '../../../lib/format-date';

/**
 * Where a paper stands for its teacher: a draft (students do not see it), published and not open yet,
 * open now, or closed.
 */
export function StaffTestStatusBadge({ test }: { test: Pick<OnlineTest, 'status' | 'phase'> }) {
  if (test.status === 'draft')
    return (
      <Badge color="gray" variant="light">
        <Trans>Draft</Trans>
      </Badge>
    );
  if (test.phase === 'open')
    return (
      <Badge color="teal" variant="filled">
        <Trans>Open now</Trans>
      </Badge>
    );
  if (test.phase === 'closed')
    return (
      <Badge color="dark" variant="light">
        <Trans>Closed</Trans>
      </Badge>
    );
  return (
    <Badge color="blue" variant="light">
      <Trans>Published</Trans>
    </Badge>
  );
}

/** A mark with its sign, as exam papers write the scheme: +4, −1, 0. */
export function formatMark(value: number): string {
  if (value > 0) return `+${formatNumber(value)}`;
  if (value < 0) return `−${formatNumber(-value)}`;
  return '0';
}

/** "+4 / −1 / 0": right, wrong, left. */
export function markingText(marking: Marking): string {
  return `${formatMark(marking.correct)} / ${formatMark(marking.wrong)} / ${formatMark(marking.unanswered)}`;
}

/** "26-11-2026, 10:00 AM – 9:00 PM" when it opens and closes the same day, else both in full. */
export function windowText(test: Pick<OnlineTest, 'opensAt' | 'closesAt'>): string {
  const opens = formatDateTime(test.opensAt);
  const closes = formatDateTime(test.closesAt);
  const [opensDay] = opens.split(', ');
  const [closesDay, closesTime] = closes.split(', ');
  return opensDay === closesDay && closesTime ? `${opens} – ${closesTime}` : `${opens} – ${closes}`;
}
