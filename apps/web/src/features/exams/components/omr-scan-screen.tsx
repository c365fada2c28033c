import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { CameraFileInput } from '../../../components/ui/camera-file-input';
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconCamera, IconCloudUpload, IconPhoto, IconWifiOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { scoreOf, type OmrPattern } from '@academy/shared/omr/layout';
import { OTHER_TEST } from '@academy/shared/omr/messages';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { formatNumber } from '../../../lib/format-number';
import { useCurrentUser } from '../../../lib/session';
import { translateServerText } from '../../../lib/server-text';
import { EXAM_MESSAGES, examKeys, useExamResults } from '../api';
import { omrKeys, useOmrScans, useSettleAnswer, type AnswerKey, type OmrScanResult } from '../omr-api';
import { lookAtFrameOnPhone, prepareReader, readOnPhone, type PhoneReading } from '../omr-phone-reader';
import { SteadyWatch, type Framing } from '../omr-steady';
import { discardSheet, keepSheet, sendSheets, subscribeOmrOutbox, waitingSheets, type OmrOutboxEntry } from '../omr-outbox';
import { ScanCard } from './omr-section';

type Sheet = {
  id: number;
  photoUrl: string;
  state: 'reading' | 'read' | 'refused-here' | 'waiting' | 'sent' | 'refused';
  reading?: PhoneReading;
  seconds?: number;
  reason?: string;
  outboxKey?: string;
  server?: OmrScanResult;
};

/**
 * The sheets read on this phone and the phone's outbox: what waits is sent when the screen opens and
 * whenever the phone is back online; the server's answers and refusals show on their sheets.
 */
function useOmrOutbox(examId: string, userId: string) {
  const queryClient = useQueryClient();
  const [sheets, setSheets] = useState<Sheet[]>([]);
  const [waiting, setWaiting] = useState<OmrOutboxEntry[]>([]);
  const [online, setOnline] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine));

  const update = useCallback((id: number, change: Partial<Sheet>) => setSheets((before) => before.map((sheet) => (sheet.id === id ? { ...sheet, ...change } : sheet))), []);

  const refreshWaiting = useCallback(async () => {
    if (userId) setWaiting(await waitingSheets(userId, examId));
  }, [userId, examId]);

  const send = useCallback(async () => {
    if (!userId) return;
    const sent = await sendSheets(userId, examId);
    if (sent.size > 0) {
      setSheets((before) => before.map((sheet) => (sheet.outboxKey && sent.has(sheet.outboxKey) ? { ...sheet, state: 'sent', server: sent.get(sheet.outboxKey) } : sheet)));
      await Promise.all([queryClient.invalidateQueries({ queryKey: omrKeys.scans(examId) }), queryClient.invalidateQueries({ queryKey: examKeys.results(examId) })]);
    }
    const left = await waitingSheets(userId, examId);
    setWaiting(left);
    // A refusal kept in the outbox shows on its sheet.
    setSheets((before) => before.map((sheet) => {
      const entry = left.find((one) => one.key === sheet.outboxKey);
      return entry?.error ? { ...sheet, state: 'refused', reason: entry.error } : sheet;
    }));
  }, [userId, examId, queryClient]);

  // What waits is sent when the screen opens and whenever the phone is back online.
  useEffect(() => {
    void Promise.resolve().then(send);
    const onOnline = () => {
      setOnline(true);
      void send();
    };
    const onOffline = () => setOnline(false);
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    const unsubscribe = subscribeOmrOutbox(() => void refreshWaiting());
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      unsubscribe();
    };
  }, [send, refreshWaiting]);

  return { sheets, setSheets, update, waiting, online, send };
}

/** The phone's camera on the screen: opened on a tap, a photo taken from it, stopped when closed or left. */
function usePhoneCamera(onPhoto: (photo: Blob) => void) {
  const { t } = useLingui();
  const [camera, setCamera] = useState<MediaStream | null>(null);
  const [cameraError, setCameraError] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);

  // The camera stops when the screen closes.
  useEffect(() => () => camera?.getTracks().forEach((track) => track.stop()), [camera]);
  useEffect(() => {
    if (video.current && camera) {
      video.current.srcObject = camera;
      void video.current.play().catch(() => undefined);
    }
  }, [camera]);

  const openCamera = async () => {
    setCameraError(null);
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' }, width: { ideal: 1920 }, height: { ideal: 1080 } }, audio: false });
      setCamera(stream);
    } catch {
      setCameraError(t`The camera could not be opened: allow the camera for this site, or take the photo with the button below.`);
    }
  };

  const takePhoto = () => {
    const element = video.current;
    if (!element || element.videoWidth === 0) return;
    const canvas = document.createElement('canvas');
    canvas.width = element.videoWidth;
    canvas.height = element.videoHeight;
    canvas.getContext('2d')?.drawImage(element, 0, 0);
    canvas.toBlob((blob) => blob && void onPhoto(blob), 'image/jpeg', 0.9);
  };

  const closeCamera = () => {
    camera?.getTracks().forEach((track) => track.stop());
    setCamera(null);
  };

  const framing = useAutoCapture(camera ? video : null, takePhoto);
  return { camera, cameraError, video, openCamera, takePhoto, closeCamera, framing };
}

