import { Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { formatFileSize } from '@academy/shared/schemas/notes';
import { noteFileUrl } from '../api';
import { loadPdfViewer } from './pdf-viewer-loader';
import { Trans, useLingui } from '@lingui/react/macro';

// pdf.js is large: it loads with this chunk, only when someone opens a note (or is about to). The
// download button above it never waits for it.
const PdfDocumentView = lazy(() => loadPdfViewer().then((module) => ({ default: module.PdfDocumentView })));

export type ViewableNote = { _id: string; title: string; fileName: string; fileSize: number };

/** A note's PDF inside the page (full screen on phones), with a download button. */
export function NoteViewerModal({ note, onClose }: { note: ViewableNote | null; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 48em)', true, { getInitialValueInEffect: false });
  const { t } = useLingui();
  return (
    <Modal
      opened={note !== null}
      onClose={onClose}
      fullScreen={phone}
      size="min(1000px, 95vw)"
      title={
        <Text fw={600} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {note?.title}
        </Text>
      }
      styles={{ body: { display: 'flex', flexDirection: 'column', height: phone ? 'calc(100dvh - 64px)' : '80vh' } }}
    >
      {note ? (
        <>
          <Group justify="space-between" gap="xs" mb="xs" wrap="nowrap">
            <Text size="sm" c="dimmed" truncate>
              {note.fileName} · {formatFileSize(note.fileSize)}
            </Text>
            <Button component="a" href={noteFileUrl(note, true)} download={note.fileName} size="xs" variant="light" style={{ flexShrink: 0 }} leftSection={<IconDownload size={16} aria-hidden="true" />}>
              <Trans>Download</Trans>
            </Button>
          </Group>
          <Suspense
            fallback={
              <Stack gap={6} py="xl" px="md" maw={360} mx="auto">
                <Text size="sm" ta="center">
                  <Trans>Loading the PDF viewer… You can download the file meanwhile.</Trans>
                </Text>
                <Progress value={100} animated striped aria-label={t`Loading the PDF viewer`} />
              </Stack>
            }
          >
            <PdfDocumentView url={noteFileUrl(note)} />
          </Suspense>
        </>
      ) : null}
    </Modal>
  );
}
