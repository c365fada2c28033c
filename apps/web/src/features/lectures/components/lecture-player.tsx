import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { ActionIcon, Alert, Box, Group, Image, Paper, SegmentedControl, Slider, Stack, Text } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled, IconRewindBackward10, IconRewindForward10 } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import type { Lecture } from '@academy/shared/schemas/lectures';
import { reportLectureView } from '../api';
import { loadHls, startAwareLoader } from '../lecture-start';
import { clock, LectureChapterList } from './lecture-chapters';
import { LectureDownloadControl } from './lecture-download';
import { LectureWatermark } from './lecture-watermark';

/** The speeds a student may listen at. */
const SPEEDS = ['1', '1.25', '1.5', '2'] as const;
/** How often the player tells the server how far the student is (and on pause, on leaving). */
const REPORT_EVERY_MS = 15_000;
/** A jump of currentTime larger than this between two timeupdates is a seek, not listening. */
const MAX_PLAYED_STEP = 3;

type Still = { t: number; src: string };


/** The last still at or before `time` (the timeline is in order). */
function stillAt(stills: readonly Still[], time: number): Still | undefined {
  let found: Still | undefined = stills[0];
  for (const still of stills) {
    if (still.t > time) break;
    found = still;
  }
  return found;
}

/** The board's stills and their times (a video's lecture; an audio one has none). */
function useBoardStills(rendition: Lecture['renditions'][number] | undefined): Still[] {
  const [stills, setStills] = useState<Still[]>([]);
  useEffect(() => {
    if (!rendition?.stills) return;
    const base = new URL(rendition.stills, window.location.href);
    let cancelled = false;
    void fetch(base, { credentials: 'same-origin' })
      .then((response) => (response.ok ? (response.json() as Promise<{ t: number; still: string }[]>) : []))
      .then((timeline) => {
        if (!cancelled) setStills(timeline.map((one) => ({ t: one.t, src: new URL(one.still, base).pathname })));
      })
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [rendition]);
  return stills;
}

/**
 * The stream: hls.js where the browser has Media Source Extensions (the start fetched beforehand is taken
 * from lecture-start.ts, not asked for again), else the browser's own HLS (Safari, iOS).
 */
function useLectureStream(audioRef: RefObject<HTMLAudioElement | null>, rendition: Lecture['renditions'][number] | undefined, setFailed: (failed: boolean) => void) {
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio || !rendition) return;
    let destroyed = false;
    let destroy = () => {};
    void loadHls()
      .then((Hls) => {
        if (destroyed) return;
        if (Hls.isSupported()) {
          const hls = new Hls({ startLevel: 0, loader: startAwareLoader(Hls.DefaultConfig.loader) });
          hls.on(Hls.Events.ERROR, (_event, data) => {
            if (data.fatal) setFailed(true);
          });
          hls.loadSource(rendition.playlist);
          hls.attachMedia(audio);
          destroy = () => hls.destroy();
        } else if (audio.canPlayType('application/vnd.apple.mpegurl')) {
          audio.src = rendition.playlist;
        } else {
          setFailed(true);
        }
      })
      .catch(() => setFailed(true));
    return () => {
      destroyed = true;
      destroy();
    };
  }, [audioRef, rendition, setFailed]);
}

/** The student's progress, to the server: every 15 s while playing, on pause and when the screen is left. */
function useProgressReports(audioRef: RefObject<HTMLAudioElement | null>, lectureId: string, reportProgress: boolean, watched: RefObject<{ total: number; lastTime: number; reported: number }>) {
  useEffect(() => {
    if (!reportProgress) return;
    const audio = audioRef.current;
    const send = () => {
      if (!audio) return;
      const position = Math.floor(audio.currentTime);
      const secondsWatched = Math.floor(watched.current.total);
      if (secondsWatched === watched.current.reported && position === 0) return;
      watched.current.reported = secondsWatched;
      void reportLectureView(lectureId, { position, secondsWatched }).catch(() => {});
    };
    const timer = window.setInterval(() => {
      if (audio && !audio.paused) send();
    }, REPORT_EVERY_MS);
    const hidden = () => {
      if (document.visibilityState === 'hidden') send();
    };
    audio?.addEventListener('pause', send);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.clearInterval(timer);
      audio?.removeEventListener('pause', send);
      document.removeEventListener('visibilitychange', hidden);
      send();
    };
  }, [audioRef, lectureId, reportProgress, watched]);
}

/**
 * The audio's state and what the controls do with it: play and pause, seek (ten seconds back and
 * forward), the speed, resuming where the student stopped, and counting what is played.
 */
