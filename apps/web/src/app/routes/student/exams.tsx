import { Button, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { PageHeader } from '../../../components/ui/page-header';
import { reportCardHref, EXAM_MESSAGES, useOwnExams } from '../../../features/exams/api';
import { ProgressChart } from '../../../features/exams/components/progress-chart';
import { StudentExamList } from '../../../features/exams/components/student-exam-list';
import { Trans, useLingui } from '@lingui/react/macro';
import { QueryStates } from '../../../components/ui/query-states';

export function Component() {
  const { t } = useLingui();
  const tests = useOwnExams();
  return (
    <>
      <PageHeader
        title={t`Tests`}
        description={t`Your marks and rank in each published test, with the batch's average and highest.`}
        actions={
          tests.data ? (
            <Button component="a" href={reportCardHref(tests.data.student._id)} download variant="light" leftSection={<IconDownload size={18} aria-hidden="true" />}>
              <Trans>Report card (PDF)</Trans>
            </Button>
          ) : null
        }
      />
      <QueryStates query={tests} skeleton={300} errorTitle={t`Your tests could not be loaded`} errorFallback={EXAM_MESSAGES.loadFailed}>
        {(data) => (
          <Stack gap="md">
            <ProgressChart tests={data.tests} />
            <StudentExamList tests={data.tests} />
          </Stack>
        )}
      </QueryStates>
    </>
  );
}
