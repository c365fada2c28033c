import { Alert, Anchor, Badge, Button, Checkbox, FileInput, Group, Image, NumberInput, Paper, Select, Skeleton, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconPaperclip, IconPencil, IconRotate, IconTrash } from '@tabler/icons-react';
import { useRef, useState, type PointerEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { HOMEWORK_MESSAGES, type BatchHomeworkItem, type HomeworkDetail, type SubmissionRow } from '@academy/shared/schemas/homework';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { MathMarkdown } from '../../../components/ui/math-markdown';
import { PageHeader } from '../../../components/ui/page-header';
import { useBatches } from '../../../features/batches/api';
import {
  homeworkFileHref,
  useBatchHomework,
  useDeleteHomework,
  useDoneInClass,
  useHomework,
  useReview,
  useSetHomework,
  useSubmissions,
  useUpdateHomework,
} from '../../../features/homework/api';
import { HomeworkFilesList } from '../../../features/homework/components/homework-files-list';
import { fieldErrorsOf, normalizeError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { modals } from '../../../lib/modals';
import { BackToHomework } from '../../../features/homework/components/back-to-homework';

/**
 * Homework for the teacher's batches (issue 59): set it (Markdown with $…$ maths, a PDF or pictures,
 * a due time), correct or delete it, see who handed in and who is late, check each submission on a
 * phone, one student after another (the pages, a comment, optional marks, then Done or Redo, by a
 * swipe or the buttons), and tick who did homework done in class.
 */
export function Component() {
  const { t } = useLingui();
  const batches = useBatches();
  const [chosenBatch, setBatchId] = useState<string | null>(null);
  const batchId = chosenBatch ?? batches.data?.[0]?._id ?? null;
  const [checking, setChecking] = useState<string | null>(null);
  const [ticking, setTicking] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [setting, setSetting] = useState(false);
  const list = useBatchHomework(batchId);
  const remove = useDeleteHomework();

  const confirmDelete = (item: BatchHomeworkItem) =>
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

  if (checking) return <CheckSubmissions id={checking} onBack={() => setChecking(null)} />;
  if (ticking) return <TickDoneInClass id={ticking} onBack={() => setTicking(null)} />;
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
        {!batchId ? null : list.isPending ? (
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
              <Paper key={item._id} component="li" withBorder radius="md" p="sm" data-testid="batch-homework">
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
                      <Button size="sm" variant="light" onClick={() => setChecking(item._id)}>
                        <Trans>Check submissions</Trans>
                      </Button>
                    ) : (
                      <Button size="sm" variant="light" onClick={() => setTicking(item._id)}>
                        <Trans>Tick who did it</Trans>
                      </Button>
                    )}
                    <Button size="sm" variant="subtle" leftSection={<IconPencil size={16} aria-hidden="true" />} onClick={() => setEditing(item._id)} aria-label={t`Edit ${item.title}`}>
                      <Trans>Edit</Trans>
                    </Button>
                    <Button size="sm" variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden="true" />} onClick={() => confirmDelete(item)} aria-label={t`Delete ${item.title}`}>
                      <Trans>Delete</Trans>
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            ))}
          </Stack>
        )}
        {list.data && list.data.record.length > 0 ? (
          <Stack gap="xs">
            <Title order={2} size="h4">
              <Trans>On time, per student</Trans>
            </Title>
            <Paper withBorder radius="md" p="sm">
              <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="homework-record">
                {list.data.record.map((row) => (
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
        ) : null}
      </Stack>
    </>
  );
}

/** A time for the datetime-local field on this device's clock ('YYYY-MM-DDTHH:mm'). */
function localDateTime(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A due time for the field: tomorrow at 8 PM on this device's clock. */
function defaultDue(): string {
  const due = new Date();
  due.setDate(due.getDate() + 1);
  due.setHours(20, 0, 0, 0);
  return localDateTime(due);
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
  const { t } = useLingui();
  const [title, setTitle] = useState(existing?.title ?? '');
  const [instructions, setInstructions] = useState(existing?.instructions ?? '');
  const [due, setDue] = useState(() => (existing ? localDateTime(new Date(existing.dueAt)) : defaultDue()));
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

/** One student's submission at a time: their pages one after another, a comment, marks, Done or Redo, then the next. */
function CheckSubmissions({ id, onBack }: { id: string; onBack: () => void }) {
  const { t } = useLingui();
  const list = useSubmissions(id);
  const [index, setIndex] = useState(0);
  if (list.isPending) return <Skeleton h={300} radius="md" aria-hidden="true" />;
  if (list.isError) return <LoadErrorAlert title={t`The submissions could not be loaded`} error={list.error} fallback={HOMEWORK_MESSAGES.notFound} onRetry={() => void list.refetch()} />;
  const handedIn = list.data.submissions.filter((row) => row.submission);
  const missing = list.data.submissions.filter((row) => !row.submission);
  const current = handedIn[Math.min(index, Math.max(handedIn.length - 1, 0))];
  return (
    <Stack gap="md">
      <BackToHomework onBack={onBack} />
      <PageHeader title={list.data.homework.title} description={t({ message: `Due ${formatDateTime(list.data.homework.dueAt)}`, context: 'homework' })} />
      <HomeworkFilesList files={list.data.homework.attachments} />
      {current ? (
        <ReviewCard
          key={current.submission!._id}
          row={current}
          position={t`${Math.min(index, handedIn.length - 1) + 1} of ${handedIn.length}`}
          onNext={() => setIndex((value) => (value + 1 < handedIn.length ? value + 1 : value))}
          onPrevious={index > 0 ? () => setIndex((value) => value - 1) : undefined}
        />
      ) : (
        <Text c="dimmed">
          <Trans>Nobody has handed in yet.</Trans>
        </Text>
      )}
      {missing.length > 0 ? (
        <Alert color="gray" variant="light" title={t`Not handed in (${missing.length})`}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {missing.map((row) => row.student.name).join(', ')}
          </Text>
        </Alert>
      ) : null}
    </Stack>
  );
}

/** Homework done in class: the batch's students with a tick each; saving sends every ticked student. */
function TickDoneInClass({ id, onBack }: { id: string; onBack: () => void }) {
  const { t } = useLingui();
  const list = useSubmissions(id);
  const save = useDoneInClass();
  const [ticked, setTicked] = useState<string[] | null>(null);
  if (list.isPending) return <Skeleton h={300} radius="md" aria-hidden="true" />;
  if (list.isError) return <LoadErrorAlert title={t`The students could not be loaded`} error={list.error} fallback={HOMEWORK_MESSAGES.notFound} onRetry={() => void list.refetch()} />;
  const current = ticked ?? list.data.submissions.filter((row) => row.submission).map((row) => row.student._id);
  const submit = () =>
    save.mutate(
      { id, ticks: { studentIds: current } },
      {
        onSuccess: ({ message }) => {
          notifications.show({ title: t`Ticks saved`, message: message ?? list.data.homework.title, color: 'teal' });
          setTicked(null);
        },
        onError: (error) => notifications.show({ title: t`The ticks were not saved`, message: normalizeError(error).message, color: 'red' }),
      },
    );
  return (
    <Stack gap="md">
      <BackToHomework onBack={onBack} />
      <PageHeader title={list.data.homework.title} description={t`Done in class · due ${formatDateTime(list.data.homework.dueAt)}`} />
      <Paper withBorder radius="md" p="sm">
        <Checkbox.Group label={t`Who did it in class`} value={current} onChange={setTicked}>
          <Stack gap="sm" mt="xs" data-testid="done-in-class">
            {list.data.submissions.map((row) => (
              <Checkbox key={row.student._id} value={row.student._id} label={row.student.name} size="md" />
            ))}
          </Stack>
        </Checkbox.Group>
      </Paper>
      <Group gap="sm" wrap="wrap">
        <Button onClick={submit} loading={save.isPending}>
          <Trans>Save ticks</Trans>
        </Button>
        <Button variant="subtle" onClick={() => setTicked(list.data.submissions.map((row) => row.student._id))}>
          <Trans>Tick everyone</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

/** How far a finger must travel sideways (px) for a swipe to mark the submission. */
const SWIPE_PX = 80;
const NOT_SWIPED = 'input, textarea, button, a';

function ReviewCard({ row, position, onNext, onPrevious }: { row: SubmissionRow; position: string; onNext: () => void; onPrevious?: () => void }) {
  const { t } = useLingui();
  const submission = row.submission!;
  const [comment, setComment] = useState(submission.comment ?? '');
  const [marks, setMarks] = useState<number | string>(submission.marks ?? '');
  const review = useReview();
  // One swipe per student (issue 59): right marks it done, left sends it back to redo; the buttons stay
  // for everyone who does not swipe (a mouse, a keyboard, a screen reader).
  const swipe = useRef<{ x: number; y: number; id: number } | null>(null);
  const [shift, setShift] = useState(0);
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    // A mouse, or a finger in the comment, the marks or a button, is not swiping the card.
    if (event.pointerType === 'mouse' || review.isPending || (event.target as HTMLElement).closest(NOT_SWIPED)) return;
    swipe.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = swipe.current;
    if (!start || start.id !== event.pointerId) return;
    const dx = event.clientX - start.x;
    // Mostly sideways: follow the finger; mostly up or down: the page scrolls, no swipe.
    if (Math.abs(event.clientY - start.y) > Math.abs(dx)) {
      swipe.current = null;
      setShift(0);
      return;
    }
    setShift(Math.max(-160, Math.min(160, dx)));
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    const start = swipe.current;
    swipe.current = null;
    setShift(0);
    if (!start || start.id !== event.pointerId || event.type === 'pointercancel') return;
    const dx = event.clientX - start.x;
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(event.clientY - start.y) < Math.abs(dx) / 2) mark(dx > 0 ? 'done' : 'redo');
  };
  const mark = (status: 'done' | 'redo') =>
    review.mutate(
      { id: submission._id, review: { status, comment, marks: typeof marks === 'number' ? marks : null } },
      {
        onSuccess: () => {
          notifications.show({ title: status === 'done' ? t`Marked done` : t`Sent back to redo`, message: row.student.name, color: status === 'done' ? 'teal' : 'orange' });
          onNext();
        },
        onError: (error) => notifications.show({ title: t`The review was not saved`, message: normalizeError(error).message, color: 'red' }),
      },
    );
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid="review-card"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      // Vertical scrolling stays the browser's; sideways movement is the swipe.
      style={{ touchAction: 'pan-y', transform: shift ? `translateX(${shift}px)` : undefined, borderColor: shift >= SWIPE_PX ? 'var(--mantine-color-green-6)' : shift <= -SWIPE_PX ? 'var(--mantine-color-orange-6)' : undefined }}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {row.student.name}
          </Title>
          <Group gap={6}>
            <Text size="sm" c="dimmed">
              {position}
            </Text>
            {submission.late ? (
              <Badge color="red" variant="light">
                <Trans>Late</Trans>
              </Badge>
            ) : null}
            <Badge variant="light" data-status={submission.status}>
              {submission.status === 'done' ? t`Done` : submission.status === 'redo' ? t`Redo` : t`To check`}
            </Badge>
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          <Trans>Handed in {formatDateTime(submission.submittedAt)}</Trans>
        </Text>
        <Stack gap="xs">
          {submission.pages.map((page, pageIndex) =>
            page.contentType.startsWith('image/') ? (
              <Image key={page._id} src={homeworkFileHref(page.url)} alt={t`Page ${pageIndex + 1} of ${row.student.name}`} radius="sm" fit="contain" loading="lazy" maw={720} />
            ) : (
              <Anchor key={page._id} href={homeworkFileHref(page.url)} target="_blank" rel="noopener">
                <Trans>Page {pageIndex + 1} (PDF)</Trans>
              </Anchor>
            ),
          )}
        </Stack>
        {submission.pagesRemovedAt ? (
          <Text size="sm" c="dimmed" data-testid="pages-removed">
            <Trans>Pages removed: the academy keeps pages for one term.</Trans>
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          <Trans>Swipe right for Done, left for Redo, or use the buttons.</Trans>
        </Text>
        <Textarea label={t`Comment`} value={comment} onChange={(event) => setComment(event.currentTarget.value)} autosize minRows={2} />
        <NumberInput label={t`Marks (optional)`} value={marks} onChange={setMarks} min={0} max={1000} decimalScale={2} maw={200} />
        <Group gap="sm" wrap="wrap">
          <Button color="green" leftSection={<IconCheck size={18} aria-hidden="true" />} onClick={() => mark('done')} loading={review.isPending} style={{ flex: '1 1 8rem' }}>
            <Trans>Done</Trans>
          </Button>
          <Button color="orange" variant="light" leftSection={<IconRotate size={18} aria-hidden="true" />} onClick={() => mark('redo')} loading={review.isPending} style={{ flex: '1 1 8rem' }}>
            <Trans>Redo</Trans>
          </Button>
        </Group>
        <Group justify="space-between">
          {onPrevious ? (
            <Button variant="subtle" size="xs" onClick={onPrevious}>
              <Trans>Previous</Trans>
            </Button>
          ) : (
            <span />
          )}
          <Button variant="subtle" size="xs" onClick={onNext}>
            <Trans>Next</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