/** The long side of the frames looked at for the corners (the marks are still some 15 pixels wide). */
const FRAME_SIZE = 720;
const FRAME_EVERY_MS = 120;

/**
 * Automatic capture (decision 092): while the camera is open, a small frame every ~0.1 s goes to the
 * reader's worker, which finds the corner marks and measures the sharpness; once they stay put for
 * 0.7 s and the frame is sharp (omr-steady.ts), the photo is taken, as the button would. The button stays.
 */
function useAutoCapture(video: RefObject<HTMLVideoElement | null> | null, takePhoto: () => void): Framing {
  const [framing, setFraming] = useState<Framing>('searching');
  const take = useRef(takePhoto);
  useEffect(() => {
    take.current = takePhoto;
  });
  useEffect(() => {
    if (!video) return undefined;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const watch = new SteadyWatch();
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });
    const look = async () => {
      const element = video.current;
      if (element && context && element.videoWidth > 0 && element.readyState >= 2) {
        const scale = Math.min(1, FRAME_SIZE / Math.max(element.videoWidth, element.videoHeight));
        canvas.width = Math.round(element.videoWidth * scale);
        canvas.height = Math.round(element.videoHeight * scale);
        context.drawImage(element, 0, 0, canvas.width, canvas.height);
        const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
        const seen = await lookAtFrameOnPhone({ data, width, height });
        if (stopped) return;
        const now = watch.push(performance.now(), seen.corners, seen.sharpness, Math.hypot(width, height));
        setFraming(now);
        if (now === 'steady') take.current();
      }
      if (!stopped) timer = setTimeout(() => void look(), FRAME_EVERY_MS);
    };
    void look();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [video]);
  return framing;
}

/** The camera, or a photo chosen or taken with the system camera, once the test has its key. */
function SheetCapture({ hasKey, onPhoto }: { hasKey: boolean; onPhoto: (photo: Blob) => void }) {
  const { t } = useLingui();
  const { camera, cameraError, video, openCamera, takePhoto, closeCamera, framing } = usePhoneCamera(onPhoto);
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="sm">
        {camera ? (
          <>
            <video ref={video} playsInline muted style={{ width: '100%', maxHeight: '60vh', background: '#000', borderRadius: 8, objectFit: 'contain' }} aria-label={t`Camera`} />
            <Text size="sm" c={framing === 'searching' ? 'dimmed' : 'teal.8'} role="status" data-testid="omr-framing">
              {framing === 'searching' ? t`Looking for the four corner squares…` : framing === 'found' ? t`Sheet found: hold still, the photo is taken by itself` : t`Photo taken: lay the next sheet`}
            </Text>
            <Group grow gap="sm">
              <Button size="lg" onClick={takePhoto} leftSection={<IconCamera size={22} aria-hidden="true" />}>
                <Trans>Take the photo</Trans>
              </Button>
              <Button size="lg" variant="default" onClick={closeCamera}>
                <Trans>Close camera</Trans>
              </Button>
            </Group>
          </>
        ) : (
          <Button size="lg" onClick={() => void openCamera()} disabled={!hasKey} leftSection={<IconCamera size={22} aria-hidden="true" />}>
            <Trans>Open the camera</Trans>
          </Button>
        )}
        <Button size="md" variant="light" onClick={() => fileInput.current?.click()} disabled={!hasKey} leftSection={<IconPhoto size={20} aria-hidden="true" />}>
          <Trans>Choose or take a photo</Trans>
        </Button>
        <CameraFileInput
          ref={fileInput}
          accept="image/*"
          testId="omr-phone-file"
          onFile={(file) => {
            if (file) void onPhoto(file);
          }}
        />
        {cameraError ? (
          <Text size="sm" c="red.8">
            {cameraError}
          </Text>
        ) : null}
        <Text size="sm" c="dimmed">
          <Trans>Hold the phone above the sheet so that all four black corner squares are in the picture.</Trans>
        </Text>
      </Stack>
    </Paper>
  );
}

