import '@mantine/dropzone/styles.css';
import { Button, Group, Progress, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { Dropzone, PDF_MIME_TYPE, type FileRejection } from '@mantine/dropzone';
import type { UseFormReturnType } from '@mantine/form';
import { IconFileTypePdf, IconUpload, IconX } from '@tabler/icons-react';
import { NOTE_MAX_BYTES, NOTE_MAX_LABEL, NOTE_MESSAGES, formatFileSize, type Note } from '@academy/shared/schemas/notes';
import { useBatches } from '../../batches/api';
import { useStandards } from '../../standards/api';
import { useSubjects } from '../../subjects/api';
import { useMyStudents } from '../../teacher-students/api';
import { useNoteForm, type NoteFormValues } from './use-note-form';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { t as translate } from '@lingui/core/macro';
import { useLocalNames } from '../../../lib/public-settings';
import { localNameOptions } from '../../../lib/local-name-search';

const TARGET_OPTIONS = [
  { value: 'batch', label: msg`A batch` },
  { value: 'student', label: msg`One student` },
  { value: 'personal', label: msg`Only me` },
];

function rejectionMessage(rejections: FileRejection[]): string {
  const codes = rejections.flatMap((rejection) => rejection.errors.map((error) => error.code));
  if (codes.includes('file-too-large')) return NOTE_MESSAGES.tooLarge;
  if (codes.includes('too-many-files')) return translate`Choose one file at a time`;
  return translate`Only PDF files can be uploaded`;
}

/**
 * Uploads a note (a PDF dropped or chosen, with a progress bar) or edits one (`note`: its details,
 * and optionally a new file). A teacher picks one of their batches or students, or keeps it to
 * themselves; a public note also shows on the website's Resources page.
 */
export function NoteForm({ note, onDone, onCancel }: { note?: Note; onDone?: (note: Note) => void; onCancel?: () => void }) {
  const { t } = useLingui();
  const { form, editing, saving, file, fileError, setFileError, progress, chooseFile, handleSubmit } = useNoteForm(note, onDone);
  const subjects = useSubjects();
  const standards = useStandards();
  const names = useLocalNames();
  const target = form.getValues().target;

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <NoteFileDrop editing={editing} note={note} file={file} fileError={fileError} disabled={saving} onChoose={chooseFile} onError={setFileError} />

        <TextInput label={t`Title`} required maxLength={200} {...form.getInputProps('title')} />
        <Textarea label={t`Description`} autosize minRows={2} maxRows={6} maxLength={2000} {...form.getInputProps('description')} />

        <NoteAudienceFields form={form} note={note} />

        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t`Subject`}
            placeholder={t`Choose a subject`}
            {...localNameOptions(subjects.data, names.subject)}
            clearable
            searchable
            {...form.getInputProps('subject')}
          />
          <Select
            label={t`Standard`}
            placeholder={target === 'batch' ? t`The batch’s standard` : t`Choose a standard`}
            {...localNameOptions(standards.data, names.standard)}
            clearable
            searchable
            {...form.getInputProps('standard')}
          />
        </SimpleGrid>

        <Switch label={t`Public: also show it on the website’s Resources page`} {...form.getInputProps('isPublic', { type: 'checkbox' })} />

        {progress !== null ? (
          <Stack gap={4}>
            <Progress value={Math.round(progress * 100)} animated={progress < 1} aria-label={t`Upload progress`} />
            <Text size="sm" c="dimmed" aria-live="polite">
              {progress < 1 ? t`Uploading… ${Math.round(progress * 100)}%` : t`Saving…`}
            </Text>
          </Stack>
        ) : null}

        <Group justify="flex-end" gap="sm">
          {onCancel ? (
            <Button variant="default" onClick={onCancel} disabled={saving}>
              <Trans>Cancel</Trans>
            </Button>
          ) : null}
          <Button type="submit" loading={saving} leftSection={editing ? undefined : <IconUpload size={16} aria-hidden="true" />}>
            {editing ? t`Save` : t`Upload`}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type NoteFileDropProps = { editing: boolean; note: Note | undefined; file: File | null; fileError: string | null; disabled: boolean; onChoose: (file: File | undefined) => void; onError: (message: string) => void };

/** The PDF to upload, dropped or chosen: one, at most NOTE_MAX_LABEL; when editing, a new one is optional. */
function NoteFileDrop({ editing, note, file, fileError, disabled, onChoose, onError }: NoteFileDropProps) {
  const { t } = useLingui();
  return (
    <div>
      <Dropzone
        onDrop={(files) => onChoose(files[0])}
        onReject={(rejections) => onError(rejectionMessage(rejections))}
        accept={PDF_MIME_TYPE}
        maxSize={NOTE_MAX_BYTES}
        maxFiles={1}
        multiple={false}
        disabled={disabled}
        inputProps={{ 'aria-label': editing ? t`Replace the PDF file` : t`PDF file` }}
        radius="md"
        p="md"
      >
        <Group justify="center" gap="md" mih={editing ? 60 : 100} style={{ pointerEvents: 'none' }} wrap="nowrap">
          <Dropzone.Accept>
            <IconUpload size={36} stroke={1.5} color="var(--mantine-color-blue-6)" aria-hidden="true" />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={36} stroke={1.5} color="var(--mantine-color-red-6)" aria-hidden="true" />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconFileTypePdf size={36} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden="true" />
          </Dropzone.Idle>
          <div style={{ minWidth: 0 }}>
            {file ? (
              <>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {file.name}
                </Text>
                <Text size="sm" c="dimmed">
                  {t`${formatFileSize(file.size)} · tap to choose another`}
                </Text>
              </>
            ) : (
              <>
                <Text fw={600}>{editing ? t`Replace the PDF (optional)` : t`Drop a PDF here or tap to choose one`}</Text>
                <Text size="sm" c="dimmed">
                  {editing && note ? t`Now: ${note.fileName}.` + ' ' : ''}
                  {t`One PDF, at most ${NOTE_MAX_LABEL}`}
                </Text>
              </>
            )}
          </div>
        </Group>
      </Dropzone>
      {fileError ? (
        <Text size="sm" c="red.9" mt={4} role="alert">
          {fileError}
        </Text>
      ) : null}
    </div>
  );
}

/** Who sees the note: a batch, one student, or only the teacher (and, public, the website's visitors). */
function NoteAudienceFields({ form, note }: { form: UseFormReturnType<NoteFormValues>; note: Note | undefined }) {
  const { t, i18n } = useLingui();
  const batches = useBatches();
  const students = useMyStudents('');
  const batchOptions = (batches.data ?? []).map((batch) => ({ value: batch._id, label: batch.name }));
  if (note?.batch && !batchOptions.some((option) => option.value === note.batch!._id)) batchOptions.push({ value: note.batch._id, label: note.batch.name });
  const studentOptions = (students.data ?? []).map((student) => ({ value: student._id, label: student.name }));
  if (note?.student && !studentOptions.some((option) => option.value === note.student!._id)) studentOptions.push({ value: note.student._id, label: note.student.name });
  const target = form.getValues().target;
  return (
    <>
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          <Trans>Share with</Trans>
        </Text>
        <SegmentedControl data={TARGET_OPTIONS.map((option) => ({ ...option, label: i18n._(option.label) }))} {...form.getInputProps('target')} fullWidth aria-label={t`Share with`} />
      </Stack>
      {target === 'batch' ? (
        <Select label={t`Batch`} placeholder={t`Choose a batch`} data={batchOptions} searchable required nothingFoundMessage={t`No batch`} {...form.getInputProps('batch')} />
      ) : target === 'student' ? (
        <Select label={t`Student`} placeholder={t`Choose a student`} data={studentOptions} searchable required nothingFoundMessage={t`No student`} {...form.getInputProps('student')} />
      ) : (
        <Text size="sm" c="dimmed">
          {form.getValues().isPublic ? t`A personal note: only you and, as it is public, the website’s visitors can see it.` : t`A personal note: only you can see it.`}
        </Text>
      )}
    </>
  );
}
