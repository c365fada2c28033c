import { ActionIcon, Alert, Button, FileButton, Group, Image, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconCamera, IconFileTypePdf, IconPhoto, IconTrash, IconWifiOff, IconCloudUpload } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime } from '../../../lib/format-date';
import type { WaitingHandIn } from '../hand-in-outbox';
import { useHandInPages, type Page } from './use-hand-in-pages';

/**
 * A student's hand-in from a phone (issue 59): pages photographed with the camera or picked from the
 * gallery (a PDF too), each picture shrunk on the phone before sending (shrink-picture.ts), put in
 * order, removed and taken again. Handing in first keeps the pages in the phone's outbox
 * (hand-in-outbox.ts, IndexedDB), then sends them: without a connection, or after a reload or a closed
 * tab, they wait there and go as soon as the phone is back online, as the attendance outbox does.
 */
export function HandInForm({ homeworkId, title }: { homeworkId: string; title: string }) {
  const hand = useHandInPages(homeworkId, title);
  const { pages, preparing, keeping, progress, error, waiting, busy } = hand;
  return (
    <Stack gap="sm">
      <PageChoosers busy={busy} onAdd={(files) => void hand.add(files)} />
      {preparing ? (
        <Text size="sm" c="dimmed">
          <Trans>Making the pictures smaller…</Trans>
        </Text>
      ) : null}
      {pages.length > 0 ? (
        <PageList pages={pages} busy={busy} onMove={hand.move} onRemove={hand.remove} />
      ) : (
        <Text size="sm" c="dimmed">
          <Trans>Photograph each page of your work, or choose a PDF.</Trans>
        </Text>
      )}
      {waiting ? <WaitingPagesAlert waiting={waiting} progress={progress} onSend={() => void hand.send()} onDiscard={hand.discard} /> : null}
      {error ? (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      ) : null}
      <Group>
        <Button onClick={() => void hand.handIn()} disabled={pages.length === 0 || busy} loading={keeping}>
          <Trans>Hand in {pages.length} pages</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

/** The two ways to add pages: the camera, or the gallery (a PDF too). */
function PageChoosers({ busy, onAdd }: { busy: boolean; onAdd: (files: File[]) => void }) {
  return (
    <Group gap="xs" wrap="wrap">
      <FileButton onChange={onAdd} accept="image/*" capture="environment" multiple>
        {(props) => (
          <Button {...props} leftSection={<IconCamera size={18} aria-hidden="true" />} disabled={busy}>
            <Trans>Take a photo</Trans>
          </Button>
        )}
      </FileButton>
      <FileButton onChange={onAdd} accept="image/jpeg,image/png,image/webp,application/pdf" multiple>
        {(props) => (
          <Button {...props} variant="light" leftSection={<IconPhoto size={18} aria-hidden="true" />} disabled={busy} data-testid="choose-pages">
            <Trans>Gallery or PDF</Trans>
          </Button>
        )}
      </FileButton>
    </Group>
  );
}

type PageListProps = { pages: Page[]; busy: boolean; onMove: (index: number, by: -1 | 1) => void; onRemove: (index: number) => void };

/** The pages to hand in, in order, each to move up or down or remove. */
function PageList({ pages, busy, onMove, onRemove }: PageListProps) {
  const { t } = useLingui();
  return (
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
              <ActionIcon variant="subtle" size="lg" onClick={() => onMove(index, -1)} disabled={index === 0 || busy} aria-label={t`Move page ${index + 1} up`}>
                <IconArrowUp size={18} />
              </ActionIcon>
              <ActionIcon variant="subtle" size="lg" onClick={() => onMove(index, 1)} disabled={index === pages.length - 1 || busy} aria-label={t`Move page ${index + 1} down`}>
                <IconArrowDown size={18} />
              </ActionIcon>
              <ActionIcon variant="subtle" color="red" size="lg" onClick={() => onRemove(index)} disabled={busy} aria-label={t`Remove page ${index + 1}`}>
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

type WaitingPagesAlertProps = { waiting: WaitingHandIn; progress: number | null; onSend: () => void; onDiscard: () => void };

/** The pages kept on the phone for this homework: waiting or being sent, or refused by the server. */
function WaitingPagesAlert({ waiting, progress, onSend, onDiscard }: WaitingPagesAlertProps) {
  const { t } = useLingui();
  return (
    <>
      {!waiting.error ? (
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
              <Button size="xs" variant="light" onClick={onSend}>
                <Trans>Send now</Trans>
              </Button>
              <Button size="xs" variant="subtle" color="red" onClick={onDiscard}>
                <Trans>Discard</Trans>
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {waiting.error ? (
        <Alert color="red" variant="light" role="alert" title={t`These pages were not taken`}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{waiting.error}</Text>
            <Button size="xs" variant="light" color="red" onClick={onDiscard}>
              <Trans>Discard</Trans>
            </Button>
          </Stack>
        </Alert>
      ) : null}
    </>
  );
}
