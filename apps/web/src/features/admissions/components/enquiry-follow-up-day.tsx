import { Badge, Text } from '@mantine/core';
import { formatDate } from '../../../lib/format-date';
import { useAcademyToday } from '../../../lib/use-academy-today';
import { Trans, useLingui } from '@lingui/react/macro';

/*
 * A file of its own, without zod: the admin dashboard's first screen (the Call today card) shows it,
 * and a first screen loads no form code (npm run size).
 */

/** The follow-up day as a word when it is near: "Today", "Overdue since 12-06-2026", else the date. */
export function FollowUpDay({ date }: { date: string | null }) {
  const { t } = useLingui();
  const today = useAcademyToday();
  if (!date) {
    return (
      <Text span size="sm" c="dimmed">
        <Trans>Not planned</Trans>
      </Text>
    );
  }
  if (date < today) {
    return (
      <Badge color="red" variant="light" tt="none">
        {t`Overdue since ${formatDate(date)}`}
      </Badge>
    );
  }
  if (date === today) {
    return (
      <Badge color="orange" variant="light" tt="none">
        <Trans>Today</Trans>
      </Badge>
    );
  }
  return (
    <Text span size="sm">
      {formatDate(date)}
    </Text>
  );
}
