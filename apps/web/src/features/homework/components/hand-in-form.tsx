import { ActionIcon, Alert, Button, FileButton, Group, Image, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconCamera, IconFileTypePdf, IconPhoto, IconTrash, IconWifiOff, IconCloudUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { HOMEWORK_MAX_FILES } from '@academy/shared/schemas/homework';
import { formatDateTime } from '../../../lib/format-date';
import { useCurrentUser } from '../../../lib/session';
import { discardHandIn, keepHandIn, onHandInProgress } from '../hand-in-outbox';
import { shrinkPicture } from '../shrink-picture';
import { useHandInOutbox, useSendHandIns } from './hand-in-outbox';

type Page = { id: string; file: File; preview: string | null };

let nextId = 0;

/**
 * A student's hand-in from a phone (issue 59): pages photographed with the camera or picked from the
 * gallery (a PDF too), each picture shrunk on the phone before sending (shrink-picture.ts), put in
 * order, removed and taken again. Handing in first keeps the pages in the phone's outbox
 * (hand-in-outbox.ts, IndexedDB), then sends them: without a connection, or after a reload or a closed
 * tab, they wait there and go as soon as the phone is back online, as the attendance outbox does.
 */
export function HandInForm({ homeworkId, title }: { homeworkId: string; title: string }) {
  const { t } = useLingui();
  const userId = useCurrentUser()?._id;
  const [pages, setPages] = useState<Page[]>([]);
  const [preparing, setPreparing] = useState(false);
  const [keeping, setKeeping] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const waiting = useHandInOutbox().find((entry) => entry.homeworkId === homeworkId);
  const send = useSendHandIns();
  const pagesRef = useRef(pages);
  useEffect(() => {
    pagesRef.current = pages;
  }, [pages]);

  useEffect(() => () => pagesRef.current.forEach((page) => page.preview && URL.revokeObjectURL(page.preview)), []);

  const add = async (files: File[]) => {
    if (files.length === 0) return;
    setPreparing(true);
    setError(null);
    try {
      const shrunk = await Promise.all(files.map((file) => shrinkPicture(file)));
      setPages((current) =>
        [...current, ...shrunk.map((file) => ({ id: `page-${(nextId += 1)}`, file, preview: file.type.startsWith('image/') ? URL.createObjectURL(file) : null }))].slice(0, HOMEWORK_MAX_FILES),
      );
    } finally {
      setPreparing(false);
    }
  };
  const move = (index: number, by: -1 | 1) =>
    setPages((current) => {
      const next = [...current];
      const [page] = next.splice(index, 1);
      next.splice(index + by, 0, page!);
      return next;
    });
  const remove = (index: number) =>
    setPages((current) => {
      const gone = current[index];
      if (gone?.preview) URL.revokeObjectURL(gone.preview);
      return current.filter((_, i) => i !== index);
    });

  useEffect(() => onHandInProgress(homeworkId, setProgress), [homeworkId]);

  const handIn = async () => {
    if (!userId) return;
    setError(null);
    setKeeping(true);
    try {
      await keepHandIn({ userId, homeworkId, title, pages: pagesRef.current.map((page) => ({ name: page.file.name, type: page.file.type, blob: page.file })) });
    } catch {
      setError(t`This phone could not keep the pages. Check its free space and try again.`);
      return;
    } finally {
      setKeeping(false);
    }
    pagesRef.current.forEach((page) => page.preview && URL.revokeObjectURL(page.preview));
    setPages([]);
    await send();
  };

  const discard = () => {
    if (userId) void discardHandIn(userId, homeworkId);
  };

  const busy = preparing || keeping || Boolean(waiting && !waiting.error);
  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="wrap">
        <FileButton onChange={(files) => void add(files)} accept="image/*" capture="environment" multiple>
          {(props) => (
            <Button {...props} leftSection={<IconCamera size={18} aria-hidden="true" />} disabled={busy}>
              <Trans>Take a photo</Trans>
            </Button>
          )}
        </FileButton>
        <FileButton onChange={(files) => void add(files)} accept="image/jpeg,image/png,image/webp,application/pdf" multiple>
          {(props) => (
            <Button {...props} variant="light" leftSection={<IconPhoto size={18} aria-hidden="true" />} disabled={busy} data-testid="choose-pages">
              <Trans>Gallery or PDF</Trans>
            </Button>
          )}
        </FileButton>
      </Group>
      {preparing ? (
        <Text size="sm" c="dimmed">
          <Trans>Making the pictures smaller…</Trans>
        </Text>
      ) : null}
      {pages.length > 0 ? (
        <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Pages to hand in`}>
          {pages.map((page, index) => (
            <Paper key={page.id} component="li" withBorder p="xs" radius="md" data-testid="hand-in-page" data-bytes={page.file.size}>
              <Group gap="sm" wrap="nowrap" justify="space-between">
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                  {page.preview ? <Image src={page.preview} alt={t`Page ${index + 1}`} w={56} h={72} fit="cover" radius="sm" /> : <IconFileTypePdf size={40} aria-hidden="true" />}
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={600} size="sm">
                      <Trans>Page {index + 1}</Trans>
                    </Text>
                    <Text size="xs" c="dimmed">
                      {Math.max(1, Math.round(page.file.size / 1024))} KB
                    </Text>
                  </Stack>
                </Group>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon variant="subtle" size="lg" onClick={() => move(index, -1)} disabled={index === 0 || busy} aria-label={t`Move page ${index + 1} up`}>
                    <IconArrowUp size={18} />
                  </ActionIcon>
                  <ActionIcon variant="subtle" size="lg" onClick={() => move(index, 1)} disabled={index === pages.length - 1 || busy} aria-label={t`Move page ${index + 1} down`}>
                    <IconArrowDown size={18} />
                  </ActionIcon>
                  <ActionIcon variant="subtle" color="red" size="lg" onClick={() => remove(index)} disabled={busy} aria-label={t`Remove page ${index + 1}`}>
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          <Trans>Photograph each page of your work, or choose a PDF.</Trans>
        </Text>
      )}
      {waiting && !waiting.error ? (
        <Alert
          color={progress === null ? 'yellow' : 'blue'}
          variant="light"
          icon={progress === null ? <IconWifiOff aria-hidden="true" /> : <IconCloudUpload aria-hidden="true" />}
          title={progress === null ? t`Waiting to send` : t`Sending your pages`}
          data-testid={progress === null ? 'hand-in-waiting' : 'hand-in-sending'}
        >
          <Stack gap="xs">
            <Text size="sm">
              <Trans>
                {waiting.pageCount} pages kept on this phone at {formatDateTime(waiting.savedAt)}. They are sent as soon as the phone is online, even after you close the app.
              </Trans>
            </Text>
            {progress !== null ? <Progress value={progress * 100} aria-label={t`Sending`} /> : null}
            <Group gap="xs">
              <Button size="xs" variant="light" onClick={() => void send()}>
                <Trans>Send now</Trans>
              </Button>
              <Button size="xs" variant="subtle" color="red" onClick={discard}>
                <Trans>Discard</Trans>
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {waiting?.error ? (
        <Alert color="red" variant="light" role="alert" title={t`These pages were not taken`}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{waiting.error}</Text>
            <Button size="xs" variant="light" color="red" onClick={discard}>
              <Trans>Discard</Trans>
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {error ? (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      ) : null}
      <Group>
        <Button onClick={() => void handIn()} disabled={pages.length === 0 || busy} loading={keeping}>
          <Trans>Hand in {pages.length} pages</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
