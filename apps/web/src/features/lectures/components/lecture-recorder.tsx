import { useEffect, useRef, useState } from 'react';
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCamera, IconCircleCheck, IconMicrophone, IconPlayerPause, IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { normalizeError } from '../../../lib/api-client';
import { finishRecording, recordingLeft, sendStill, streamLectureRecording, uploadErrorMessage } from '../upload-api';

/*
 * Recording a class from the teacher's phone (issue 75, decision 087): the microphone as speech-grade
 * Opus (24 kb/s where the browser can) sent while it is recorded, and the camera pointed at the board:
 * a still when the board changes (small grey copies of the picture compared each second) and on a tap,
 * each sent at once with its time. The screen stays on while recording.
 */

/** Opus in WebM at a speech rate (Chrome, Firefox, Android); other browsers record what they can. */
const AUDIO_TYPE = 'audio/webm;codecs=opus';
const AUDIO_BITS = 24_000;
/** How often the board is looked at, and the least time between two stills taken on a change. */
const LOOK_EVERY_MS = 1000;
const LEAST_BETWEEN_MS = 5000;
/** Mean difference (0–255) of the 32×24 grey copies over which the board is taken to have changed. */
export const BOARD_CHANGE_THRESHOLD = 14;
const SMALL_W = 32;
const SMALL_H = 24;

type Phase = 'idle' | 'starting' | 'recording' | 'paused' | 'stopping' | 'done' | 'failed';

function clock(seconds: number): string {
  const whole = Math.floor(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  return `${h > 0 ? `${h}:` : ''}${String(m).padStart(h > 0 ? 2 : 1, '0')}:${String(s).padStart(2, '0')}`;
}

/** The picture as a small grey copy, to compare with the last still's. */
function smallGrey(video: HTMLVideoElement, canvas: HTMLCanvasElement): Uint8ClampedArray | null {
  if (!video.videoWidth) return null;
  canvas.width = SMALL_W;
  canvas.height = SMALL_H;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(video, 0, 0, SMALL_W, SMALL_H);
  const { data } = context.getImageData(0, 0, SMALL_W, SMALL_H);
  const grey = new Uint8ClampedArray(SMALL_W * SMALL_H);
  for (let i = 0; i < grey.length; i += 1) grey[i] = (data[i * 4]! * 3 + data[i * 4 + 1]! * 6 + data[i * 4 + 2]!) / 10;
  return grey;
}

function difference(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

/** The picture as a JPEG at most 720 px high. */
function jpegOf(video: HTMLVideoElement): Promise<Blob | null> {
  const scale = Math.min(1, 720 / (video.videoHeight || 720));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(video.videoWidth * scale);
  canvas.height = Math.round(video.videoHeight * scale);
  canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.7));
}

/** The screen stays on while recording (taken again when the page is shown again); the returned function lets it go. */
function keepScreenAwake(): () => void {
  let wakeLock: WakeLockSentinel | null = null;
  const keepAwake = () => {
    if (document.visibilityState === 'visible' && 'wakeLock' in navigator) {
      navigator.wakeLock
        .request('screen')
        .then((lock) => (wakeLock = lock))
        .catch(() => {});
    }
  };
  keepAwake();
  document.addEventListener('visibilitychange', keepAwake);
  return () => {
    document.removeEventListener('visibilitychange', keepAwake);
    void wakeLock?.release().catch(() => {});
  };
}

/** The recorder's pieces as one stream, in order (each Blob is read before the next is queued). */
function recorderStream(recorder: MediaRecorder) {
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const stream = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  let queue = Promise.resolve();
  recorder.ondataavailable = (event) => {
    if (event.data.size === 0) return;
    queue = queue.then(async () => controller?.enqueue(new Uint8Array(await event.data.arrayBuffer())));
  };
  /** Ends the stream after the last piece queued and what `before` waits for. */
  const closeAfter = (before: () => Promise<unknown>) =>
    void queue.then(async () => {
      await before();
      controller?.close();
    });
  return { stream, closeAfter };
}

/**
 * Looks at the board each second from the start: a still (sent at once with its time) when it has changed,
 * and on takeStill; `onLook` is told the seconds recorded, `onSent` each still sent. Paused, it neither
 * looks nor counts: a still's time is the recording's (the voice has no pause in it), not the clock's.
 */
