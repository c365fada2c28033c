import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { academicYearOf, academicYearStart, formatDate } from '@academy/shared/calendar';
import type { RolloverInput, RolloverSummary } from '@academy/shared/schemas/academic-years';
import { normalizeError } from '../../../lib/api-client';
import { modals } from '../../../lib/modals';
import { useCheckRollover, useStartNewYear } from '../api';

/** A student's way into the new year. */
export type Choice = 'up' | 'repeat' | 'leave';

/**
 * The new year's choices and their dry run (issue 39): the day last year's batches end on, each
 * exception's way, the search, the check's counts, and the rollover after a confirmation. A change after
 * the check asks for a new check: the counts shown are always those of what is chosen.
 */
export function useRollover(currentYear: string | undefined) {
  const { t } = useLingui();
  const [endsOn, setEndsOn] = useState<string | null>(null);
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [search, setSearch] = useState('');
  const [preview, setPreview] = useState<RolloverSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const check = useCheckRollover();
  const start = useStartNewYear();
  // Classes end by 31 March (academicYearOf): the usual day for last year's batches to end.
  const batchesEndOn = endsOn ?? (currentYear ? academicYearOf(academicYearStart(currentYear)).endDate : '');
  const input = (): RolloverInput => ({
    batchesEndOn,
    repeat: Object.keys(choices).filter((id) => choices[id] === 'repeat'),
    leave: Object.keys(choices).filter((id) => choices[id] === 'leave'),
  });
  const changed = () => {
    setPreview(null);
    setError(null);
  };
  const changeEndsOn = (value: string | null) => {
    setEndsOn(value);
    changed();
  };
  const choose = (id: string, choice: Choice) => {
    setChoices((current) => {
      const next = { ...current };
      if (choice === 'up') delete next[id];
      else next[id] = choice;
      return next;
    });
    changed();
  };
  const runCheck = () =>
    check.mutate(input(), {
      onSuccess: (summary) => {
        setPreview(summary);
        setError(null);
      },
      onError: (failure) => setError(normalizeError(failure).message),
    });
  const confirmStart = (summary: RolloverSummary) =>
    modals.openConfirmModal({
      title: t`Start the academic year ${summary.toYear}?`,
      children: (
        <Text size="sm">
          {t`Students move up a standard, last year's batches end on ${formatDate(batchesEndOn)} and are archived, and unpaid fees move to the new year. You can undo it until the first change of the new year.`}
        </Text>
      ),
      labels: { confirm: t`Start the new year`, cancel: t`Not yet` },
      onConfirm: () =>
        start.mutate(input(), {
          onSuccess: ({ message }) => {
            setPreview(null);
            setChoices({});
            notifications.show({ color: 'teal', message: message ?? t`The new academic year has begun` });
          },
          onError: (failure) => setError(normalizeError(failure).message),
        }),
    });
  return { batchesEndOn, changeEndsOn, choices, choose, search, setSearch, preview, error, checking: check.isPending, starting: start.isPending, runCheck, confirmStart };
}

export type RolloverState = ReturnType<typeof useRollover>;
