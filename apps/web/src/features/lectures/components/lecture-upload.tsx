import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, FileInput, Group, Progress, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconMicrophone, IconPlayerPause, IconPlayerPlay, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { shiftDate } from '@academy/shared/calendar';
import { normalizeError } from '../../../lib/api-client';
import { weekdayOf } from '../../../lib/attendance-display';
import { formatDate } from '../../../lib/format-date';
import { useAcademyToday } from '../../../lib/use-academy-today';
import { lectureKeys } from '../api';
import { createLecture, uploadErrorMessage, uploadLectureFile } from '../upload-api';

/** What the file picker offers: a phone's camera videos and sound recordings. */
const ACCEPT = 'video/*,audio/*,.mp4,.mov,.3gp,.webm,.mkv,.m4a,.mp3,.aac,.ogg,.opus,.wav,.amr,.flac';

const megabytes = (bytes: number) => (bytes / 1048576).toFixed(1);

/**
 * A chosen file sent to the lecture with tus (decision 087): a progress bar, pause and resume, and the
 * failure in words. Chosen again after a reload, the same file goes on from where the server is.
 */
export function LectureFileUpload({ lectureId, file, onDone }: { lectureId: string; file: File; onDone: () => void }) {
  const { t } = useLingui();
  const [sent, setSent] = useState(0);
  const [state, setState] = useState<'sending' | 'paused' | 'failed' | 'done'>('sending');
  const [error, setError] = useState<string | null>(null);
  const upload = useRef<ReturnType<typeof uploadLectureFile> | null>(null);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  }, [onDone]);
  const failure = t`The upload stopped. Check the connection and press Resume: it goes on from where it stopped.`;

  useEffect(() => {
    const one = uploadLectureFile(lectureId, file, {
      onProgress: (bytes) => setSent(bytes),
      onSuccess: () => {
        setState('done');
        done.current();
      },
      onError: (reason) => {
        setError(uploadErrorMessage(reason, failure));
        setState('failed');
      },
    });
    upload.current = one;
    one.start();
    return () => one.pause();
    // One upload per lecture and file; the failure text is the language's at the start.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lectureId, file]);

  const percent = file.size > 0 ? Math.round((sent / file.size) * 100) : 0;
  return (
    <Stack gap="xs" data-testid="lecture-upload" data-state={state}>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {file.name}
      </Text>
      <Progress value={percent} size="lg" radius="md" animated={state === 'sending'} aria-label={t`Uploaded`} />
      <Text size="sm" c="dimmed" data-testid="lecture-upload-progress">
        {t`${percent}% · ${megabytes(sent)} of ${megabytes(file.size)} MB`}
      </Text>
      {state === 'done' ? (
        <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden="true" />}>
          {t`Uploaded. The lecture is being prepared: it shows as ready in the batch's lectures.`}
        </Alert>
      ) : state === 'failed' && error ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
          {error}
        </Alert>
      ) : null}
      {state !== 'done' ? (
        <Group gap="xs">
          {state === 'sending' ? (
            <Button
              variant="light"
              leftSection={<IconPlayerPause size={18} aria-hidden="true" />}
              onClick={() => {
                upload.current?.pause();
                setState('paused');
              }}
            >
              {t`Pause`}
            </Button>
          ) : (
            <Button
              leftSection={<IconPlayerPlay size={18} aria-hidden="true" />}
              onClick={() => {
                setError(null);
                setState('sending');
                upload.current?.start();
              }}
            >
              {t`Resume`}
            </Button>
          )}
        </Group>
      ) : null}
    </Stack>
  );
}

