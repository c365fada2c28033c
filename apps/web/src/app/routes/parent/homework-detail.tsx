import { Paper, Skeleton, Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { HOMEWORK_MESSAGES } from '@academy/shared/schemas/homework';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { MathMarkdown } from '../../../components/ui/math-markdown';
import { PageHeader } from '../../../components/ui/page-header';
import { useHomework } from '../../../features/homework/api';
import { BackToHomework } from '../../../features/homework/components/back-to-homework';
import { HomeworkFilesList } from '../../../features/homework/components/homework-files-list';
import { formatDateTime } from '../../../lib/format-date';

const LIST = '/app/parent/homework';

/** One of a child's homework for their parent, at its own address (issue 73): what was set, its sheets and photos (full screen on a tap). */
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
  return (
    <Stack gap="md">
      <BackToHomework to={LIST} />
      <PageHeader title={data.title} description={`${data.batch.name} · ${t({ message: `Due ${formatDateTime(data.dueAt)}`, context: 'homework' })}`} />
      {data.instructions || data.attachments.length > 0 ? (
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            {data.instructions ? <MathMarkdown source={data.instructions} /> : null}
            <HomeworkFilesList files={data.attachments} />
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
