import { Button, Group, Loader, Modal, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { formatFileSize } from '@academy/shared/schemas/notes';
import { noteFileUrl } from '../api';

// pdf.js is large: it loads with this chunk, only when someone opens a note.
const PdfDocumentView = lazy(() => import('./pdf-document-view').then((module) => ({ default: module.PdfDocumentView })));

export type ViewableNote = { _id: string; title: string; fileName: string; fileSize: number };

/** A note's PDF inside the page (full screen on phones), with a download button. */
export function NoteViewerModal({ note, onClose }: { note: ViewableNote | null; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 48em)', true, { getInitialValueInEffect: false });
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
              Download
            </Button>
          </Group>
          <Suspense
            fallback={
              <Group justify="center" py="xl">
                <Loader aria-label="Loading PDF viewer" />
              </Group>
            }
          >
            <PdfDocumentView url={noteFileUrl(note)} />
          </Suspense>
        </>
      ) : null}
    </Modal>
  );
}
