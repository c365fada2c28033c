import { Button, Group, Paper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconMail } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { normalizeError } from '../../../lib/api-client';
import { EXAM_MESSAGES, useMailReportCards } from '../../../features/exams/api';
import { BatchExams } from '../../../features/exams/components/batch-exams';
import { Trans, useLingui } from '@lingui/react/macro';
import { useArea } from '../../area';
import { useCan } from '../../../lib/session';

/** A batch's exams, for the admin and a teacher (URLs keep "tests", issue 61); only the admin mails the report cards. */
export function Component() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const area = useArea();
  const mayMail = useCan('report-cards.mail');
  return (
    <>
      <PageHeader
        title={t`Tests`}
        description={t`Weekly tests of this batch: add one, then enter marks and publish the results.`}
        actions={
          <Button component={Link} to={`${area.path}/batches/${encodeURIComponent(id)}`} variant="subtle" leftSection={<IconArrowLeft size={18} aria-hidden="true" />}>
            <Trans>Batch</Trans>
          </Button>
        }
      />
      {mayMail ? <MailReportCards batchId={id} /> : null}
      <BatchExams batchId={id} examHref={(examId) => `${area.path}/tests/${encodeURIComponent(examId)}`} />
    </>
  );
}

function MailReportCards({ batchId }: { batchId: string }) {
  const { t } = useLingui();
  const mail = useMailReportCards(batchId);
  return (
    <Paper withBorder radius="md" p="sm" mb="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm" style={{ flex: 1, minWidth: 200 }}>
          <Trans>Mail every student of this batch their report card (a PDF of all published tests and attendance).</Trans>
        </Text>
        <Button
          variant="light"
          loading={mail.isPending}
          leftSection={<IconMail size={18} aria-hidden="true" />}
          onClick={() =>
            mail.mutate(
              {},
              {
                onSuccess: ({ message }) => notifications.show({ title: t`Report cards queued`, message: message ?? EXAM_MESSAGES.mailQueued, color: 'teal' }),
                onError: (error) => notifications.show({ title: t`Report cards not sent`, message: normalizeError(error).message, color: 'red' }),
              },
            )
          }
        >
          <Trans>Mail all report cards</Trans>
        </Button>
      </Group>
    </Paper>
  );
}
