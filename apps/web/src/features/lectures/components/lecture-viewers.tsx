import { Badge, Group, Progress, Skeleton, Stack, Text } from '@mantine/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { useLectureViewers } from '../api';

const VIEWERS_FAILURE = msg`Failed to fetch who watched`;

/** 75 → "1:15", 3725 → "62:05": minutes and seconds, so a short listen is not "0 min". */
function minutesAndSeconds(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * Who of the batch watched a lecture and how far (issue 75, decision 082), for its teacher and the admin:
 * the students marked absent that day first, as they are whom the recording is for.
 */
export function LectureViewers({ lectureId }: { lectureId: string }) {
  const { t } = useLingui();
  const viewers = useLectureViewers(lectureId, true);
  if (viewers.isPending) return <Skeleton h={60} radius="md" aria-hidden="true" />;
  if (viewers.isError) return <LoadErrorAlert title={t`Who watched could not be loaded`} error={viewers.error} fallback={VIEWERS_FAILURE} onRetry={() => void viewers.refetch()} />;
  if (viewers.data.length === 0) return <Text size="sm" c="dimmed">{t`No students in this batch.`}</Text>;
  const longest = Math.max(60, ...viewers.data.map((one) => one.furthest));
  return (
    <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="lecture-viewers">
      {viewers.data.map((viewer) => {
        const heard = minutesAndSeconds(viewer.secondsWatched);
        const reached = minutesAndSeconds(viewer.furthest);
        return (
          <li key={viewer.student._id} data-testid="lecture-viewer" data-absent={viewer.absent}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Group gap={6} wrap="wrap" style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {viewer.student.name}
                </Text>
                {viewer.absent ? (
                  <Badge size="xs" color="orange" variant="light">
                    {t`Absent that day`}
                  </Badge>
                ) : null}
              </Group>
              <Text size="xs" c={viewer.secondsWatched > 0 ? undefined : 'dimmed'} style={{ flexShrink: 0 }}>
                {viewer.secondsWatched > 0 ? t`${heard} heard, up to ${reached}` : t`Not watched`}
              </Text>
            </Group>
            <Progress value={(viewer.furthest / longest) * 100} size="xs" mt={4} aria-hidden="true" />
          </li>
        );
      })}
    </Stack>
  );
}
