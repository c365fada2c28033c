import { Paper, Stack, Title } from '@mantine/core';
import { PageHeader } from '../../../components/ui/page-header';
import { NoteForm } from '../../../features/notes/components/note-form';
import { TeacherNotesView } from '../../../features/notes/components/teacher-notes-view';
import { Trans, useLingui } from '@lingui/react/macro';

export function Component() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Notes`} description={t`Share PDFs with a batch, one student, or keep them for yourself. Students are told when a note reaches them.`} />
      <Stack gap="xl">
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="upload-note-heading">
          <Title order={2} size="h4" mb="md" id="upload-note-heading">
            <Trans>Upload a note</Trans>
          </Title>
          <NoteForm />
        </Paper>
        <section aria-labelledby="your-notes-heading">
          <Title order={2} size="h4" mb="md" id="your-notes-heading">
            <Trans>Your notes</Trans>
          </Title>
          <TeacherNotesView />
        </section>
      </Stack>
    </>
  );
}
