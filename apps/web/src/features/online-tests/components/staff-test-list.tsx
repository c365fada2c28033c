import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { ListView, type ListColumn } from '../../../components/list-kit';
import { formatNumber } from '../../../lib/format-number';
import type { StaffOnlineTestRow } from '../staff-api';
import { markingText, StaffTestStatusBadge, windowText } from './staff-test-status';

/** The teacher's or the office's papers: cards on a phone, a table on a wide screen; the title opens the paper. */
export function StaffTestList({ tests, basePath }: { tests: StaffOnlineTestRow[]; basePath: string }) {
  const { t } = useLingui();
  const columns: ListColumn<StaffOnlineTestRow>[] = [
    {
      key: 'title',
      header: t`Test`,
      card: 'title',
      miw: 180,
      cell: (test) => (
        <Anchor component={Link} to={`${basePath}/${test._id}`} fw={600}>
          {test.title}
        </Anchor>
      ),
    },
    {
      key: 'batches',
      header: t`Batches`,
      card: 'subtitle',
      maw: 220,
      cell: (test) => (
        <Text size="sm" c="dimmed">
          {test.batches.map((batch) => batch.name).join(', ')}
        </Text>
      ),
    },
    { key: 'status', header: t`Status`, card: 'aside', nowrap: true, miw: 110, cell: (test) => <StaffTestStatusBadge test={test} /> },
    {
      key: 'window',
      header: t`Opens – closes`,
      miw: 200,
      cell: (test) => <Text size="sm">{windowText(test)}</Text>,
    },
    {
      key: 'paper',
      header: t`Paper`,
      cell: (test) => (
        <>
          <Text size="sm">
            {plural(test.questionCount, { one: '# question', other: '# questions' })} · {t`${formatNumber(test.maxMarks)} marks`}
          </Text>
          <Text size="sm" c="dimmed">
            {t`${test.durationMinutes} min`}
          </Text>
        </>
      ),
      cardCell: (test) => (
        <Text size="sm">
          {plural(test.questionCount, { one: '# question', other: '# questions' })} · {t`${formatNumber(test.maxMarks)} marks`} · {t`${test.durationMinutes} min`} · {markingText(test.marking)}
        </Text>
      ),
    },
    { key: 'marking', header: t`Marking`, nowrap: true, cell: (test) => <Text size="sm">{markingText(test.marking)}</Text>, card: 'hidden' },
    {
      key: 'attempts',
      header: t`Submitted / started`,
      align: 'right',
      cell: (test) => (test.status === 'draft' ? <Text size="sm" c="dimmed">–</Text> : <Text size="sm">{`${test.submitted} / ${test.attempts}`}</Text>),
      cardCell: (test) =>
        test.status === 'draft' ? null : (
          <Text size="sm" c="dimmed">
            {t`Submitted ${test.submitted} of ${test.attempts} started`}
          </Text>
        ),
    },
  ];
  return <ListView rows={tests} columns={columns} label={t`Online tests`} minWidth={900} />;
}
