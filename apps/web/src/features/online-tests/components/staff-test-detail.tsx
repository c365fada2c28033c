import { Alert, Button, Group, Text } from '@mantine/core';
import { IconKey, IconPrinter, IconSend } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import type { OnlineTest } from '@academy/shared/schemas/online-tests';
import { DetailActions, DetailPage, SectionCard } from '../../../components/detail-page';
import { AddressTabs } from '../../../components/ui/address-tabs';
import { formatDateTime } from '../../../lib/format-date';
import { formatNumber } from '../../../lib/format-number';
import { onlineTestPaperHref, STAFF_ONLINE_TEST_FAILURES, useStaffOnlineTest } from '../staff-api';
import { useConfirmDeleteTest, useConfirmPublishTest } from './staff-test-actions';
import { StaffTestPaper } from './staff-test-paper';
import { StaffTestResults } from './staff-test-results';
import { markingText, StaffTestStatusBadge } from './staff-test-status';
import { DetailList } from '../../../components/ui/detail-list';

/**
 * One paper for its teacher or the office: what it is, Publish (with a question first), Edit and
 * Delete while a draft; the paper with its answers and, once published, the results (shown first once
 * the test has opened). The tab lives in the address (`?tab=paper|results`).
 */
export function StaffTestDetail({ id, basePath }: { id: string; basePath: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const test = useStaffOnlineTest(id);
  const confirmPublish = useConfirmPublishTest();
  const confirmDelete = useConfirmDeleteTest(() => void navigate(basePath));
  return (
    <DetailPage
      query={test}
      title={test.data?.title ?? t`Online test`}
      description={(record) => record.batches.map((batch) => batch.name).join(', ')}
      back={{ to: basePath, label: t`All online tests` }}
      actions={(record) =>
        record.status === 'draft' ? (
          <DetailActions
            editTo={`${basePath}/${record._id}/edit`}
            onDelete={() => confirmDelete(record)}
            before={
              <Button leftSection={<IconSend size={18} aria-hidden="true" />} onClick={() => confirmPublish(record)} disabled={record.phase === 'closed'}>
                <Trans>Publish</Trans>
              </Button>
            }
          />
        ) : null
      }
      errorTitle={t`The online test could not be loaded`}
      errorFallback={STAFF_ONLINE_TEST_FAILURES.detail}
      skeletonHeight={320}
      maw={980}
    >
      {(record) => <TestBody test={record} />}
    </DetailPage>
  );
}

function TestBody({ test }: { test: OnlineTest }) {
  const { t } = useLingui();
  const published = test.status === 'published';
  return (
    <>
      {test.status === 'draft' && test.phase === 'closed' ? (
        <Alert color="yellow">
          <Trans>Its closing time has passed, so it can no longer be published: edit the dates first.</Trans>
        </Alert>
      ) : test.status === 'draft' ? (
        <Alert color="blue" variant="light">
          <Trans>A draft: its students do not see it. Check the paper below, then publish it.</Trans>
        </Alert>
      ) : null}
      <SectionCard title={t`About this test`}>
        {/* Two to a row even on a phone: nine one-line facts in one column pushed the paper and results a screen down. */}
        <DetailList
          cols={3}
          phoneCols={2}
          items={[
            { label: t`Status`, value: <StaffTestStatusBadge test={test} /> },
            { label: t`Opens`, value: formatDateTime(test.opensAt) },
            { label: t`Closes`, value: formatDateTime(test.closesAt) },
            { label: t`Results show`, value: formatDateTime(test.resultsAt ?? test.closesAt) },
            { label: t`Duration`, value: t`${test.durationMinutes} min` },
            { label: t`Marking (right / wrong / left)`, value: markingText(test.marking) },
            { label: t`Questions`, value: `${plural(test.questionCount, { one: '# question', other: '# questions' })} · ${t`${formatNumber(test.maxMarks)} marks`}` },
            { label: t`Order`, value: test.shuffle ? t`Shuffled for each student` : t`As on the paper` },
            { label: t`Submitted / started`, value: published ? `${test.submitted} / ${test.attempts}` : '–' },
            { label: t`Set by`, value: test.createdBy?.name ?? '–' },
          ]}
        />
        {/* On paper, for a student without a phone or a test in the hall: formulas typeset as on the phone. */}
        <Group gap="sm" mt="md">
          <Button component="a" href={onlineTestPaperHref(test._id)} download variant="light" leftSection={<IconPrinter size={18} aria-hidden="true" />}>
            <Trans>Question paper (PDF)</Trans>
          </Button>
          <Button component="a" href={onlineTestPaperHref(test._id, true)} download variant="default" leftSection={<IconKey size={18} aria-hidden="true" />}>
            <Trans>Answer key (PDF)</Trans>
          </Button>
        </Group>
      </SectionCard>
      {published ? (
        // Once students can take it, the results are what the teacher comes back for.
        <AddressTabs
          fallback={test.phase === 'upcoming' ? 'paper' : 'results'}
          tabs={[
            { value: 'paper', label: <Trans>Paper</Trans>, panel: <StaffTestPaper test={test} /> },
            { value: 'results', label: <Trans>Results</Trans>, panel: <StaffTestResults testId={test._id} /> },
          ]}
        />
      ) : (
        <>
          <Text size="sm" c="dimmed">
            <Trans>The paper with its answers, as you will publish it. Students get the questions without answers and, if you chose so, in their own order.</Trans>
          </Text>
          <StaffTestPaper test={test} />
        </>
      )}
    </>
  );
}
