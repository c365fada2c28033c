import { ActionIcon, Alert, Button, FileButton, Group, Image, Paper, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconCamera, IconFileTypePdf, IconPhoto, IconTrash, IconWifiOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { HOMEWORK_MAX_FILES } from '@academy/shared/schemas/homework';
import { isNetworkFailure } from '../../attendance/attendance-outbox';
import { normalizeError } from '../../../lib/api-client';
import { useHandIn } from '../api';
import { shrinkPicture } from '../shrink-picture';

type Page = { id: string; file: File; preview: string | null };

let nextId = 0;

/**
 * A student's hand-in from a phone (issue 59): pages photographed with the camera or picked from the
 * gallery (a PDF too), each picture shrunk on the phone before sending (shrink-picture.ts), put in
 * order, removed and taken again. With no connection the pages wait on this screen and go as soon as
 * the phone is back online (the `online` event), as the attendance outbox does.
 */
export function HandInForm({ homeworkId, onDone }: { homeworkId: string; onDone?: () => void }) {
  const { t } = useLingui();
  const [pages, setPages] = useState<Page[]>([]);
  const [preparing, setPreparing] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [waiting, setWaiting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const handIn = useHandIn();
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

  const send = () => {
    setError(null);
    setProgress(0);
    handIn.mutate(
      { id: homeworkId, pages: pagesRef.current.map((page) => page.file), onProgress: setProgress },
      {
        onSuccess: ({ message }) => {
          setWaiting(false);
          setProgress(null);
          setPages([]);
          notifications.show({ title: t`Homework handed in`, message: message ?? t`Your teacher will check it.`, color: 'teal' });
          onDone?.();
        },
        onError: (failure) => {
          setProgress(null);
          if (isNetworkFailure(failure)) setWaiting(true);
          else setError(normalizeError(failure).message);
        },
      },
    );
  };

  // Back online: the waiting pages go by themselves.
  useEffect(() => {
    if (!waiting) return;
    const retry = () => send();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- send reads the pages through a ref
  }, [waiting]);

  // Offline before sending: the query client holds the hand-in (paused) and sends it once back online;
  // a connection lost during the upload fails it, and the `online` listener above sends it again.
  const offline = waiting || handIn.isPaused;
  const busy = preparing || handIn.isPending;
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
      {offline ? (
        <Alert color="yellow" variant="light" icon={<IconWifiOff aria-hidden="true" />} title={t`Waiting for a connection`} data-testid="hand-in-waiting">
          <Trans>Your pages are kept here and are sent as soon as the phone is back online. Keep this screen open.</Trans>
        </Alert>
      ) : null}
      {error ? (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      ) : null}
      {progress !== null && !offline ? <Progress value={progress * 100} aria-label={t`Sending`} /> : null}
      <Group>
        <Button onClick={send} disabled={pages.length === 0 || preparing} loading={handIn.isPending && !offline}>
          <Trans>Hand in {pages.length} pages</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
