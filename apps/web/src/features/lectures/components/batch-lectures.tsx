import { useState } from 'react';
import { Badge, Button, Collapse, Group, Paper, Progress, Skeleton, Stack, Text } from '@mantine/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { Lecture, LectureProgress, LectureStatus } from '@academy/shared/schemas/lectures';
import { IconTrash } from '@tabler/icons-react';
import { useConfirmAction } from '../../../components/ui/confirm-action';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { SectionCard } from '../../../components/ui/section-card';
import { formatDate } from '../../../lib/format-date';
import { useBatchLectures, useRemoveLecture } from '../api';
import { LectureChaptersEditor } from './lecture-chapters';
import { LectureViewers } from './lecture-viewers';
import { AddLectureLink, LectureUploadLinks } from './lecture-upload-links';

/** What a failed read of the list says when the server said nothing usable. */
const LECTURES_FAILURE = msg`Failed to fetch lectures`;

const COLORS: Record<LectureStatus, string> = { uploading: 'gray', processing: 'blue', ready: 'green', failed: 'red' };

/**
 * Where a lecture stands, as a badge: waiting for its recording, being prepared (with how far, while its
 * job says so), ready to watch, or not preparable.
 */
export function LectureStatusBadge({ status, progress }: { status: LectureStatus; progress?: LectureProgress | null }) {
  const { t } = useLingui();
  const percent = progress?.percent ?? 0;
  const label: Record<LectureStatus, string> = {
    uploading: t`Waiting for the recording`,
    processing: progress ? t`Being prepared: ${percent} %` : t`Being prepared`,
    ready: t`Ready to watch`,
    failed: t`Could not be prepared`,
  };
  return (
    <Badge color={COLORS[status]} variant="light" data-status={status} style={{ flexShrink: 0 }}>
      {label[status]}
    </Badge>
  );
}

/** A batch's recorded lectures (issue 75) on the teacher's batch screen: day, title and where each stands. */
export function BatchLectures({ batchId, canAdd = false }: { batchId: string; canAdd?: boolean }) {
  const { t } = useLingui();
  const lectures = useBatchLectures(batchId);
  return (
    <SectionCard title={t`Recorded lectures`} actions={canAdd ? <AddLectureLink batchId={batchId} /> : undefined}>
      {lectures.isPending ? (
        <Skeleton h={60} radius="md" aria-hidden="true" />
      ) : lectures.isError ? (
        <LoadErrorAlert title={t`The lectures could not be loaded`} error={lectures.error} fallback={LECTURES_FAILURE} onRetry={() => void lectures.refetch()} />
      ) : lectures.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t`No recorded lectures yet.`}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="batch-lectures">
          {lectures.data.map((lecture) => (
            <Paper key={lecture._id} component="li" withBorder radius="md" p="sm" data-testid="batch-lecture">
              {/* The title on its own line: a phone's width is the title's, the day and the badge go below it. */}
              <Stack gap={4}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {lecture.title}
                </Text>
                <Group justify="space-between" gap="xs">
                  <Text size="sm" c="dimmed">
                    {formatDate(lecture.date)}
                  </Text>
                  {lecture.removedAt ? (
                    <Badge color="gray" variant="outline" data-status="removed" style={{ flexShrink: 0 }}>
                      {t`Removed`}
                    </Badge>
                  ) : (
                    <LectureStatusBadge status={lecture.status} progress={lecture.progress} />
                  )}
                </Group>
                {lecture.progress && !lecture.removedAt ? <LectureRenderProgress status={lecture.status} progress={lecture.progress} /> : null}
                {lecture.status === 'ready' ? <WhoWatched lectureId={lecture._id} /> : null}
                {canAdd && lecture.status === 'ready' && !lecture.removedAt ? <LectureChaptersEditor lecture={lecture} /> : null}
                {canAdd ? <LectureUploadLinks lecture={lecture} /> : null}
                {canAdd && !lecture.removedAt && lecture.status !== 'processing' ? <RemoveLectureButton lecture={lecture} /> : null}
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}

/**
 * How far the lecture's job is (migration 0097), as a bar with its words: the voice and board while it is
 * being prepared, then (ready already) each video rung. Updated as the list is polled.
 */
function LectureRenderProgress({ status, progress }: { status: LectureStatus; progress: LectureProgress }) {
  const { t } = useLingui();
  const percent = progress.percent;
  const rung = progress.step;
  const label = status === 'processing' || rung === 'voice-board' ? t`Preparing the voice and board: ${percent} %` : t`Preparing the ${rung} video: ${percent} %`;
  return (
    <Stack gap={2} data-testid="lecture-render-progress" data-step={progress.step} data-percent={percent}>
      <Progress value={percent} size="sm" aria-label={label} animated={status === 'processing'} />
      {/* Being prepared: the badge says the percent; ready already: the rung being made is said here. */}
      {status === 'ready' ? (
        <Text size="xs" c="dimmed">
          {label}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A ready lecture's "Who watched": the list is read only once it is opened. */
function WhoWatched({ lectureId }: { lectureId: string }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="subtle" size="compact-sm" px={0} style={{ alignSelf: 'flex-start' }} onClick={() => setOpen((was) => !was)} aria-expanded={open}>
        {open ? t`Hide who watched` : t`Who watched`}
      </Button>
      <Collapse expanded={open}>{open ? <LectureViewers lectureId={lectureId} /> : null}</Collapse>
    </>
  );
}

/** "Remove" (its teacher, the admin; decision 091), after a confirmation: its students are then told it was removed. */
function RemoveLectureButton({ lecture }: { lecture: Lecture }) {
  const { t } = useLingui();
  const remove = useRemoveLecture();
  const confirm = useConfirmAction();
  const title = lecture.title;
  return (
    <Button
      variant="subtle"
      color="red"
      size="compact-sm"
      px={0}
      style={{ alignSelf: 'flex-start' }}
      leftSection={<IconTrash size={14} aria-hidden="true" />}
      loading={remove.isPending}
      onClick={() =>
        confirm({
          title: t`Remove the lecture "${title}"?`,
          body: t`Its recording and files are deleted. Students who open it are told it was removed; who watched it stays in this list.`,
          confirmLabel: t`Remove`,
          mutation: remove,
          variables: lecture._id,
          done: { title: t`Lecture removed`, message: t`Lecture removed` },
          failed: { title: t`The lecture was not removed`, message: t`The lecture could not be removed` },
        })
      }
    >
      {t`Remove`}
    </Button>
  );
}
