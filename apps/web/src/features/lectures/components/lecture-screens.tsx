import { useEffect } from 'react';
import { Alert, Button, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconArrowLeft, IconPlayerPlay } from '@tabler/icons-react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useParams } from 'react-router';
import { LECTURE_MESSAGES, type Lecture } from '@academy/shared/schemas/lectures';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryStates } from '../../../components/ui/query-states';
import { formatDate } from '../../../lib/format-date';
import { useLecture, useMyLectures } from '../api';
import { LecturePlayer } from './lecture-player';
import { removeExpiredLectureDownloads, removeLectureDownload } from '../offline-lectures';
import { loadHls, prefetchLectureStart } from '../lecture-start';

/** A phone that asked to save data gets nothing fetched before a touch. */
const savesData = () => Boolean((navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData);

/**
 * On the list (decision 091): hls.js as soon as the list shows, and the start of the lecture most likely
 * opened next (the latest one not yet started), so Play has little left to fetch on slow data.
 */
function useEarlyStart(lectures: readonly Lecture[] | undefined) {
  useEffect(() => void loadHls().catch(() => {}), []);
  const next = lectures?.find((lecture) => !lecture.myView || lecture.myView.secondsWatched === 0);
  useEffect(() => {
    if (next && !savesData()) prefetchLectureStart(next._id);
  }, [next]);
}

const LIST_FAILURE = msg`Failed to fetch lectures`;

/**
 * The recorded lectures a student may watch (their batches' ready ones), or a parent (their children's),
 * the latest day first; each opens its player at `<base>/<id>`.
 */
export function MyLecturesPage({ base, audience }: { base: string; audience: 'student' | 'parent' }) {
  const { t } = useLingui();
  const lectures = useMyLectures();
  useEarlyStart(lectures.data);
  // Downloads kept longer than the academy allows leave the phone (decision 088).
  useEffect(() => void removeExpiredLectureDownloads(), []);
  return (
    <>
      <PageHeader
        title={t`Recorded lectures`}
        description={audience === 'student' ? t`Classes of your batches, to watch when you missed one or to hear again.` : t`Your children's recorded classes, to watch when they missed one.`}
      />
      <QueryStates query={lectures} skeleton={[72, 72, 72]} errorTitle={t`The lectures could not be loaded`} errorFallback={LIST_FAILURE}>
        {(data) =>
          data.length === 0 ? (
            <Text c="dimmed">{t`No recorded lectures yet.`}</Text>
          ) : (
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="my-lectures">
              {data.map((lecture) => (
                <li key={lecture._id}>
                  <UnstyledButton
                    component={Link}
                    to={`${base}/${lecture._id}`}
                    w="100%"
                    data-testid="my-lecture"
                    // A touch, hover or focus: the student means to open it; its start is fetched meanwhile.
                    onPointerDown={() => prefetchLectureStart(lecture._id)}
                    onPointerEnter={() => prefetchLectureStart(lecture._id)}
                    onFocus={() => prefetchLectureStart(lecture._id)}
                  >
                    <Paper withBorder radius="md" p="sm">
                      <Stack gap={2}>
                        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                          <IconPlayerPlay size={16} aria-hidden="true" style={{ verticalAlign: '-2px', marginInlineEnd: 6 }} />
                          {lecture.title}
                        </Text>
                        <Text size="sm" c="dimmed">
                          {lecture.batch.name} · {formatDate(lecture.date)}
                          {lecture.myView && lecture.myView.secondsWatched > 0 ? ` · ${t`Started`}` : ''}
                        </Text>
                      </Stack>
                    </Paper>
                  </UnstyledButton>
                </li>
              ))}
            </Stack>
          )
        }
      </QueryStates>
    </>
  );
}

/** One lecture's player (the voice + board rendition); a student's progress is kept to resume from. */
export function LecturePage({ base, reportProgress }: { base: string; reportProgress: boolean }) {
  const { t } = useLingui();
  const { id = '' } = useParams();
  // Its start (playlist, init, key, first segment) alongside the lecture's record, not after it.
  useEffect(() => {
    if (id) prefetchLectureStart(id);
    void loadHls().catch(() => {});
  }, [id]);
  const lecture = useLecture(id);
  useEffect(() => void removeExpiredLectureDownloads(), []);
  return (
    <Stack gap="md">
      <Button component={Link} to={base} variant="subtle" leftSection={<IconArrowLeft size={18} aria-hidden="true" />} px={0} style={{ alignSelf: 'flex-start' }}>
        <Trans>All lectures</Trans>
      </Button>
      <QueryStates query={lecture} skeleton={[220, 80]} errorTitle={t`This lecture could not be loaded`} errorFallback={LECTURE_MESSAGES.notFound}>
        {(data) => (
          <>
            <PageHeader title={data.title} description={`${data.batch.name} · ${formatDate(data.date)}`} />
            {data.removedAt ? (
              <RemovedLecture id={data._id} />
            ) : data.status === 'ready' ? (
              <LecturePlayer lecture={data} reportProgress={reportProgress} />
            ) : (
              <Text c="dimmed">{t`This lecture is not ready to watch yet.`}</Text>
            )}
          </>
        )}
      </QueryStates>
    </Stack>
  );
}

/** A lecture its teacher or the admin removed (decision 091): said plainly; a copy kept on this phone goes too. */
function RemovedLecture({ id }: { id: string }) {
  const { t } = useLingui();
  useEffect(() => void removeLectureDownload(id).catch(() => {}), [id]);
  return (
    <Alert color="gray" variant="light" title={t`This lecture was removed`} data-testid="lecture-removed">
      {t`The teacher or the academy removed it, so it cannot be watched any more. The other recorded lectures are in the list.`}
    </Alert>
  );
}
