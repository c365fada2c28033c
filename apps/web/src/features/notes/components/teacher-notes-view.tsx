import { Button, Group, Modal, Select, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { NoteSearchInput } from './note-search-input';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { NOTE_MESSAGES, type Note, type NoteTarget } from '@academy/shared/schemas/notes';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { useBatches } from '../../batches/api';
import { useSubjects } from '../../subjects/api';
import { LoadMore } from '../../../components/list-kit/load-more';
import { useNotes } from '../api';
import { NoteCard, NoteCardList } from './note-card';
import { NoteForm } from './note-form';
import { NoteTargetBadges } from './note-target-badge';
import { NoteViewerModal, type ViewableNote } from './note-viewer-modal';
import { useConfirmDeleteNote } from './use-confirm-delete-note';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocalNames } from '../../../lib/public-settings';

const TARGET_FILTERS = [
  { value: 'batch', label: msg`Batches` },
  { value: 'student', label: msg`Single students` },
  { value: 'personal', label: msg`Only me` },
];

/** A teacher's notes (and their batches'), filtered by batch, subject, target and words; open, edit, delete. */
export function TeacherNotesView() {
  const { t, i18n } = useLingui();
  const [batch, setBatch] = useState<string | null>(null);
  const [subject, setSubject] = useState<string | null>(null);
  const [target, setTarget] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const filters = { batch: batch ?? undefined, subject: subject ?? undefined, target: (target ?? undefined) as NoteTarget | undefined, search: debounced || undefined };
  const notes = useNotes(filters);
  const batches = useBatches();
  const subjects = useSubjects();
  const names = useLocalNames();
  const [viewing, setViewing] = useState<ViewableNote | null>(null);
  const [editing, setEditing] = useState<Note | null>(null);
  const confirmDelete = useConfirmDeleteNote();
  const filtered = Boolean(batch || subject || target || debounced);

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <NoteSearchInput value={search} onChange={setSearch} searching={notes.isFetching && Boolean(notes.data)} />
        <Select label={t`Batch`} placeholder={t`All batches`} clearable data={(batches.data ?? []).map((row) => ({ value: row._id, label: row.name }))} value={batch} onChange={setBatch} />
        <Select label={t`Subject`} placeholder={t`All subjects`} clearable data={(subjects.data ?? []).map((row) => ({ value: row._id, label: names.subject(row) }))} value={subject} onChange={setSubject} />
        <Select label={t`Shared with`} placeholder={t`Everyone`} clearable data={TARGET_FILTERS.map((option) => ({ ...option, label: i18n._(option.label) }))} value={target} onChange={setTarget} />
      </SimpleGrid>

      {notes.isPending ? (
        <Stack gap="sm" aria-hidden="true">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} h={130} radius="md" />
          ))}
        </Stack>
      ) : !notes.data ? (
        <LoadErrorAlert title={t`Your notes could not be loaded`} error={notes.error} fallback={NOTE_MESSAGES.fetchFailed} onRetry={() => void notes.refetch()} />
      ) : notes.data.notes.length === 0 ? (
        <Text c="dimmed" py="lg" ta="center">
          {filtered ? t`No note matches these filters.` : t`No notes yet. Upload your first PDF above.`}
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {plural(notes.data.total, { one: '# note', other: '# notes' })}
          </Text>
          <NoteCardList label={t`Notes`}>
            {notes.data.notes.map((note) => (
              <NoteCard
                key={note._id}
                note={note}
                onOpen={() => setViewing(note)}
                badges={<NoteTargetBadges note={note} />}
                actions={
                  note.canManage ? (
                    <Group gap="xs">
                      <Button size="xs" variant="default" leftSection={<IconEdit size={16} aria-hidden="true" />} onClick={() => setEditing(note)} aria-label={t`Edit ${note.title}`}>
                        <Trans>Edit</Trans>
                      </Button>
                      <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden="true" />} onClick={() => confirmDelete(note)} aria-label={t`Delete ${note.title}`}>
                        <Trans>Delete</Trans>
                      </Button>
                    </Group>
                  ) : null
                }
              />
            ))}
          </NoteCardList>
          <LoadMore list={notes} shown={notes.data.notes.length} />
        </>
      )}

      <NoteViewerModal note={viewing} onClose={() => setViewing(null)} />
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={t`Edit note`} size="lg" fullScreen={false}>
        {editing ? <NoteForm key={editing._id} note={editing} onDone={() => setEditing(null)} onCancel={() => setEditing(null)} /> : null}
      </Modal>
    </Stack>
  );
}