function watchBoard(video: HTMLVideoElement, lectureId: string, onLook: (seconds: number) => void, onSent: () => void) {
  const startedAt = performance.now();
  let pausedFor = 0;
  let pausedAt: number | null = null;
  const elapsed = () => ((pausedAt ?? performance.now()) - startedAt - pausedFor) / 1000;
  const pendingStills = new Set<Promise<void>>();
  const canvas = document.createElement('canvas');
  let lastStill: Uint8ClampedArray | null = null;
  let lastStillAt = -Infinity;
  const takeStill = () => {
    const at = elapsed();
    const grey = smallGrey(video, canvas);
    if (grey) lastStill = grey;
    lastStillAt = performance.now();
    const sending = jpegOf(video).then(async (jpeg) => {
      if (!jpeg) return;
      await sendStill(lectureId, at, jpeg);
      onSent();
    });
    const kept = sending.catch(() => {});
    pendingStills.add(kept);
    void kept.then(() => pendingStills.delete(kept));
  };
  const look = window.setInterval(() => {
    if (pausedAt !== null) return;
    onLook(elapsed());
    if (performance.now() - lastStillAt < LEAST_BETWEEN_MS) return;
    const grey = smallGrey(video, canvas);
    if (grey && (!lastStill || difference(grey, lastStill) > BOARD_CHANGE_THRESHOLD)) takeStill();
  }, LOOK_EVERY_MS);
  const pause = () => {
    pausedAt ??= performance.now();
  };
  const resume = () => {
    if (pausedAt === null) return;
    pausedFor += performance.now() - pausedAt;
    pausedAt = null;
  };
  return { takeStill, pause, resume, stopLooking: () => window.clearInterval(look), stillsSent: () => Promise.all([...pendingStills]) };
}

/** The recording's state and its start: microphone and camera opened, the voice streamed and the board watched. */
function useLectureRecording(lectureId: string, onDone: () => void) {
  const { t } = useLingui();
  const [phase, setPhase] = useState<Phase>('idle');
  const [seconds, setSeconds] = useState(0);
  const [stills, setStills] = useState(0);
  const [sentBytes, setSentBytes] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const session = useRef<{ stop: () => void; takeStill: () => void; pause: () => void; resume: () => void; cleanUp: () => void } | null>(null);
  const failedUpload = t`The recording could not be sent: check the connection. What was sent is kept; finish with it from the batch's lectures.`;
  // Leaving the screen (or another lecture) ends the recording under way.
  useEffect(() => () => session.current?.cleanUp(), [lectureId]);

  const start = async () => {
    setError(null);
    setPhase('starting');
    let media: MediaStream;
    try {
      media = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: false, noiseSuppression: true, channelCount: 1 }, video: { facingMode: 'environment', height: { ideal: 720 } } });
    } catch {
      setError(t`The microphone and camera could not be opened. Allow them for this site in the browser's settings and try again.`);
      setPhase('failed');
      return;
    }
    const video = videoRef.current!;
    video.srcObject = media;
    await video.play().catch(() => {});
    const audio = new MediaStream(media.getAudioTracks());
    const recorder = new MediaRecorder(audio, MediaRecorder.isTypeSupported(AUDIO_TYPE) ? { mimeType: AUDIO_TYPE, audioBitsPerSecond: AUDIO_BITS } : { audioBitsPerSecond: AUDIO_BITS });
    const { stream, closeAfter } = recorderStream(recorder);
    const board = watchBoard(video, lectureId, setSeconds, () => setStills((count) => count + 1));
    const letScreenSleep = keepScreenAwake();
    const cleanUp = () => {
      board.stopLooking();
      letScreenSleep();
      media.getTracks().forEach((track) => track.stop());
      if (recorder.state !== 'inactive') recorder.stop();
    };
    const upload = streamLectureRecording(lectureId, stream.getReader(), {
      onProgress: (bytes) => setSentBytes(bytes),
      onSuccess: () => {
        setPhase('done');
        onDone();
      },
      onError: (reason) => {
        setError(uploadErrorMessage(reason, failedUpload));
        setPhase('failed');
        cleanUp();
      },
    });
    // The last piece is in: the stills already taken are sent first, then the voice's end (its length).
    recorder.onstop = () => closeAfter(board.stillsSent);
    session.current = {
      stop: () => {
        setPhase('stopping');
        board.stopLooking();
        recorder.stop();
        media.getTracks().forEach((track) => track.stop());
        letScreenSleep();
      },
      takeStill: board.takeStill,
      // Paused: the microphone's recorder holds (no sound, no gap in the lecture), the board is not looked at;
      // what was recorded keeps going to the server.
      pause: () => {
        if (recorder.state !== 'recording') return;
        recorder.pause();
        board.pause();
        setPhase('paused');
      },
      resume: () => {
        if (recorder.state !== 'paused') return;
        board.resume();
        recorder.resume();
        setPhase('recording');
      },
      cleanUp,
    };
    // A piece every second: a closed tab loses at most the last seconds.
    recorder.start(1000);
    upload.start();
    setPhase('recording');
    // The board as it is at the start.
    window.setTimeout(board.takeStill, 500);
  };

  return { phase, setPhase, seconds, stills, sentBytes, error, setError, videoRef, session, start };
}

