import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { HOMEWORK_MESSAGES } from '@academy/shared/schemas/homework';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { MathMarkdown } from '../../../components/ui/math-markdown';
import { PageHeader } from '../../../components/ui/page-header';
import { useHomework, useStudentHomework } from '../../../features/homework/api';
import { HandInForm } from '../../../features/homework/components/hand-in-form';
import { HandInOutboxPanel } from '../../../features/homework/components/hand-in-outbox';
import { HomeworkFilesList } from '../../../features/homework/components/homework-files-list';
import { HomeworkList } from '../../../features/homework/components/homework-list';
import { HomeworkStatusBadge } from '../../../features/homework/components/homework-status';
import { formatDateTime } from '../../../lib/format-date';
import { BackToHomework } from '../../../features/homework/components/back-to-homework';

/** The student's homework (issue 59): what is set, due when, where it stands; open one to read it and hand in pages. */
export function Component() {
  const { t } = useLingui();
  const list = useStudentHomework();
  const [open, setOpen] = useState<string | null>(null);
  if (open) return <HomeworkScreen id={open} onBack={() => setOpen(null)} />;
  return (
    <>
      <PageHeader title={t`Homework`} description={t`Homework from your teachers. Open one to read it and hand in photos of your pages.`} />
      <HandInOutboxPanel />
      {list.isPending ? (
        <Skeleton h={200} radius="md" aria-hidden="true" />
      ) : list.isError ? (
        <LoadErrorAlert title={t`Your homework could not be loaded`} error={list.error} fallback={HOMEWORK_MESSAGES.notFound} onRetry={() => void list.refetch()} />
      ) : list.data.homework.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          <Trans>No homework yet. When a teacher sets homework for your batch, it appears here.</Trans>
        </Text>
      ) : (
        <HomeworkList items={list.data.homework} onOpen={setOpen} />
      )}
    </>
  );
}

function HomeworkScreen({ id, onBack }: { id: string; onBack: () => void }) {
  const { t } = useLingui();
  const work = useHomework(id);
  if (work.isPending) return <Skeleton h={300} radius="md" aria-hidden="true" />;
  if (work.isError) return <LoadErrorAlert title={t`This homework could not be loaded`} error={work.error} fallback={HOMEWORK_MESSAGES.notFound} onRetry={() => void work.refetch()} />;
  const data = work.data;
  const submission = data.submission;
  const status = data.status;
  return (
    <Stack gap="md">
      <BackToHomework onBack={onBack} />
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
