import { Paper, Stack, Title } from '@mantine/core';
import { PageHeader } from '../../../components/ui/page-header';
import { NoteForm } from '../../../features/notes/components/note-form';
import { TeacherNotesView } from '../../../features/notes/components/teacher-notes-view';

export function Component() {
  return (
    <>
      <PageHeader title="Notes" description="Share PDFs with a batch, one student, or keep them for yourself. Students are told when a note reaches them." />
      <Stack gap="xl">
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="upload-note-heading">
          <Title order={2} size="h4" mb="md" id="upload-note-heading">
            Upload a note
          </Title>
          <NoteForm />
        </Paper>
        <section aria-labelledby="your-notes-heading">
          <Title order={2} size="h4" mb="md" id="your-notes-heading">
            Your notes
          </Title>
          <TeacherNotesView />
        </section>
      </Stack>
    </>
  );
}
