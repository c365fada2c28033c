import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { HOMEWORK_MESSAGES } from '@academy/shared/schemas/homework';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { MathMarkdown } from '../../../components/ui/math-markdown';
import { PageHeader } from '../../../components/ui/page-header';
import { useHomework } from '../../../features/homework/api';
import { BackToHomework } from '../../../features/homework/components/back-to-homework';
import { HandInForm } from '../../../features/homework/components/hand-in-form';
import { HomeworkFilesList } from '../../../features/homework/components/homework-files-list';
import { HomeworkStatusBadge } from '../../../features/homework/components/homework-status';
import { HomeworkPhotos } from '../../../features/homework/components/photo-viewer';
import { formatDateTime } from '../../../lib/format-date';

const LIST = '/app/student/homework';

/** One homework for the student, at its own address (issue 73): read it, see the pages handed in (full screen on a tap), hand in. */
export function Component() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const work = useHomework(id);
  if (work.isPending) return <Skeleton h={300} radius="md" aria-hidden="true" />;
  if (work.isError)
    return (
      <Stack gap="md">
        <BackToHomework to={LIST} />
        <LoadErrorAlert title={t`This homework could not be loaded`} error={work.error} fallback={HOMEWORK_MESSAGES.notFound} onRetry={() => void work.refetch()} />
      </Stack>
    );
  const data = work.data;
  const submission = data.submission;
  const status = data.status;
  return (
    <Stack gap="md">
      <BackToHomework to={LIST} />
      <PageHeader title={data.title} description={`${data.batch.name} · ${t({ message: `Due ${formatDateTime(data.dueAt)}`, context: 'homework' })}`} />
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          {data.instructions ? <MathMarkdown source={data.instructions} /> : null}
          <HomeworkFilesList files={data.attachments} />
        </Stack>
      </Paper>
      <Stack gap="xs">
        <Title order={2} size="h4">
          <Trans>Your work</Trans>
        </Title>
        <div>
          <HomeworkStatusBadge status={status} late={submission?.late} />
        </div>
        {submission?.comment ? (
          <Text style={{ overflowWrap: 'anywhere' }}>
            <Trans>Teacher: {submission.comment}</Trans>
          </Text>
        ) : null}
        {submission && submission.status !== 'redo' && data.handIn ? (
          <Text size="sm" c="dimmed">
            <Trans>Handed in {formatDateTime(submission.submittedAt)}, {submission.pages.length} pages.</Trans>
          </Text>
        ) : null}
        {submission && submission.pages.length > 0 ? <HomeworkPhotos files={submission.pages} label={(_page, index) => t`Your page ${index + 1}`} /> : null}
        {submission?.pagesRemovedAt ? (
          <Text size="sm" c="dimmed" data-testid="pages-removed">
            <Trans>Pages removed: the academy keeps pages for one term.</Trans>
          </Text>
        ) : null}
      </Stack>
      {!data.handIn ? (
        <Text c="dimmed">
          <Trans>This homework is done in class: nothing to hand in here.</Trans>
        </Text>
      ) : submission?.status === 'done' ? null : (
        <HandInForm homeworkId={id} title={data.title} />
      )}
    </Stack>
  );
}
