import { useState } from 'react';
import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import type { Lecture } from '@academy/shared/schemas/lectures';
import { formatDate } from '../../../lib/format-date';
import { downloadLecture, lectureDownload, megabytes, offlineSupported, removeLectureDownload, type LectureDownload } from '../offline-lectures';

/**
 * "Download" under the player (issue 75, decision 088): keeps the voice + board rendition on the phone to
 * play with no network, shows the MB it takes and until when it is kept, and removes it on a tap.
 */
export function LectureDownloadControl({ lecture }: { lecture: Lecture }) {
  const { t } = useLingui();
  const [kept, setKept] = useState<LectureDownload | undefined>(() => lectureDownload(lecture._id));
  const [progress, setProgress] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  if (!offlineSupported() || !lecture.renditions.some((one) => one.kind === 'voice-board')) return null;

  const download = async () => {
    setFailed(false);
    setProgress(0);
    try {
      setKept(await downloadLecture(lecture, (done, total) => setProgress(Math.round((done / total) * 100))));
    } catch {
      setFailed(true);
    } finally {
      setProgress(null);
    }
  };
  const remove = async () => {
    await removeLectureDownload(lecture._id);
    setKept(undefined);
  };

  if (kept) {
    return (
      <Group justify="space-between" gap="xs" data-testid="lecture-downloaded">
        <Text size="sm" c="dimmed">
          {t`On this phone: ${megabytes(kept.bytes)}, kept until ${formatDate(new Date(kept.expiresAt).toISOString().slice(0, 10))}`}
        </Text>
        <Button variant="subtle" color="red" size="compact-sm" leftSection={<IconTrash size={16} aria-hidden="true" />} onClick={() => void remove()} data-testid="lecture-remove-download">
          {t`Remove download`}
        </Button>
      </Group>
    );
  }
  return (
    <Stack gap={4}>
      <Button variant="light" leftSection={<IconDownload size={18} aria-hidden="true" />} onClick={() => void download()} loading={progress !== null} data-testid="lecture-download">
        {t`Download to watch offline`}
      </Button>
      {progress !== null ? <Progress value={progress} size="sm" aria-label={t`Downloading`} /> : null}
      {failed ? (
        <Text size="sm" c="red" role="alert">
          {t`The download did not finish: check your connection and try again.`}
        </Text>
      ) : null}
    </Stack>
  );
}
