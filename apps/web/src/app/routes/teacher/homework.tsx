import { Badge, Button, FileInput, Group, Paper, Select, Skeleton, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPaperclip, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { shiftDate } from '@academy/shared/calendar';
import { HOMEWORK_MESSAGES, type BatchHomeworkItem, type HomeworkDetail } from '@academy/shared/schemas/homework';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { MathMarkdown } from '../../../components/ui/math-markdown';
import { PageHeader } from '../../../components/ui/page-header';
import { useBatches } from '../../../features/batches/api';
import {
  useBatchHomework,
  useDeleteHomework,
  useHomework,
  useSetHomework,
  useUpdateHomework,
} from '../../../features/homework/api';
import { fieldErrorsOf, normalizeError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { useAcademyToday } from '../../../lib/use-academy-today';
import { modals } from '../../../lib/modals';

type HomeworkListQuery = ReturnType<typeof useBatchHomework>;

/**
 * Homework for the teacher's batches (issue 59): set it (Markdown with $…$ maths, a PDF or pictures,
 * a due time), correct or delete it, see who handed in and who is late, check each submission on a
 * phone, one student after another (the pages, a comment, optional marks, then Done or Redo, by a
 * swipe or the buttons), and tick who did homework done in class.
 */
export function Component() {
  const { t } = useLingui();
  const batches = useBatches();
  // The batch is in the address (issue 73): back from one homework returns to the same batch.
  const [params, setParams] = useSearchParams();
  const chosenBatch = params.get('batch');
  const setBatchId = (value: string | null) => setParams(value ? { batch: value } : {}, { replace: true });
  const batchId = chosenBatch ?? batches.data?.[0]?._id ?? null;
  const [editing, setEditing] = useState<string | null>(null);
  const [setting, setSetting] = useState(false);
  const list = useBatchHomework(batchId);

  return (
    <>
      <PageHeader title={t`Homework`} description={t`Set homework for a batch and check what the students hand in.`} />
      <Stack gap="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={t`Batch`}
            data={(batches.data ?? []).map((batch) => ({ value: batch._id, label: batch.name }))}
            value={batchId}
            onChange={setBatchId}
            allowDeselect={false}
            style={{ flex: '1 1 14rem' }}
          />
          {batchId && !setting ? (
            <Button onClick={() => setSetting(true)}>
              <Trans>Set homework</Trans>
            </Button>
          ) : null}
        </Group>
        {batchId && setting ? <SetHomeworkForm batchId={batchId} onClose={() => setSetting(false)} /> : null}
        {batchId && editing ? <EditHomework key={editing} id={editing} batchId={batchId} onClose={() => setEditing(null)} /> : null}
        {batchId ? <HomeworkList list={list} onEdit={setEditing} /> : null}
        {list.data && list.data.record.length > 0 ? <OnTimeRecord record={list.data.record} /> : null}
      </Stack>
    </>
  );
}

/** Asks before deleting a homework, then says how it went. */
function useConfirmDeleteHomework() {
  const { t } = useLingui();
  const remove = useDeleteHomework();
  return (item: BatchHomeworkItem) =>
    modals.openConfirmModal({
      title: t`Delete this homework?`,
      children: t`"${item.title}" is removed for the batch's students and parents. Homework that students have handed in cannot be deleted.`,
      labels: { confirm: t`Delete`, cancel: t`Keep` },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(item._id, {
          onSuccess: () => notifications.show({ title: t`Homework deleted`, message: item.title, color: 'teal' }),
          onError: (error) => notifications.show({ title: t`The homework was not deleted`, message: normalizeError(error).message, color: 'red' }),
        }),
    });
}

/** The batch's homework, newest first, or why there is none. */
function HomeworkList({ list, onEdit }: { list: HomeworkListQuery; onEdit: (id: string) => void }) {
  const { t } = useLingui();
  return list.isPending ? (
    <Skeleton h={160} radius="md" aria-hidden="true" />
  ) : list.isError ? (
    <LoadErrorAlert title={t`The homework could not be loaded`} error={list.error} fallback={HOMEWORK_MESSAGES.notFound} onRetry={() => void list.refetch()} />
  ) : list.data.homework.length === 0 ? (
    <Text c="dimmed" ta="center" py="lg">
      <Trans>No homework for this batch yet.</Trans>
    </Text>
  ) : (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {list.data.homework.map((item) => (
        <HomeworkCard key={item._id} item={item} onEdit={onEdit} />
      ))}
    </Stack>
  );
}

/** One homework: its due time, who handed it in (or ticked), and what the teacher can do with it. */
function HomeworkCard({ item, onEdit }: { item: BatchHomeworkItem; onEdit: (id: string) => void }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const openHomework = (id: string) => void navigate(`/app/teacher/homework/${encodeURIComponent(id)}`);
  const confirmDelete = useConfirmDeleteHomework();
  return (
  <Paper component="li" withBorder radius="md" p="sm" data-testid="batch-homework">
    <Stack gap={6}>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {item.title}
      </Text>
      <Text size="sm" c="dimmed">
        <Trans context="homework">Due {formatDateTime(item.dueAt)}</Trans>
      </Text>
      {item.handIn ? (
        <Group gap={6} wrap="wrap">
          <Badge variant="light">{t`${item.handedIn} of ${item.students} handed in`}</Badge>
          {item.late ? <Badge color="red" variant="light">{t`${item.late} late`}</Badge> : null}
          <Badge color="green" variant="light">{t`${item.checked} done`}</Badge>
        </Group>
      ) : (
        <Group gap={6} wrap="wrap">
          <Text size="sm">
            <Trans>Done in class</Trans>
          </Text>
          <Badge color="green" variant="light">{t`${item.handedIn} of ${item.students} ticked`}</Badge>
        </Group>
      )}
      <Group gap="xs" wrap="wrap">
        {item.handIn ? (
          <Button size="sm" variant="light" onClick={() => openHomework(item._id)}>
            <Trans>Check submissions</Trans>
          </Button>
        ) : (
          <Button size="sm" variant="light" onClick={() => openHomework(item._id)}>
            <Trans>Tick who did it</Trans>
          </Button>
        )}
        <Button size="sm" variant="subtle" leftSection={<IconPencil size={16} aria-hidden="true" />} onClick={() => onEdit(item._id)} aria-label={t`Edit ${item.title}`}>
          <Trans>Edit</Trans>
        </Button>
        <Button size="sm" variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden="true" />} onClick={() => confirmDelete(item)} aria-label={t`Delete ${item.title}`}>
          <Trans>Delete</Trans>
        </Button>
      </Group>
    </Stack>
  </Paper>
  );
}

/** Each student's homework handed in on time, of all that was due. */
function OnTimeRecord({ record }: { record: NonNullable<HomeworkListQuery['data']>['record'] }) {
  const { t } = useLingui();
  return (
  <Stack gap="xs">
    <Title order={2} size="h4">
      <Trans>On time, per student</Trans>
    </Title>
    <Paper withBorder radius="md" p="sm">
      <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="homework-record">
        {record.map((row) => (
          <Stack key={row.student._id} component="li" gap={0}>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {row.student.name}
            </Text>
            <Text size="sm" c={row.onTime < row.due ? 'red' : 'dimmed'}>
              {t`${row.onTime} on time · ${row.handedIn} handed in · ${row.due} due`}
            </Text>
          </Stack>
        ))}
      </Stack>
    </Paper>
  </Stack>
  );
}

/** A time for the datetime-local field on this device's clock ('YYYY-MM-DDTHH:mm'). */
function localDateTime(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A due time for the field: the academy's tomorrow (its time zone, not this device's clock) at 8 PM. */
function defaultDue(today: string): string {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a datetime-local value, not words
  return `${shiftDate(today, 1)}T20:00`;
}

/** The homework to correct, loaded with its instructions, in the same form as setting it. */
function EditHomework({ id, batchId, onClose }: { id: string; batchId: string; onClose: () => void }) {
  const { t } = useLingui();
  const work = useHomework(id);
  if (work.isPending) return <Skeleton h={240} radius="md" aria-hidden="true" />;
  if (work.isError) return <LoadErrorAlert title={t`This homework could not be loaded`} error={work.error} fallback={HOMEWORK_MESSAGES.notFound} onRetry={() => void work.refetch()} />;
  return <SetHomeworkForm batchId={batchId} existing={work.data} onClose={onClose} />;
}

/** Sets homework on the batch or, with `existing`, corrects it (its attachments stay as they are). */
function SetHomeworkForm({ batchId, existing, onClose }: { batchId: string; existing?: HomeworkDetail; onClose: () => void }) {
  const today = useAcademyToday();
  const { t } = useLingui();
  const [title, setTitle] = useState(existing?.title ?? '');
  const [instructions, setInstructions] = useState(existing?.instructions ?? '');
  const [due, setDue] = useState(() => (existing ? localDateTime(new Date(existing.dueAt)) : defaultDue(today)));
  const [handIn, setHandIn] = useState(existing?.handIn ?? true);
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const setHomework = useSetHomework();
  const update = useUpdateHomework();

  const submit = () => {
    setErrors({});
    const dueAt = due ? new Date(due) : null;
    const input = { title, instructions, dueAt: dueAt && !Number.isNaN(dueAt.getTime()) ? dueAt.toISOString() : '', handIn };
    const onError = (error: unknown) => {
      const fields = fieldErrorsOf(error);
      setErrors(fields ?? {});
      if (!fields) notifications.show({ title: existing ? t`The homework was not saved` : t`The homework was not set`, message: normalizeError(error).message, color: 'red' });
    };
    if (existing) {
      update.mutate(
        { id: existing._id, input },
        {
          onSuccess: () => {
            notifications.show({ title: t`Homework saved`, message: title, color: 'teal' });
            onClose();
          },
          onError,
        },
      );
      return;
    }
    setHomework.mutate(
      { batchId, input, files },
      {
        onSuccess: () => {
          notifications.show({ title: t`Homework set`, message: t`The batch's students are told.`, color: 'teal' });
          onClose();
        },
        onError,
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid={existing ? 'edit-homework' : 'set-homework'}>
      <Stack gap="sm">
        {existing ? (
          <Title order={2} size="h4">
            <Trans>Edit homework</Trans>
          </Title>
        ) : null}
        <TextInput label={t`Title`} value={title} onChange={(event) => {
            setTitle(event.currentTarget.value);
            setErrors(({ title: _cleared, ...rest }) => rest);
          }}
          error={errors.title} withAsterisk />
        <Textarea
          label={t`Instructions`}
          description={t`Write maths between dollar signs, like $x^2 + 1$.`}
          value={instructions}
          onChange={(event) => setInstructions(event.currentTarget.value)}
          error={errors.instructions}
          autosize
          minRows={3}
        />
        {instructions.includes('$') ? (
          <Paper bg="gray.0" p="sm" radius="sm" aria-label={t`Preview`}>
            <MathMarkdown source={instructions} />
          </Paper>
        ) : null}
        <TextInput type="datetime-local" label={t({ message: 'Due', context: 'homework' })} value={due} onChange={(event) => setDue(event.currentTarget.value)} error={errors.dueAt} withAsterisk />
        <Switch label={t`Handed in as photos or a PDF`} description={t`Off: only done in class.`} checked={handIn} onChange={(event) => setHandIn(event.currentTarget.checked)} />
        {existing ? null : (
        <FileInput
          label={t`Attachments`}
          description={t`A PDF or pictures (optional).`}
          multiple
          clearable
          accept="application/pdf,image/jpeg,image/png,image/webp"
          leftSection={<IconPaperclip size={16} aria-hidden="true" />}
          value={files}
          onChange={setFiles}
          error={errors.files}
        />
        )}
        <Group>
          <Button onClick={submit} loading={setHomework.isPending || update.isPending}>
            {existing ? <Trans>Save changes</Trans> : <Trans>Set homework</Trans>}
          </Button>
          <Button variant="subtle" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
