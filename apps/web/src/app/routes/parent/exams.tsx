import { Button, Group, Skeleton, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ParentChild } from '@academy/shared/schemas/parents';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { reportCardHref, EXAM_MESSAGES, useChildExams } from '../../../features/exams/api';
import { ProgressChart } from '../../../features/exams/components/progress-chart';
import { StudentExamList } from '../../../features/exams/components/student-exam-list';
import { ChildScreen } from './child-screen';

/** A child's published tests for their parent: marks, rank, the batch's average and highest, progress, the report card. */
export function Component() {
  const { t } = useLingui();
  return <ChildScreen title={t`Tests`} description={t`Your child's marks and rank in each published test, with the batch's average and highest.`}>{(child) => <ChildTests child={child} />}</ChildScreen>;
}

function ChildTests({ child }: { child: ParentChild }) {
  const { t } = useLingui();
  const tests = useChildExams(child._id);
  if (tests.isPending) return <Skeleton h={300} radius="md" aria-hidden="true" />;
  if (tests.isError) return <LoadErrorAlert title={t`The tests could not be loaded`} error={tests.error} fallback={EXAM_MESSAGES.loadFailed} onRetry={() => void tests.refetch()} />;
  return (
    <Stack gap="md">
      <Group>
        <Button component="a" href={reportCardHref(child._id)} download variant="light" leftSection={<IconDownload size={18} aria-hidden="true" />}>
          <Trans>Report card (PDF)</Trans>
        </Button>
      </Group>
      <ProgressChart tests={tests.data.tests} studentName={tests.data.student.name} />
      <StudentExamList tests={tests.data.tests} />
    </Stack>
  );
}
