import { Alert, Badge, Button, Checkbox, Group, NumberInput, Paper, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconRotate } from '@tabler/icons-react';
import { useRef, useState, type PointerEvent } from 'react';
import { useParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { HOMEWORK_MESSAGES, type SubmissionRow } from '@academy/shared/schemas/homework';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { useDoneInClass, useReview, useSubmissions } from '../../../features/homework/api';
import { BackToHomework } from '../../../features/homework/components/back-to-homework';
import { HomeworkFilesList } from '../../../features/homework/components/homework-files-list';
import { HomeworkPhotos } from '../../../features/homework/components/photo-viewer';
import { normalizeError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';

/**
 * One homework for its teacher, at its own address (issue 73: Android's back returns to the list):
 * homework handed in is checked one student after another; homework done in class is ticked.
 */
export function Component() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const list = useSubmissions(id);
  if (list.isPending) return <Skeleton h={300} radius="md" aria-hidden="true" />;
  if (list.isError)
    return (
      <Stack gap="md">
        <BackToHomework to="/app/teacher/homework" />
        <LoadErrorAlert title={t`This homework could not be loaded`} error={list.error} fallback={HOMEWORK_MESSAGES.notFound} onRetry={() => void list.refetch()} />
      </Stack>
    );
  const back = `/app/teacher/homework?batch=${encodeURIComponent(list.data.homework.batch._id)}`;
  return list.data.homework.handIn ? <CheckSubmissions id={id} back={back} /> : <TickDoneInClass id={id} back={back} />;
}

/** One student's submission at a time: their pages one after another, a comment, marks, Done or Redo, then the next. */
function CheckSubmissions({ id, back }: { id: string; back: string }) {
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
      <BackToHomework to={back} />
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
function TickDoneInClass({ id, back }: { id: string; back: string }) {
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
      <BackToHomework to={back} />
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
// A page's photo is a button (tap: full screen) that a swipe may start on.
const NOT_SWIPED = 'input, textarea, button:not([data-testid="homework-photo"]), a';

/**
 * One swipe per student (issue 59): right marks it done, left sends it back to redo; the buttons stay
 * for everyone who does not swipe (a mouse, a keyboard, a screen reader). Gives the card's pointer handlers
 * and how far it follows the finger.
 */
function useSwipeToMark(busy: boolean, mark: (status: 'done' | 'redo') => void) {
  const swipe = useRef<{ x: number; y: number; id: number } | null>(null);
  const [shift, setShift] = useState(0);
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    // A mouse, or a finger in the comment, the marks or a button, is not swiping the card.
    // The full-screen photo viewer is drawn elsewhere (a portal) but its events bubble here: not a swipe of the card.
    if (event.pointerType === 'mouse' || busy || !event.currentTarget.contains(event.target as Node) || (event.target as HTMLElement).closest(NOT_SWIPED)) return;
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
  return { shift, handlers: { onPointerDown, onPointerMove, onPointerUp: onPointerEnd, onPointerCancel: onPointerEnd } };
}

function ReviewCard({ row, position, onNext, onPrevious }: { row: SubmissionRow; position: string; onNext: () => void; onPrevious?: () => void }) {
  const { t } = useLingui();
  const submission = row.submission!;
  const [comment, setComment] = useState(submission.comment ?? '');
  const [marks, setMarks] = useState<number | string>(submission.marks ?? '');
  const review = useReview();
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
  const { shift, handlers } = useSwipeToMark(review.isPending, mark);
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid="review-card"
      {...handlers}
      // Vertical scrolling stays the browser's; sideways movement is the swipe.
      style={{ touchAction: 'pan-y', transform: shift ? `translateX(${shift}px)` : undefined, borderColor: shift >= SWIPE_PX ? 'var(--mantine-color-green-6)' : shift <= -SWIPE_PX ? 'var(--mantine-color-orange-6)' : undefined }}
    >
      <Stack gap="sm">
        <ReviewHeading row={row} position={position} />
        <Text size="sm" c="dimmed">
          <Trans>Handed in {formatDateTime(submission.submittedAt)}</Trans>
        </Text>
        <HomeworkPhotos files={submission.pages} label={(_page, pageIndex) => t`Page ${pageIndex + 1} of ${row.student.name}`} size="page" />
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
        <PreviousNext onPrevious={onPrevious} onNext={onNext} />
      </Stack>
    </Paper>
  );
}

function ReviewHeading({ row, position }: { row: SubmissionRow; position: string }) {
  const { t } = useLingui();
  const submission = row.submission!;
  return (
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
  );
}

function PreviousNext({ onPrevious, onNext }: { onPrevious?: () => void; onNext: () => void }) {
  return (
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
  );
}
