import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { NoteSearchInput } from '../../../features/notes/components/note-search-input';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { NOTE_MESSAGES } from '@academy/shared/schemas/notes';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadMore } from '../../../components/list-kit/load-more';
import { useNotes } from '../../../features/notes/api';
import { NoteCard, NoteCardList } from '../../../features/notes/components/note-card';
import { NoteViewerModal, type ViewableNote } from '../../../features/notes/components/note-viewer-modal';
import { groupNotesForStudent } from '../../../features/notes/note-groups';
import { useLingui } from '@lingui/react/macro';

export function Component() {
  return <NotesPage audience="student" />;
}

/** The notes list; a parent reads their children's notes with words meant for a parent (issue 21). */
export function NotesPage({ audience }: { audience: 'student' | 'parent' }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const notes = useNotes({ search: debounced || undefined });
  const [viewing, setViewing] = useState<ViewableNote | null>(null);
  const { t, i18n } = useLingui();
  const groups = notes.data ? groupNotesForStudent(notes.data.notes, i18n) : [];

  return (
    <>
      <PageHeader
        title={t`Notes`}
        description={
          audience === 'parent'
            ? t`Study material from your children's teachers, by batch. Open a note to read it here, or download it.`
            : t`Study material from your teachers, by batch. Open a note to read it here, or download it.`
        }
      />
      <Stack gap="lg">
        <NoteSearchInput value={search} onChange={setSearch} searching={notes.isFetching && Boolean(notes.data)} maw={420} />
        {notes.isPending ? (
          <Stack gap="sm" aria-hidden="true">
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} h={130} radius="md" />
            ))}
          </Stack>
        ) : !notes.data ? (
          <LoadErrorAlert title={audience === 'parent' ? t`The notes could not be loaded` : t`Your notes could not be loaded`} error={notes.error} fallback={NOTE_MESSAGES.fetchFailed} onRetry={() => void notes.refetch()} />
        ) : groups.length === 0 ? (
          <Text c="dimmed" py="lg" ta="center">
            {debounced ? t`No note matches “${debounced}”.` : audience === 'parent'
                ? t`No notes yet. The teachers’ notes for your children’s batches will appear here.`
                : t`No notes yet. Your teachers’ notes for your batches will appear here.`}
          </Text>
        ) : (
          <>
            {groups.map((group) => (
              <section key={group.key} aria-labelledby={`notes-${group.key}`}>
                <Title order={2} size="h4" mb="sm" id={`notes-${group.key}`}>
                  {group.title}
                </Title>
                <NoteCardList label={t`Notes: ${group.title}`}>
                  {group.notes.map((note) => (
                    <NoteCard key={note._id} note={note} onOpen={() => setViewing(note)} />
                  ))}
                </NoteCardList>
              </section>
            ))}
            <LoadMore list={notes} shown={notes.data.notes.length} />
          </>
        )}
      </Stack>
      <NoteViewerModal note={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
