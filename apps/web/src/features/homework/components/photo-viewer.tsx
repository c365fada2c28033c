import { ActionIcon, Anchor, Group, Image, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconFileTypePdf } from '@tabler/icons-react';
import { useHotkeys } from '@mantine/hooks';
import { useRef, useState, type PointerEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { HomeworkFile } from '@academy/shared/schemas/homework';
import { homeworkFileHref } from '../api';

export type ViewablePhoto = { src: string; alt: string };

/** How far a finger must travel sideways (px) to go to the next or previous photo. */
const SWIPE_PX = 60;

/**
 * Photos full screen (issue 73): one at a time, the next and previous by the arrows, the keyboard's
 * arrow keys or a sideways swipe; Escape or the close button returns to the page. Zooming is the
 * browser's own (pinch on a phone): the picture is a plain <img> that may grow past the screen.
 */
export function PhotoViewer({ photos, index, onIndex, onClose }: { photos: ViewablePhoto[]; index: number | null; onIndex: (index: number) => void; onClose: () => void }) {
  const { t } = useLingui();
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const opened = index !== null && photos.length > 0;
  const at = opened ? Math.min(index, photos.length - 1) : 0;
  const photo = photos[at];
  const hasPrevious = at > 0;
  const hasNext = at < photos.length - 1;
  const go = (step: number) => {
    const next = at + step;
    if (next >= 0 && next < photos.length) onIndex(next);
  };
  // The keyboard's arrows wherever the focus is in the viewer (its close button, the arrows).
  useHotkeys(opened ? [['ArrowRight', () => go(1)], ['ArrowLeft', () => go(-1)]] : []);
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    // Two fingers are a pinch (the browser's zoom), not a swipe.
    if (event.pointerType === 'mouse' || !event.isPrimary) return;
    start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const from = start.current;
    start.current = null;
    if (!from || from.id !== event.pointerId) return;
    const dx = event.clientX - from.x;
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(event.clientY - from.y) < Math.abs(dx) / 2) go(dx < 0 ? 1 : -1);
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      fullScreen
      title={
        <Text fw={600} lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
          {photo?.alt}
        </Text>
      }
      closeButtonProps={{ 'aria-label': t`Close the photo` }}
      transitionProps={{ duration: 0 }}
      styles={{ content: { display: 'flex', flexDirection: 'column' }, body: { flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0, padding: 0 } }}
    >
      {photo ? (
        <div
          data-testid="photo-viewer"
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={() => (start.current = null)}
          style={{ flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0, background: 'var(--mantine-color-dark-7)', touchAction: 'pan-y pinch-zoom' }}
        >
          <div style={{ flex: 1, minHeight: 0, overflow: 'auto', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            <img src={photo.src} alt={photo.alt} style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', display: 'block' }} />
          </div>
          {photos.length > 1 ? (
            <Group justify="space-between" wrap="nowrap" p="xs" bg="dark.8">
              <ActionIcon size="xl" variant="filled" color="gray" onClick={() => go(-1)} disabled={!hasPrevious} aria-label={t`Previous photo`}>
                <IconChevronLeft aria-hidden="true" />
              </ActionIcon>
              <Text c="white" size="sm" aria-live="polite">
                {t`${at + 1} of ${photos.length}`}
              </Text>
              <ActionIcon size="xl" variant="filled" color="gray" onClick={() => go(1)} disabled={!hasNext} aria-label={t`Next photo`}>
                <IconChevronRight aria-hidden="true" />
              </ActionIcon>
            </Group>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}

/**
 * A homework's files (the teacher's attachments, a student's pages): pictures as thumbnails that open
 * full screen, PDFs as links that open in the browser.
 */
export function HomeworkPhotos({ files, label, size = 'thumbnail' }: { files: HomeworkFile[]; label: (file: HomeworkFile, index: number) => string; size?: 'thumbnail' | 'page' }) {
  const { t } = useLingui();
  const [open, setOpen] = useState<number | null>(null);
  if (files.length === 0) return null;
  const pictures = files.filter((file) => file.contentType.startsWith('image/'));
  const photos = pictures.map((file) => ({ src: homeworkFileHref(file.url), alt: label(file, files.indexOf(file)) }));
  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap" align="flex-start">
        {files.map((file, index) => {
          if (!file.contentType.startsWith('image/'))
            return (
              <Anchor key={file._id} href={homeworkFileHref(file.url)} target="_blank" rel="noopener" size="sm" style={{ overflowWrap: 'anywhere' }}>
                <Group gap={4} wrap="nowrap">
                  <IconFileTypePdf size={16} aria-hidden="true" />
                  {label(file, index)}
                </Group>
              </Anchor>
            );
          const photoIndex = pictures.indexOf(file);
          const name = label(file, index);
          return (
            <UnstyledButton
              key={file._id}
              onClick={() => setOpen(photoIndex)}
              aria-label={t`Open ${name} full screen`}
              data-testid="homework-photo"
              style={{ borderRadius: 'var(--mantine-radius-sm)', border: '1px solid var(--mantine-color-gray-4)', overflow: 'hidden', lineHeight: 0, ...(size === 'page' ? { width: '100%', maxWidth: 720 } : {}) }}
            >
              {size === 'page' ? <Image src={homeworkFileHref(file.url)} alt="" w="100%" fit="contain" loading="lazy" /> : <Image src={homeworkFileHref(file.url)} alt="" w={96} h={128} fit="cover" loading="lazy" />}
            </UnstyledButton>
          );
        })}
      </Group>
      {pictures.length > 0 ? (
        <Text size="xs" c="dimmed">
          <Trans>Tap a photo to see it full screen.</Trans>
        </Text>
      ) : null}
      <PhotoViewer photos={photos} index={open} onIndex={setOpen} onClose={() => setOpen(null)} />
    </Stack>
  );
}
