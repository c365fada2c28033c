import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { SectionCard } from '../../../components/ui/section-card';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { formatNumber } from '../../../lib/format-number';
import { EXAM_MESSAGES, useExamResults } from '../api';
import { MarksEntry } from './marks-entry';
import { ResultsSummary } from './results-summary';
import { OmrSection } from './omr-section';
import { Trans, useLingui } from '@lingui/react/macro';

/** One test: marks entry, publishing and results (the batch's teacher and the admin). */
export function ExamMarksScreen({ examId, backHref }: { examId: string; backHref: (batchId?: string) => string }) {
  const { t } = useLingui();
  const results = useExamResults(examId);
  const notFound = results.error instanceof ApiError && (results.error.status === 404 || results.error.status === 403);
  const test = results.data?.test;
  return (
    <>
      <PageHeader
        title={test ? test.name : t`Test`}
        description={test ? `${test.batch.name} · ${formatDate(test.date)} · ${t`out of ${formatNumber(test.maxMarks)}`}${test.topic ? ` · ${test.topic}` : ''}` : undefined}
        actions={
          <Button component={Link} to={backHref(test?.batch._id)} variant="subtle" leftSection={<IconArrowLeft size={18} aria-hidden="true" />}>
            <Trans>Tests</Trans>
          </Button>
        }
      />
      {results.isPending ? (
        <Skeleton h={420} radius="md" aria-hidden="true" />
      ) : notFound ? (
        <Alert color="orange" variant="light" icon={<IconAlertCircle aria-hidden="true" />} title={t`Test not found`}>
          <Trans>It does not exist, or it is not in one of your batches.</Trans>
        </Alert>
      ) : results.isError ? (
        <LoadErrorAlert title={t`The test could not be loaded`} error={results.error} fallback={EXAM_MESSAGES.loadFailed} onRetry={() => void results.refetch()} />
      ) : (
        <Stack gap="lg">
          <SectionCard title={t`Marks`}>
            <MarksEntry key={`${results.data.test._id}`} results={results.data} />
          </SectionCard>
          <SectionCard title={t`Results`}>
            <ResultsSummary results={results.data} />
          </SectionCard>
          <OmrSection examId={results.data.test._id} batchId={results.data.test.batch._id} />
        </Stack>
      )}
    </>
  );
}
