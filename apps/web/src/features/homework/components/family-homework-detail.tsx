import type { ReactNode } from 'react';
import { Paper, Skeleton, Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { HOMEWORK_MESSAGES } from '@academy/shared/schemas/homework';
import type { HomeworkDetail } from '@academy/shared/schemas/homework';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { MathMarkdown } from '../../../components/ui/math-markdown';
import { PageHeader } from '../../../components/ui/page-header';
import { useHomework } from '../api';
import { BackToHomework } from './back-to-homework';
import { HomeworkFilesList } from './homework-files-list';
import { formatDateTime } from '../../../lib/format-date';

interface FamilyHomeworkDetailProps {
  /** The list this screen goes back to. */
  listPath: string;
  /** Show the box of instructions and sheets even when the homework has neither (the student's screen). */
  alwaysShowBody?: boolean;
  /** What follows the homework itself (the student's own work and hand-in). */
  children?: (work: HomeworkDetail, id: string) => ReactNode;
}

/** One homework at its own address for a student or a parent (issue 73): what was set, its sheets and photos, and what the screen adds below. */
export function FamilyHomeworkDetail({ listPath, alwaysShowBody = false, children }: FamilyHomeworkDetailProps) {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const work = useHomework(id);
  if (work.isPending) return <Skeleton h={300} radius="md" aria-hidden="true" />;
  if (work.isError)
    return (
      <Stack gap="md">
        <BackToHomework to={listPath} />
        <LoadErrorAlert title={t`This homework could not be loaded`} error={work.error} fallback={HOMEWORK_MESSAGES.notFound} onRetry={() => void work.refetch()} />
      </Stack>
    );
  const data = work.data;
  return (
    <Stack gap="md">
      <BackToHomework to={listPath} />
      <PageHeader title={data.title} description={`${data.batch.name} · ${t({ message: `Due ${formatDateTime(data.dueAt)}`, context: 'homework' })}`} />
      {alwaysShowBody || data.instructions || data.attachments.length > 0 ? (
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            {data.instructions ? <MathMarkdown source={data.instructions} /> : null}
            <HomeworkFilesList files={data.attachments} />
          </Stack>
        </Paper>
      ) : null}
      {children?.(data, id)}
    </Stack>
  );
}
