import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { reportCardHref, EXAM_MESSAGES, useStudentExams } from '../api';
import { ProgressChart } from './progress-chart';
import { StudentExamList } from './student-exam-list';
import { Trans, useLingui } from '@lingui/react/macro';
import { DateField } from '../../../components/ui/date-field';
import { QueryStates } from '../../../components/ui/query-states';

/** On a student's page (admin): their tests, the progress chart and the report card download for a period. */
export function StudentExamsSection({ studentId, reportCard }: { studentId: string; reportCard: boolean }) {
  const { t } = useLingui();
  const tests = useStudentExams(studentId);
  const [period, setPeriod] = useState({ from: '', to: '' });
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="student-tests-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="student-tests-title">
          <Trans>Tests and marks</Trans>
        </Title>
        <QueryStates query={tests} skeleton={200} errorTitle={t`The tests could not be loaded`} errorFallback={EXAM_MESSAGES.loadFailed}>
          {(data) => (
            <>
              <ProgressChart tests={data.tests} studentName={data.student.name} />
              <StudentExamList tests={data.tests} />
            </>
          )}
        </QueryStates>
        {reportCard ? (
          <Group align="flex-end" gap="sm">
            <DateField label={t`From`} value={period.from} max={period.to || undefined} onChange={(from) => setPeriod({ ...period, from })} />
            <DateField label={t`To`} value={period.to} min={period.from || undefined} onChange={(to) => setPeriod({ ...period, to })} />
            <Button component="a" href={reportCardHref(studentId, period)} download variant="light" leftSection={<IconDownload size={18} aria-hidden="true" />}>
              <Trans>Report card (PDF)</Trans>
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
