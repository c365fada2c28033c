import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { NOTE_MESSAGES, type Note, type NoteInput, type NoteTarget } from '@academy/shared/schemas/notes';
import { fieldErrorsOf, normalizeError } from '../../../lib/api-client';
import { useUpdateNote, useUploadNote } from '../api';

export interface NoteFormValues {
  title: string;
  description: string;
  subject: string | null;
  standard: string | null;
  target: NoteTarget;
  batch: string | null;
  student: string | null;
  isPublic: boolean;
}

function initialValues(note: Note | undefined): NoteFormValues {
  return {
    title: note?.title ?? '',
    description: note?.description ?? '',
    subject: note?.subject?._id ?? null,
    standard: note?.standard?._id ?? null,
    target: note?.target ?? 'batch',
    batch: note?.batch?._id ?? null,
    student: note?.student?._id ?? null,
    isPublic: note?.isPublic ?? false,
  };
}

function toInput(values: NoteFormValues): NoteInput {
  return {
    title: values.title,
    description: values.description,
    subject: values.subject ?? '',
    standard: values.standard ?? '',
    batch: values.target === 'batch' ? (values.batch ?? '') : '',
    student: values.target === 'student' ? (values.student ?? '') : '',
    isPublic: values.isPublic,
  };
}

/** "Algebra_worksheet-1.pdf" → "Algebra worksheet 1": a first guess at the title. */
function titleFromFileName(name: string): string {
  return name
    .replace(/\.pdf$/i, '')
    .replace(/[_-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
}

/**
 * A note form's state and its save: the fields, the PDF chosen (its name a first guess at the title),
 * the upload's progress, and the server's field errors put on their fields (the file's under the drop).
 */
export function useNoteForm(note: Note | undefined, onDone: ((note: Note) => void) | undefined) {
  const { t } = useLingui();
  const editing = note !== undefined;
  const upload = useUploadNote();
  const update = useUpdateNote();
  const saving = upload.isPending || update.isPending;
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const form = useForm<NoteFormValues>({
    mode: 'controlled',
    initialValues: initialValues(note),
    validate: {
      title: (value) => (value.trim() === '' ? t`Title is required` : value.trim().length > 200 ? t`Title must be at most 200 characters` : null),
      description: (value) => (value.length > 2000 ? t`Description must be at most 2000 characters` : null),
      batch: (value, values) => (values.target === 'batch' && !value ? t`Choose a batch` : null),
      student: (value, values) => (values.target === 'student' && !value ? t`Choose a student` : null),
    },
  });

  const chooseFile = (chosen: File | undefined) => {
    if (!chosen) return;
    setFile(chosen);
    setFileError(null);
    if (form.getValues().title.trim() === '') form.setFieldValue('title', titleFromFileName(chosen.name));
  };

  const handleSubmit = form.onSubmit((values) => {
    if (!editing && !file) {
      setFileError(NOTE_MESSAGES.fileRequired);
      return;
    }
    setProgress(file ? 0 : null);
    const callbacks = {
      onSuccess: ({ data, message }: { data: Note; message?: string }) => {
        notifications.show({ title: editing ? t`Note saved` : t`Note uploaded`, message: message ?? (editing ? NOTE_MESSAGES.updated : NOTE_MESSAGES.created), color: 'teal' });
        setProgress(null);
        setFile(null);
        if (!editing) form.reset();
        onDone?.(data);
      },
      onError: (error: unknown) => {
        setProgress(null);
        const fields = fieldErrorsOf(error);
        if (fields) {
          const { file: fileField, ...others } = fields;
          if (fileField) setFileError(fileField);
          form.setErrors(others);
        }
        notifications.show({
          title: editing ? t`Note not saved` : t`Note not uploaded`,
          message: normalizeError(error, editing ? NOTE_MESSAGES.updateFailed : NOTE_MESSAGES.uploadFailed).message,
          color: 'red',
        });
      },
    };
    if (editing) update.mutate({ id: note._id, input: toInput(values), file, onProgress: setProgress }, callbacks);
    else upload.mutate({ input: toInput(values), file: file!, onProgress: setProgress }, callbacks);
  });


  return { form, editing, saving, file, fileError, setFileError, progress, chooseFile, handleSubmit };
}