/** How many sheets wait on this phone, with a button to send them now. */
function WaitingSheets({ count, onSend }: { count: number; onSend: () => void }) {
  const { t } = useLingui();
  return (
    <Alert color="blue" variant="light" icon={<IconCloudUpload aria-hidden="true" />} data-testid="omr-waiting">
      <Group justify="space-between" gap="xs">
        <Text size="sm">{t`Sheets waiting on this phone: ${formatNumber(count)}`}</Text>
        <Button size="compact-sm" variant="light" onClick={onSend}>
          <Trans>Send now</Trans>
        </Button>
      </Group>
    </Alert>
  );
}

/**
 * The Scan screen (issue 76, decision 086): the phone's camera (or a photo chosen or taken with the
 * system camera) → the sheet read on this phone by the shared reader in a Web Worker, without signal
 * → the student, every answer and the score with the test's key at once → the photo and the reading
 * kept in the phone's outbox and sent; the server reads again for the record and its answer (the
 * marks, what to settle) replaces the phone's once it arrives.
 */
export function OmrScanScreen({ examId, backHref }: { examId: string; backHref: string }) {
  const { t } = useLingui();
  const userId = useCurrentUser()?._id ?? '';
  const results = useExamResults(examId);
  const scans = useOmrScans(examId);
  const key = scans.data?.key ?? null;
  const settle = useSettleAnswer(examId);
  const { sheets, setSheets, update, waiting, online, send } = useOmrOutbox(examId, userId);
  const nextId = useRef(1);

  // The reader starts with the screen (its code fetched while there is signal).
  useEffect(() => prepareReader(), []);

  // Photo previews are freed with the screen.
  const urls = useRef<string[]>([]);
  useEffect(() => () => urls.current.forEach((url) => URL.revokeObjectURL(url)), []);

  const onPhoto = async (photo: Blob) => {
    const id = nextId.current++;
    const photoUrl = URL.createObjectURL(photo);
    urls.current.push(photoUrl);
    setSheets((before) => [{ id, photoUrl, state: 'reading' }, ...before]);
    const result = await readOnPhone(photo);
    if (!result.ok) {
      update(id, { state: 'refused-here', reason: translateServerText(result.reason), seconds: result.seconds });
      return;
    }
    const reading = result.reading;
    if (reading.testId !== examId) {
      update(id, { state: 'refused-here', reading, reason: translateServerText(OTHER_TEST), seconds: result.seconds });
      return;
    }
    update(id, { state: 'read', reading, seconds: result.seconds });
    try {
      const kept = await keepSheet({ userId, examId, photo, reading });
      update(id, { state: 'waiting', outboxKey: kept.key });
      await send();
    } catch {
      update(id, { state: 'refused', reason: t`This phone could not keep the photo (private browsing or storage full): send it from the test's page.` });
    }
  };

  const onSettle = (studentId: string, question: number, answer: string | null) => {
    settle.mutate(
      { studentId, question, answer },
      { onSuccess: ({ data }) => setSheets((before) => before.map((sheet) => (sheet.server?.studentId === studentId ? { ...sheet, server: { ...sheet.server, ...data } } : sheet))) },
    );
  };

  const test = results.data?.test;
  const names = new Map((results.data?.rows ?? []).map((row) => [row.student._id, row.student.name]));

  return (
    <>
      <PageHeader
        title={t`Scan sheets`}
        description={test ? test.name : undefined}
        actions={
          <Button component={Link} to={backHref} variant="subtle" leftSection={<IconArrowLeft size={18} aria-hidden="true" />}>
            <Trans>Back to the test</Trans>
          </Button>
        }
      />
      <Stack gap="md">
        {results.isError ? <LoadErrorAlert title={t`The test could not be loaded`} error={results.error} fallback={EXAM_MESSAGES.loadFailed} onRetry={() => void results.refetch()} /> : null}
        {!online ? (
          <Alert color="gray" variant="light" icon={<IconWifiOff aria-hidden="true" />}>
            <Trans>No signal: sheets are read on this phone and sent when the signal is back.</Trans>
          </Alert>
        ) : null}
        {scans.isSuccess && !key ? (
          <Alert color="orange" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
            <Trans>Save the answer key first, then scan the sheets.</Trans>
          </Alert>
        ) : null}

        <SheetCapture hasKey={!!key} onPhoto={(photo) => void onPhoto(photo)} />

        {waiting.length > 0 ? <WaitingSheets count={waiting.length} onSend={() => void send()} /> : null}

        {sheets.map((sheet) => (
          <SheetResult key={sheet.id} sheet={sheet} answerKey={key} examId={examId} names={names} onSettle={onSettle} onDiscard={async () => {
            if (sheet.outboxKey) await discardSheet(sheet.outboxKey);
            setSheets((before) => before.filter((one) => one.id !== sheet.id));
          }} />
        ))}
      </Stack>
    </>
  );
}

