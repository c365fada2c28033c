import { Anchor, Badge, Button, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconDownload, IconEye } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatFileSize, type PublicNote } from '@academy/shared/schemas/notes';
import { formatDate } from '../../../lib/format-date';
import { noteFileUrl } from '../api';
import { preloadPdfViewer } from './pdf-viewer-loader';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocalNames } from '../../../lib/public-settings';

export type NoteCardData = Pick<PublicNote, '_id' | 'title' | 'description' | 'subject' | 'standard' | 'teacher' | 'fileName' | 'fileSize' | 'createdAt'>;

/**
 * One note in a list: its title opens it in the viewer; Download saves the PDF. `badges` and
 * `actions` add what a screen needs (the target for a teacher, edit and delete).
 */
export function NoteCard({ note, onOpen, badges, actions }: { note: NoteCardData; onOpen: () => void; badges?: ReactNode; actions?: ReactNode }) {
  const { t } = useLingui();
  const names = useLocalNames();
  return (
    <Card component="li" withBorder radius="md" padding="md" aria-label={note.title}>
      <Stack gap={6}>
        <Group gap={6}>
          {note.subject ? (
            <Badge variant="light" tt="none">
              {names.subject(note.subject)}
            </Badge>
          ) : null}
          {note.standard ? (
            <Badge variant="outline" color="gray" tt="none">
              {names.standard(note.standard)}
            </Badge>
          ) : null}
          {badges}
        </Group>
        <UnstyledButton onClick={onOpen} onPointerEnter={preloadPdfViewer} onTouchStart={preloadPdfViewer} onFocus={preloadPdfViewer} style={{ overflowWrap: 'anywhere' }}>
          <Anchor component="span" fw={600} size="lg">
            {note.title}
          </Anchor>
        </UnstyledButton>
        {note.description ? (
          <Text size="sm" lineClamp={3} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {note.description}
          </Text>
        ) : null}
        <Text size="sm" c="dimmed">
          {[note.teacher?.name, formatDate(note.createdAt), t`PDF, ${formatFileSize(note.fileSize)}`].filter(Boolean).join(' · ')}
        </Text>
        <Group gap="xs" mt={4}>
          <Button size="xs" onClick={onOpen} onPointerEnter={preloadPdfViewer} onTouchStart={preloadPdfViewer} onFocus={preloadPdfViewer} leftSection={<IconEye size={16} aria-hidden="true" />} aria-label={t`Open ${note.title}`}>
            <Trans>Open</Trans>
          </Button>
          <Button
            size="xs"
            variant="default"
            component="a"
            href={noteFileUrl(note, true)}
            download={note.fileName}
            leftSection={<IconDownload size={16} aria-hidden="true" />}
            aria-label={t`Download ${note.title}`}
          >
            <Trans>Download</Trans>
          </Button>
          {actions}
        </Group>
      </Stack>
    </Card>
  );
}

/** The list around NoteCards. */
export function NoteCardList({ children, label }: { children: ReactNode; label: string }) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {children}
    </Stack>
  );
}