function useLecturePlayback(lecture: Lecture, rendition: Lecture['renditions'][number] | undefined, reportProgress: boolean) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [failed, setFailed] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [speed, setSpeed] = useState<(typeof SPEEDS)[number]>('1');
  // What the student has played in all (the server's figure plus this visit's), and the last report's.
  const watched = useRef({ total: lecture.myView?.secondsWatched ?? 0, lastTime: 0, reported: -1 });

  useLectureStream(audioRef, rendition, setFailed);

  useProgressReports(audioRef, lecture._id, reportProgress, watched);

  const onLoadedMetadata = () => {
    const audio = audioRef.current;
    if (!audio) return;
    setDuration(audio.duration);
    // Resume where the student stopped, unless that was the very end.
    const resumeAt = lecture.myView?.position ?? 0;
    if (resumeAt > 0 && (!Number.isFinite(audio.duration) || resumeAt < audio.duration - 5)) {
      audio.currentTime = resumeAt;
      setTime(resumeAt);
    }
    watched.current.lastTime = audio.currentTime;
  };

  const onTimeUpdate = () => {
    const audio = audioRef.current;
    if (!audio) return;
    const step = audio.currentTime - watched.current.lastTime;
    if (!audio.paused && step > 0 && step < MAX_PLAYED_STEP * audio.playbackRate) watched.current.total += step;
    watched.current.lastTime = audio.currentTime;
    setTime(audio.currentTime);
  };

  const seekTo = (to: number) => {
    const audio = audioRef.current;
    if (!audio) return;
    const end = Number.isFinite(audio.duration) ? audio.duration : to;
    audio.currentTime = Math.min(Math.max(0, to), end);
    watched.current.lastTime = audio.currentTime;
    setTime(audio.currentTime);
  };

  const toggle = () => {
    const audio = audioRef.current;
    if (!audio) return;
    if (audio.paused) void audio.play().catch(() => setFailed(true));
    else audio.pause();
  };

  const changeSpeed = (value: string) => {
    const next = SPEEDS.find((one) => one === value) ?? '1';
    setSpeed(next);
    if (audioRef.current) audioRef.current.playbackRate = Number(next);
  };

  return { audioRef, failed, playing, setPlaying, time, duration, setDuration, speed, onLoadedMetadata, onTimeUpdate, seekTo, toggle, changeSpeed };
}

/**
 * Plays a lecture's voice + board rendition (issue 75, decision 082): Opus speech in HLS through hls.js
 * (loaded from the lectures screens, its start fetched beforehand: lecture-start.ts) or the browser's own HLS, the board still of the current time beside
 * it, 1×–2×, ten seconds back and forward, and, for a student, where they stopped (sent to the server
 * every 15 s, on pause and on leaving; resumed next time).
 */
export function LecturePlayer({ lecture, reportProgress }: { lecture: Lecture; reportProgress: boolean }) {
  const { t } = useLingui();
  const rendition = lecture.renditions.find((one) => one.kind === 'voice-board');
  const stills = useBoardStills(rendition);
  const playback = useLecturePlayback(lecture, rendition, reportProgress);
  const { audioRef, time, seekTo } = playback;
  const still = useMemo(() => stillAt(stills, time), [stills, time]);

  if (!rendition || playback.failed) {
    return (
      <Alert color="red" title={t`This lecture cannot be played`}>
        {t`Check your connection and open it again.`}
      </Alert>
    );
  }

  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="sm">
        <BoardStill still={still} watermark={lecture.watermark ?? ''} />
        <audio
          ref={audioRef}
          preload="metadata"
          data-testid="lecture-audio"
          onLoadedMetadata={playback.onLoadedMetadata}
          onDurationChange={() => playback.setDuration(audioRef.current?.duration ?? 0)}
          onTimeUpdate={playback.onTimeUpdate}
          onPlay={() => playback.setPlaying(true)}
          onPause={() => playback.setPlaying(false)}
          onEnded={() => playback.setPlaying(false)}
        />
        <PlaybackControls playback={playback} />
        {/* A copy downloaded before chapters existed has none. */}
        <LectureChapterList chapters={lecture.chapters ?? []} time={time} onSeek={seekTo} />
        <LectureDownloadControl lecture={lecture} />
      </Stack>
    </Paper>
  );
}

/** The board as it is at this moment of the lecture, under the watermark; or a line for a voice-only one. */
function BoardStill({ still, watermark }: { still: Still | undefined; watermark: string }) {
  const { t } = useLingui();
  return (
    <Box
      style={{ position: 'relative', aspectRatio: '16 / 9', background: 'var(--mantine-color-dark-7)', borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
    >
      <LectureWatermark text={watermark} />
      {still ? (
        <Image src={still.src} alt={t`The board at this moment`} fit="contain" h="100%" w="100%" data-testid="lecture-still" data-still-time={still.t} />
      ) : (
        <Text c="gray.4" size="sm" ta="center" p="md">
          {t`Voice only: this lecture has no board pictures.`}
        </Text>
      )}
    </Box>
  );
}

/** The position slider, the time, back, play or pause, forward, and the speed. */
function PlaybackControls({ playback }: { playback: ReturnType<typeof useLecturePlayback> }) {
  const { t } = useLingui();
  const { time, duration, playing, seekTo } = playback;
  return (
    <>
      <Slider
        value={Math.min(time, duration || time)}
        max={Number.isFinite(duration) && duration > 0 ? duration : Math.max(time, 1)}
        step={1}
        label={(value) => clock(value)}
        onChange={seekTo}
        aria-label={t`Position in the lecture`}
      />
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" c="dimmed" data-testid="lecture-time" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {clock(time)} / {clock(duration)}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <ActionIcon variant="default" size="xl" radius="xl" onClick={() => seekTo(time - 10)} aria-label={t`Back 10 seconds`}>
            <IconRewindBackward10 size={22} />
          </ActionIcon>
          <ActionIcon size={52} radius="xl" onClick={playback.toggle} aria-label={playing ? t`Pause` : t`Play`} data-testid="lecture-play">
            {playing ? <IconPlayerPauseFilled size={26} /> : <IconPlayerPlayFilled size={26} />}
          </ActionIcon>
          <ActionIcon variant="default" size="xl" radius="xl" onClick={() => seekTo(time + 10)} aria-label={t`Forward 10 seconds`}>
            <IconRewindForward10 size={22} />
          </ActionIcon>
        </Group>
      </Group>
      <SegmentedControl fullWidth value={playback.speed} aria-label={t`Speed`} onChange={playback.changeSpeed} data={SPEEDS.map((one) => ({ value: one, label: `${one}×` }))} />
    </>
  );
}