/** A recording cut short before (the tab closed): the offer to finish with what arrived. */
function LeftRecordingOffer({ left, onUse }: { left: { bytes: number; stills: number }; onUse: () => void }) {
  const { t } = useLingui();
  return (
    <Alert color="yellow" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
      <Stack gap="xs">
        <Text size="sm">{t`A recording of this lecture was cut short (${(left.bytes / 1048576).toFixed(1)} MB, ${left.stills} stills of the board arrived).`}</Text>
        <Button variant="light" onClick={onUse} style={{ alignSelf: 'flex-start' }}>
          {t`Use what arrived`}
        </Button>
      </Stack>
    </Alert>
  );
}

export function LectureRecorder({ lectureId, onDone }: { lectureId: string; onDone: () => void }) {
  const { t } = useLingui();
  const { phase, setPhase, seconds, stills, sentBytes, error, setError, videoRef, session, start } = useLectureRecording(lectureId, onDone);
  const [left, setLeft] = useState<{ bytes: number; stills: number } | null>(null);

  // A recording cut short before (the tab closed): offer to finish with what arrived.
  useEffect(() => {
    recordingLeft(lectureId)
      .then((found) => setLeft(found.bytes > 0 ? found : null))
      .catch(() => setLeft(null));
  }, [lectureId]);

  const finishLeft = async () => {
    try {
      await finishRecording(lectureId);
      setPhase('done');
      onDone();
    } catch (reason) {
      setError(normalizeError(reason).message);
    }
  };

  return (
    <Stack gap="sm" data-testid="lecture-recorder" data-phase={phase}>
      {left && phase === 'idle' ? <LeftRecordingOffer left={left} onUse={() => void finishLeft()} /> : null}
      <video ref={videoRef} muted playsInline style={{ width: '100%', maxHeight: '50vh', background: '#222', borderRadius: 8, display: phase === 'recording' || phase === 'paused' || phase === 'starting' ? 'block' : 'none' }} />
      {phase === 'recording' || phase === 'paused' || phase === 'stopping' ? (
        <Group justify="space-between" gap="xs">
          <Group gap={6}>
            <Badge color={phase === 'paused' ? 'gray' : 'red'} size="lg" variant="filled" leftSection={<IconMicrophone size={14} aria-hidden="true" />} data-testid="recording-timer">
              {clock(seconds)}
            </Badge>
            {phase === 'paused' ? (
              <Badge color="yellow" size="lg" variant="light">
                {t`Paused`}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed">
            {t`${stills} stills · ${(sentBytes / 1024).toFixed(0)} KB sent`}
          </Text>
        </Group>
      ) : null}
      {phase === 'done' ? (
        <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden="true" />}>
          {t`Recording sent. The lecture is being prepared: it shows as ready in the batch's lectures.`}
        </Alert>
      ) : null}
      {error ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
          {error}
        </Alert>
      ) : null}
      {phase === 'idle' || phase === 'failed' ? (
        <>
          <Text size="sm" c="dimmed">
            {t`Point the camera at the board. The voice is recorded; a picture of the board is taken each time it changes, and when you tap "Picture of the board". Keep this screen open until you stop.`}
          </Text>
          <Button size="lg" color="red" leftSection={<IconMicrophone size={20} aria-hidden="true" />} onClick={() => void start()} style={{ alignSelf: 'flex-start' }}>
            {t`Start recording`}
          </Button>
        </>
      ) : null}
      {phase === 'recording' || phase === 'paused' ? (
        <Stack gap="xs">
          {phase === 'recording' ? (
            <>
              <Button size="lg" fullWidth variant="light" leftSection={<IconCamera size={20} aria-hidden="true" />} onClick={() => session.current?.takeStill()}>
                {t`Picture of the board`}
              </Button>
              <Button size="lg" fullWidth variant="default" leftSection={<IconPlayerPause size={20} aria-hidden="true" />} onClick={() => session.current?.pause()}>
                {t`Pause`}
              </Button>
            </>
          ) : (
            <Button size="lg" fullWidth leftSection={<IconPlayerPlay size={20} aria-hidden="true" />} onClick={() => session.current?.resume()}>
              {t`Resume recording`}
            </Button>
          )}
          <Button size="lg" fullWidth color="red" leftSection={<IconPlayerStop size={20} aria-hidden="true" />} onClick={() => session.current?.stop()}>
            {t`Stop`}
          </Button>
        </Stack>
      ) : null}
      {phase === 'stopping' ? <Text size="sm">{t`Sending the last seconds…`}</Text> : null}
    </Stack>
  );
}
