import { Button, Group, Paper, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { REMARK_MAX_LENGTH, type Remark } from '@academy/shared/schemas/exams';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { fieldErrorsOf, normalizeError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { EXAM_MESSAGES, useBatchRemarks, useSaveRemark } from '../api';
import { Trans, useLingui } from '@lingui/react/macro';

/** One student's remark: a text box and its own Save button (one student at a time on a phone). */
function RemarkRow({ row, batchId }: { row: Remark; batchId: string }) {
  const { t } = useLingui();
  const save = useSaveRemark(batchId);
  const [text, setText] = useState(row.remark ?? '');
  const [error, setError] = useState<string | undefined>();
  const changed = text.trim() !== (row.remark ?? '');
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate(
      { studentId: row.student._id, remark: text },
      {
        onSuccess: ({ data, message }) => {
          setError(undefined);
          setText(data.remark ?? '');
          notifications.show({ message: message ?? EXAM_MESSAGES.remarkSaved, color: 'teal' });
        },
        onError: (failure) => {
          const message = normalizeError(failure).message;
          setError(fieldErrorsOf(failure)?.remark ?? message);
          notifications.show({ title: t`Remark not saved`, message, color: 'red' });
        },
      },
    );
  };
  return (
    <Paper component="li" withBorder radius="md" p="xs">
      <form onSubmit={submit} aria-label={t`Remark for ${row.student.name}`}>
        <Stack gap={6}>
          <Textarea
            label={row.student.name}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={REMARK_MAX_LENGTH}
            value={text}
            error={error}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setError(undefined);
            }}
          />
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="xs" c="dimmed" style={{ flex: 1, minWidth: 140 }}>
              {row.remark !== null && row.writtenAt ? (row.writtenBy ? t`By ${row.writtenBy}, ${formatDateTime(row.writtenAt)}` : formatDateTime(row.writtenAt)) : t`No remark yet`}
            </Text>
            <Button type="submit" size="sm" variant="light" disabled={!changed} loading={save.isPending} leftSection={<IconDeviceFloppy size={16} aria-hidden="true" />}>
              <Trans>Save remark</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/**
 * The teacher's remark on each student's report card for this batch (issue 23): the batch's teacher
 * (or the admin) writes one per student; the report card prints it with the writer's name. Empty removes it.
 */
export function BatchRemarks({ batchId }: { batchId: string }) {
  const { t } = useLingui();
  const remarks = useBatchRemarks(batchId);
  if (remarks.isPending) return <Skeleton h={200} radius="md" aria-hidden="true" />;
  if (remarks.isError) return <LoadErrorAlert title={t`The remarks could not be loaded`} error={remarks.error} fallback={EXAM_MESSAGES.loadFailed} onRetry={() => void remarks.refetch()} />;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        <Trans>Each student's report card prints your remark with your name. Leave it empty to remove it.</Trans>
      </Text>
      {remarks.data.rows.length === 0 ? (
        <Text c="dimmed">
          <Trans>No students in this batch yet.</Trans>
        </Text>
      ) : (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Report card remarks`}>
          {remarks.data.rows.map((row) => (
            <RemarkRow key={`${row.student._id}:${row.writtenAt ?? ''}`} row={row} batchId={batchId} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