function SheetResult({ sheet, answerKey, examId, names, onSettle, onDiscard }: {
  sheet: Sheet; answerKey: AnswerKey | null; examId: string; names: Map<string, string>;
  onSettle: (studentId: string, question: number, answer: string | null) => void; onDiscard: () => void;
}) {
  const { t } = useLingui();
  if (sheet.state === 'sent' && sheet.server) {
    return (
      <Stack gap={4}>
        <Badge color="teal" variant="light" tt="none" leftSection={<IconCloudUpload size={14} aria-hidden="true" />}>
          <Trans>Saved in the marks</Trans>
        </Badge>
        <ScanCard examId={examId} scan={sheet.server} options={answerKey?.options ?? 4} numericQuestions={answerKey?.numericQuestions ?? []} onSettle={onSettle} />
      </Stack>
    );
  }
  const reading = sheet.reading;
  // The sheet's numeric-answer questions where the key has its numbers (the last ones, or each section's: decision 098).
  const fits = reading && answerKey && reading.questions === answerKey.answers.length && (reading.numericQuestions ?? []).join(',') === answerKey.numericQuestions.join(',');
  const score = fits ? scoreOf(answerKey.pattern as OmrPattern, answerKey.answers, reading.answers) : null;
  const student = reading?.studentId ? (names.get(reading.studentId) ?? t`A student of another batch`) : reading?.idDigits ? t`Student ID …${reading.idDigits.slice(0, 4)}-${reading.idDigits.slice(4)}` : null;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="omr-phone-sheet">
      <Stack gap={8}>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <img src={sheet.photoUrl} alt="" width={56} height={75} style={{ objectFit: 'cover', borderRadius: 4, flexShrink: 0 }} />
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            {sheet.state === 'reading' ? (
              <Group gap="xs">
                <Loader size="sm" />
                <Text size="sm">
                  <Trans>Reading the sheet on this phone…</Trans>
                </Text>
              </Group>
            ) : null}
            {student ? (
              <Text fw={600} data-testid="omr-phone-student">
                {student}
              </Text>
            ) : null}
            {reading?.idProblem && !reading.studentId ? (
              <Text size="sm" c="red.8">
                {translateServerText(reading.idProblem)}
              </Text>
            ) : null}
            {reading ? (
              <Group gap={6} wrap="wrap">
                {score !== null ? (
                  <Badge size="lg" variant="light" tt="none" color={reading.uncertain.length > 0 ? 'orange' : 'teal'} data-testid="omr-phone-score">
                    {t`Score ${formatNumber(score)}`}
                  </Badge>
                ) : null}
                {sheet.seconds !== undefined ? (
                  <Text size="xs" c="dimmed">
                    {t`Read on this phone in ${formatNumber(Math.round(sheet.seconds * 10) / 10)} s`}
                  </Text>
                ) : null}
              </Group>
            ) : null}
            {sheet.state === 'waiting' ? (
              <Badge color="blue" variant="outline" tt="none" leftSection={<IconWifiOff size={14} aria-hidden="true" />}>
                <Trans>Waiting to be sent</Trans>
              </Badge>
            ) : null}
          </Stack>
        </Group>
        {sheet.reason ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} p="xs">
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm">{sheet.reason}</Text>
              <Button size="compact-sm" variant="subtle" color="red" onClick={onDiscard}>
                <Trans>Remove</Trans>
              </Button>
            </Group>
          </Alert>
        ) : null}
        {reading && reading.uncertain.length > 0 ? (
          <Text size="sm" c="orange.8" data-testid="omr-phone-uncertain">
            {t`Not sure of: ${reading.uncertain.map((question) => formatNumber(question)).join(', ')}`}
          </Text>
        ) : null}
        {reading ? (
          <Group gap={3} wrap="wrap" aria-label={t`Answers read`}>
            {reading.answers.map((answer, index) => {
              const unsure = reading.uncertain.includes(index + 1);
              const right = fits && answer !== null && answer === answerKey.answers[index];
              const color = unsure ? 'orange' : answer === null ? 'gray' : right ? 'teal' : fits ? 'red' : 'gray';
              return (
                <Badge key={index} size="sm" radius="sm" tt="none" variant={unsure ? 'filled' : 'light'} color={color} miw={44} styles={{ label: { fontVariantNumeric: 'tabular-nums' } }}>
                  {index + 1} {answer ?? '–'}
                </Badge>
              );
            })}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
