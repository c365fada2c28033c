import { Button, EmptyState, Group, Loader, Select, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBooks, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { NOTE_MESSAGES } from '@academy/shared/schemas/notes';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { usePublicNotes } from '../../../features/notes/api';
import { NoteCard, NoteCardList } from '../../../features/notes/components/note-card';
import { NoteViewerModal, type ViewableNote } from '../../../features/notes/components/note-viewer-modal';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { useLocalNames } from '../../../lib/public-settings';

function NothingShared() {
  const lp = useLocalizedPath();
  const { t } = useLingui();
  return (
    <EmptyState
      py={48}
      icon={<IconBooks size={32} stroke={1.5} aria-hidden="true" />}
      withIndicatorBackground
      title={t`Nothing here yet`}
      description={t`Our teachers will share free notes and practice papers here soon. Students of the academy find their batch's notes in their account.`}
    >
      <EmptyState.Actions>
        <Group justify="center" gap="sm">
          <Button component={Link} to={lp('/courses')} variant="default">
            <Trans>See Courses</Trans>
          </Button>
          <Button component={Link} to={lp('/login')}>
            <Trans>Student Login</Trans>
          </Button>
        </Group>
      </EmptyState.Actions>
    </EmptyState>
  );
}

export function Component() {
  const { t } = useLingui();
  const [subject, setSubject] = useState<string | null>(null);
  const [standard, setStandard] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const notes = usePublicNotes({ subject: subject ?? undefined, standard: standard ?? undefined, search: debounced || undefined });
  const names = useLocalNames();
  const [viewing, setViewing] = useState<ViewableNote | null>(null);
  const filtered = Boolean(subject || standard || debounced);

  return (
    <>
      <PageHeader
        title={t`Resources`}
        description={t`Free study material from our teachers: notes, practice questions and past papers.`}
        metaDescription={t`Free study material from the academy's teachers: notes, practice questions and past papers for 9th to 12th.`}
      />
      {notes.isPending ? (
        <Stack gap="sm" aria-hidden="true">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} h={130} radius="md" />
          ))}
        </Stack>
      ) : notes.isError ? (
        <LoadErrorAlert title={t`Resources could not be loaded`} error={notes.error} fallback={NOTE_MESSAGES.fetchFailed} onRetry={() => void notes.refetch()} />
      ) : notes.data.notes.length === 0 && !filtered ? (
        <NothingShared />
      ) : (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput
              label={t`Search`}
              placeholder={t`Topic or title`}
              type="search"
              leftSection={<IconSearch size={16} aria-hidden="true" />}
              rightSection={notes.isFetching && filtered ? <Loader size="xs" aria-label={t`Searching`} /> : null}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
            />
            <Select label={t`Subject`} placeholder={t`All subjects`} clearable data={notes.data.subjects.map((row) => ({ value: row._id, label: names.subject(row) }))} value={subject} onChange={setSubject} />
            <Select label={t`Standard`} placeholder={t`All standards`} clearable data={notes.data.standards.map((row) => ({ value: row._id, label: names.standard(row) }))} value={standard} onChange={setStandard} />
          </SimpleGrid>
          {notes.data.notes.length === 0 ? (
            <Text c="dimmed" py="lg" ta="center">
              <Trans>No notes match these filters.</Trans>
            </Text>
          ) : (
            <NoteCardList label={t`Free notes`}>
              {notes.data.notes.map((note) => (
                <NoteCard key={note._id} note={note} onOpen={() => setViewing(note)} />
              ))}
            </NoteCardList>
          )}
        </Stack>
      )}
      <NoteViewerModal note={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