/** The file picker and its upload, for a lecture already added (waiting for its recording). */
export function LectureUploadPanel({ lectureId, onDone }: { lectureId: string; onDone: () => void }) {
  const { t } = useLingui();
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState<File | null>(null);
  return sending ? (
    <LectureFileUpload lectureId={lectureId} file={sending} onDone={onDone} />
  ) : (
    <Stack gap="sm">
      <FileInput
        label={t`Video or audio file`}
        description={t`A video the phone's camera recorded, or a sound recording. A large file is sent in pieces: if the connection drops, choose the same file again and it goes on.`}
        placeholder={t`Choose a file`}
        accept={ACCEPT}
        value={file}
        onChange={setFile}
        clearable
      />
      <Button leftSection={<IconUpload size={18} aria-hidden="true" />} disabled={!file} onClick={() => setSending(file)} style={{ alignSelf: 'flex-start' }}>
        {t`Upload`}
      </Button>
    </Stack>
  );
}

/** The last two weeks' class days of the batch (by its schedule), today first when it is one; today is always offered. */
function classDays(today: string, days: readonly string[]): string[] {
  const dates: string[] = [today];
  for (let back = 1; back <= 14; back += 1) {
    const date = shiftDate(today, -back);
    if (days.includes(weekdayOf(date))) dates.push(date);
  }
  return dates;
}

/**
 * "Add lecture" (the teacher's batch screen): the day (one of the batch's class days, today first), a
 * title, and either a file to upload now or a recording made in class (the recorder's screen).
 */
export function AddLectureForm({ batchId, scheduleDays, onRecord, onDone }: { batchId: string; scheduleDays: readonly string[]; onRecord: (lectureId: string) => void; onDone: () => void }) {
  const { t } = useLingui();
  const today = useAcademyToday();
  const queryClient = useQueryClient();
  const dates = useMemo(() => classDays(today, scheduleDays), [today, scheduleDays]);
  const [date, setDate] = useState(today);
  const [title, setTitle] = useState('');
  const [how, setHow] = useState<'upload' | 'record'>('upload');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ title?: string; file?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ id: string; file: File } | null>(null);

  if (created) {
    return (
      <LectureFileUpload
        lectureId={created.id}
        file={created.file}
        onDone={() => {
          void queryClient.invalidateQueries({ queryKey: lectureKeys.batch(batchId) });
          onDone();
        }}
      />
    );
  }

  const submit = async () => {
    const found: typeof errors = {};
    if (!title.trim()) found.title = t`Enter the lecture's title`;
    if (how === 'upload' && !file) found.file = t`Choose the video or audio file`;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const lecture = await createLecture(batchId, { date, title: title.trim() });
      void queryClient.invalidateQueries({ queryKey: lectureKeys.batch(batchId) });
      if (how === 'record') onRecord(lecture._id);
      else setCreated({ id: lecture._id, file: file! });
    } catch (error) {
      setErrors({ form: normalizeError(error).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Stack gap="sm">
      <Select
        label={t`Day of the class`}
        data={dates.map((one) => ({ value: one, label: one === today ? t`Today, ${formatDate(one)}` : formatDate(one) }))}
        value={date}
        onChange={(value) => value && setDate(value)}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <TextInput label={t`Title`} placeholder={t`e.g. Physics: Newton's laws`} value={title} onChange={(event) => setTitle(event.currentTarget.value)} error={errors.title} maxLength={200} required />
      <Radio.Group label={t`The recording`} value={how} onChange={(value) => setHow(value as 'upload' | 'record')}>
        <Stack gap="xs" mt={4}>
          <Radio value="upload" label={t`Upload a video or audio file from this phone`} />
          <Radio value="record" label={t`Record the class now with this phone (voice and board)`} />
        </Stack>
      </Radio.Group>
      {how === 'upload' ? (
        <FileInput label={t`Video or audio file`} placeholder={t`Choose a file`} accept={ACCEPT} value={file} onChange={setFile} error={errors.file} clearable />
      ) : null}
      {errors.form ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
          {errors.form}
        </Alert>
      ) : null}
      <Button type="submit" loading={busy} leftSection={how === 'record' ? <IconMicrophone size={18} aria-hidden="true" /> : <IconUpload size={18} aria-hidden="true" />} style={{ alignSelf: 'flex-start' }}>
        {how === 'record' ? t`Add and start recording` : t`Add and upload`}
      </Button>
      </Stack>
    </form>
  );
}
