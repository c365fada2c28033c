import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { academicYearNameOf, academicYearOf, academicYearStart, formatDate } from '@academy/shared/calendar';
import type { AcademicYears } from '@academy/shared/schemas/academic-years';
import { normalizeError } from '../../../lib/api-client';
import { modals } from '../../../lib/modals';
import { useAcademicYears, useUndoRollover } from '../api';
import { RolloverSteps, SummaryView } from './rollover-steps';
import { useRollover } from './use-rollover';

/** April to July: the weeks between the last classes of a year and the first of the next, when a rollover is done. */
function inRolloverSeason(today: string): boolean {
  const month = Number(today.slice(5, 7));
  return month >= 4 && month <= 7;
}
type Rollover = AcademicYears['rollovers'][number];

/**
 * The admin's "New academic year" screen (issue 39): the date last year's batches end on, each active
 * student's way (moves up, repeats, leaves; by standard, with a search), the dry run's counts, the
 * rollover after a confirmation, and its undo while the new year has not begun.
 */
export function NewAcademicYear({ today }: { today: string }) {
  const { t } = useLingui();
  const years = useAcademicYears();
  const rollover = useRollover(years.data?.currentYear);

  if (years.isPending) return <Loader aria-label={t`Loading`} />;
  if (years.isError) {
    return (
      <Alert color="red" role="alert">
        {normalizeError(years.error).message}
      </Alert>
    );
  }
  const { currentYear, rollovers, students } = years.data;
  const latest = rollovers.find((rollover) => !rollover.undoneAt);
  // Started before its 1 June: the next one waits until this year has begun.
  const ahead = !!latest && currentYear > academicYearNameOf(today);

  return (
    <Stack gap="lg">
      <Card withBorder padding="md">
        <Group gap="xs">
          <Text>
            <Trans>Current academic year</Trans>
          </Text>
          <Badge size="lg" variant="light" tt="none" data-testid="current-year">
            {currentYear}
          </Badge>
        </Group>
      </Card>

      {latest ? <LatestRollover rollover={latest} /> : null}

      {!ahead && !inRolloverSeason(today) ? <OffSeasonNotice currentYear={currentYear} /> : null}

      {ahead ? (
        <Text c="dimmed">{t`The year ${currentYear} begins on ${formatDate(academicYearStart(currentYear))}: the next new year can be started once it has.`}</Text>
      ) : (
        <RolloverSteps rollover={rollover} students={students} />
      )}
    </Stack>
  );
}

/** Issue 54: offered in November without a word. It is for the end of the year; not refused (a late start is possible). */
function OffSeasonNotice({ currentYear }: { currentYear: string }) {
  const { t } = useLingui();
  return (
    <Alert color="yellow" variant="light" title={t`Meant for the end of the academic year`} data-testid="rollover-off-season">
      {t`Start the new year from April, once classes end (the year ${currentYear} runs to ${formatDate(academicYearOf(academicYearStart(currentYear)).endDate)}; the next begins on 1 June). Starting it now, in the middle of the year, moves every student up and archives this year's batches.`}
    </Alert>
  );
}

/** The last rollover: what it did, and its undo while the new year has not begun (else the server's reason). */
function LatestRollover({ rollover }: { rollover: Rollover }) {
  const { t } = useLingui();
  const undo = useUndoRollover();
  const [outcome, setOutcome] = useState<{ color: string; text: string } | null>(null);
  const confirmUndo = () =>
    modals.openConfirmModal({
      title: t`Undo the start of ${rollover.toYear}?`,
      children: <Text size="sm">{t`Students go back to their standards, batches are no longer archived and the previous year balances are removed, as before the rollover.`}</Text>,
      labels: { confirm: t`Undo`, cancel: t`Keep it` },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        undo.mutate(rollover._id, {
          onSuccess: ({ message }) => setOutcome({ color: 'teal', text: message ?? t`The rollover was undone` }),
          onError: (failure) => setOutcome({ color: 'red', text: normalizeError(failure).message }),
        }),
    });
  return (
    <Card withBorder padding="md" data-testid="latest-rollover">
      <Stack gap="sm">
        <Title order={2} size="h4">
          <Trans>The new year was started</Trans>
        </Title>
        <SummaryView summary={rollover} />
        <Group gap="sm">
          <Button variant="light" color="red" onClick={confirmUndo} loading={undo.isPending}>
            <Trans>Undo</Trans>
          </Button>
        </Group>
        {outcome ? (
          <Alert color={outcome.color} role={outcome.color === 'red' ? 'alert' : 'status'}>
            {outcome.text}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
