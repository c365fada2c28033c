import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { LECTURE_MESSAGES, type LectureRenditionKind } from '@academy/shared/schemas/lectures';
import { joinIntoShortFirst, PART_SECONDS } from './short-first-segment';
import { FfmpegProgressReader, fractionOf } from './ffmpeg-progress';

/*
 * A lecture's renditions, made by Debian's ffmpeg from the uploaded file (issue 75, decision 079), in a
 * work folder of this server; the job (lectures.job.ts) stores what is made. Nothing here knows the
 * database or the storage.
 *
 * - voice-board: the voice as Opus, mono, 20 kb/s (speech-grade: about 9 MB an hour), in HLS with fMP4
 *   segments of 10 s after a first one of 4 s (short-first-segment.ts) (hls.js and Safari play Opus in fMP4; MPEG-TS has no standard Opus mapping), and
 *   for a video the board's stills: the key frames are looked at, a still kept at the start and each
 *   time the picture changes (scene score over 0.3), at most 480 px high, with their times in
 *   `stills.json`;
 * - 240p: H.264 at about 120 kb/s, 15 frames a second, with AAC mono at 32 kb/s (about 150 kb/s), in
 *   HLS with fMP4 segments of 10 s (key frames every 2 s); 360p the same at 360 kb/s, 24 frames a second,
 *   AAC 48 kb/s (decision 082), both H.264 Main 3.0;
 * - master.m3u8 beside voice-board's playlist: voice-board as an audio-only variant first, then the video
 *   rungs with BANDWIDTH, RESOLUTION and CODECS.
 */

export const FFMPEG_PATH = '/usr/bin/ffmpeg';
export const FFPROBE_PATH = '/usr/bin/ffprobe';
export const FFMPEG_INSTALL_HINT = 'sudo apt-get install -y ffmpeg';

/** Where ffmpeg and ffprobe are (Debian's paths unless a test or a server names others). */
export type MediaTools = { ffmpeg: string; ffprobe: string };
export const DEBIAN_MEDIA_TOOLS: MediaTools = { ffmpeg: FFMPEG_PATH, ffprobe: FFPROBE_PATH };

/** Whether both tools are there (the server says at start how to install them when not). */
export function mediaToolsPresent(tools: MediaTools): boolean {
  return fs.existsSync(tools.ffmpeg) && fs.existsSync(tools.ffprobe);
}

/** A recording that cannot be rendered, whatever the number of tries: the lecture fails with this reason. */
export class RenderRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RenderRefusedError';
  }
}

export const SEGMENT_SECONDS = 10;
export const VOICE_BITRATE = '20k';
export const STILL_SCENE_THRESHOLD = 0.3;
/** At most this many stills a lecture (a restless camera must not fill the disk). */
export const MAX_STILLS = 2000;
const STDERR_KEPT = 64 * 1024;

/** One file of a rendition, as it is named in its playlist. */
export type RenderedFile = { name: string; path: string; bytes: number };
export type Rendered = { kind: LectureRenditionKind; playlist: string; stills?: string; files: RenderedFile[]; variant?: Variant; voice?: { bandwidth: number; averageBandwidth: number } };
export type Probe = { duration: number; hasAudio: boolean; hasVideo: boolean };

/** Told how far a rendition is: the share done, 0–1 (the job writes it to the lecture every few seconds). */
export type RenderProgress = (fraction: number) => void;

/**
 * Runs a tool to its end; rejects with the end of its error output. With `onTime` (ffmpeg only), ffmpeg
 * writes its progress to its standard output (`-progress pipe:1`) and `onTime` is told the seconds written.
 */
function run(command: string, args: string[], options: { keepStderr?: boolean; onTime?: (seconds: number) => void } = {}): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const { onTime } = options;
    const child = spawn(command, onTime ? ['-progress', 'pipe:1', ...args] : args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const reader = new FfmpegProgressReader();
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (!onTime) {
        stdout += chunk;
        return;
      }
      const seconds = reader.push(chunk);
      if (seconds !== null) onTime(seconds);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      // The stills' times are read from all of it; otherwise only the end matters (the error).
      if (!options.keepStderr && stderr.length > STDERR_KEPT) stderr = stderr.slice(-STDERR_KEPT);
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve({ stdout, stderr });
      else reject(new Error(`${path.basename(command)} ended with ${signal ?? `code ${code}`}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`));
    });
  });
}

/** What the file holds: its duration and whether it has sound and pictures. A file ffprobe cannot read is refused. */
export async function probe(tools: MediaTools, source: string): Promise<Probe> {
  let stdout: string;
  try {
    ({ stdout } = await run(tools.ffprobe, ['-v', 'error', '-show_entries', 'format=duration:stream=codec_type,disposition', '-of', 'json', source]));
  } catch {
    throw new RenderRefusedError(LECTURE_MESSAGES.unreadable);
  }
  const parsed = JSON.parse(stdout) as { format?: { duration?: string }; streams?: { codec_type?: string; disposition?: { attached_pic?: number } }[] };
  const streams = parsed.streams ?? [];
  return {
    duration: Number(parsed.format?.duration ?? 0) || 0,
    hasAudio: streams.some((stream) => stream.codec_type === 'audio'),
    // A song's cover picture is no video.
    hasVideo: streams.some((stream) => stream.codec_type === 'video' && !stream.disposition?.attached_pic),
  };
}

const hlsOutput = (folder: string, seconds = SEGMENT_SECONDS) => [
  '-f', 'hls',
  '-hls_time', String(seconds),
  '-hls_playlist_type', 'vod',
  '-hls_segment_type', 'fmp4',
  '-hls_fmp4_init_filename', 'init.mp4',
  '-hls_segment_filename', path.join(folder, 'seg-%04d.m4s'),
  path.join(folder, 'index.m3u8'),
];

async function filesOf(folder: string): Promise<RenderedFile[]> {
  const names = (await fsp.readdir(folder)).sort();
  return Promise.all(names.map(async (name) => ({ name, path: path.join(folder, name), bytes: (await fsp.stat(path.join(folder, name))).size })));
}

/** The board's stills of a video into `folder`, and their timeline (`stills.json`: `[{ t, still }]`). */
async function renderStills(tools: MediaTools, source: string, folder: string, onTime?: (seconds: number) => void): Promise<void> {
  // Key frames only (`-skip_frame nokey`): a phone's camera puts one every 1–2 s, and decoding only them
  // is about six times cheaper than decoding every frame and keeping one a second (an hour of 720p).
  const filter = `scale=-2:'min(480,ih)',select='eq(n,0)+gt(scene,${STILL_SCENE_THRESHOLD})',showinfo`;
  const stills = ['-fps_mode', 'vfr', '-frames:v', String(MAX_STILLS), '-q:v', '5', path.join(folder, 'still-%04d.jpg')];
  // With progress: the key frames also go to a null output, whose time is the last key frame read (the
  // stills' own is the last still's, which stands still until the board changes).
  const args = onTime
    ? ['-filter_complex', `[0:v:0]split[stills][timed];[stills]${filter}[kept]`, '-map', '[kept]', '-an', ...stills, '-map', '[timed]', '-an', '-f', 'null', '-']
    : ['-map', '0:v:0', '-an', '-vf', filter, ...stills];
  const { stderr } = await run(tools.ffmpeg, ['-hide_banner', '-nostats', '-nostdin', '-y', '-skip_frame', 'nokey', '-i', source, ...args], { keepStderr: true, ...(onTime ? { onTime } : {}) });
  // showinfo prints one line per kept frame, in order: the n-th line is still n.
  const times = [...stderr.matchAll(/Parsed_showinfo[^\n]*?pts_time:\s*([0-9.]+)/g)].map((match) => Math.round(Number(match[1]) * 10) / 10);
  const timeline = [];
  for (let index = 0; index < MAX_STILLS; index += 1) {
    const still = `still-${String(index + 1).padStart(4, '0')}.jpg`;
    if (!fs.existsSync(path.join(folder, still))) break;
    timeline.push({ t: times[index] ?? 0, still });
  }
  await fsp.writeFile(path.join(folder, 'stills.json'), JSON.stringify(timeline));
}

/** Of a video's voice + board step, the share its voice takes (the stills, decoding the key frames, the rest). */
export const VOICE_SHARE_OF_VIDEO = 0.3;

/** The voice + board rendition of `source` into `folder` (empty, made by the caller); `progress` told how far it is. */
export async function renderVoiceBoard(tools: MediaTools, source: string, folder: string, probed: Probe, progress?: RenderProgress): Promise<Rendered> {
  if (!probed.hasAudio) throw new RenderRefusedError(LECTURE_MESSAGES.noSound);
  const voiceShare = probed.hasVideo ? VOICE_SHARE_OF_VIDEO : 1;
  const voiceTime = progress ? { onTime: (seconds: number) => progress(voiceShare * fractionOf(seconds, probed.duration)) } : {};
  const stillsTime = progress ? (seconds: number) => progress(voiceShare + (1 - voiceShare) * fractionOf(seconds, probed.duration)) : undefined;
  await run(tools.ffmpeg, [
    '-hide_banner', '-nostats', '-nostdin', '-loglevel', 'error', '-y', '-i', source,
    '-map', '0:a:0', '-vn', '-ac', '1', '-ar', '48000', '-c:a', 'libopus', '-b:a', VOICE_BITRATE, '-application', 'voip',
    // Sound alone (a recording in class, an audio file): its time is its samples' count, so a recording paused
    // and resumed (whatever times the browser wrote across the pause) has no gap or silence where it paused.
    ...(probed.hasVideo ? [] : ['-af', 'asetpts=N/SR/TB']),
    ...hlsOutput(folder, PART_SECONDS),
  ], voiceTime);
  // A short first segment (4 s), then 10 s ones: the first sound on Slow 3G is a few KB away (decision 091).
  await joinIntoShortFirst(folder, SEGMENT_SECONDS);
  if (probed.hasVideo) await renderStills(tools, source, folder, stillsTime);
  const files = await filesOf(folder);
  return { kind: 'voice-board', playlist: 'index.m3u8', ...(probed.hasVideo ? { stills: 'stills.json' } : {}), files, voice: voiceBandwidthOf(folder, files) };
}

/** A video rung: its picture's height, frame rate and bit rates (the video's target and ceiling, the sound's). */
export type VideoRung = { kind: '240p' | '360p'; height: number; fps: number; videoKbps: number; maxKbps: number; audioKbps: number };
/** The video rungs, lowest first: 240p about 150 kb/s in all, 360p about 450 kb/s. */
export const VIDEO_RUNGS: readonly VideoRung[] = [
  { kind: '240p', height: 240, fps: 15, videoKbps: 120, maxKbps: 150, audioKbps: 32 },
  { kind: '360p', height: 360, fps: 24, videoKbps: 360, maxKbps: 450, audioKbps: 48 },
];
/** H.264 Main at level 3.0 (every Android phone plays it) and AAC-LC, as a master playlist names them. */
const VIDEO_CODECS = 'avc1.4d401e,mp4a.40.2';

/** The peak and average bits a second of a rendition's segments, read from its playlist's durations and the files' sizes. */
function bandwidthOf(folder: string, files: RenderedFile[]): { peak: number; average: number } {
  const playlist = fs.readFileSync(path.join(folder, 'index.m3u8'), 'utf8').split('\n');
  const sizes = new Map(files.map((file) => [file.name, file.bytes]));
  let peak = 0;
  let bits = 0;
  let seconds = 0;
  playlist.forEach((line, index) => {
    const match = /^#EXTINF:([0-9.]+)/.exec(line);
    const bytes = match ? sizes.get(playlist[index + 1]?.trim() ?? '') : undefined;
    if (!match || bytes === undefined || Number(match[1]) <= 0) return;
    // A last segment of a fraction of a second is mostly its headers: its rate is not the rung's.
    if (Number(match[1]) >= SEGMENT_SECONDS / 2) peak = Math.max(peak, (bytes * 8) / Number(match[1]));
    bits += bytes * 8;
    seconds += Number(match[1]);
  });
  if (peak === 0 && seconds > 0) peak = bits / seconds;
  // The init segment's bytes are fetched once: left out, as a master playlist's BANDWIDTH does.
  return { peak: Math.ceil(peak), average: Math.ceil(seconds > 0 ? bits / seconds : 0) };
}

/** A video rung of `source` into `folder` (a video with sound only), with what a master playlist says of it; `progress` told how far it is (of `duration` seconds). */
export async function renderVideoRung(tools: MediaTools, source: string, folder: string, rung: VideoRung, progress?: { duration: number; report: RenderProgress }): Promise<Rendered> {
  await run(tools.ffmpeg, [
    '-hide_banner', '-nostats', '-nostdin', '-loglevel', 'error', '-y', '-i', source,
    '-map', '0:v:0', '-map', '0:a:0',
    '-vf', `scale=-2:${rung.height},fps=${rung.fps}`, '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-profile:v', 'main', '-level', '3.0',
    '-b:v', `${rung.videoKbps}k`, '-maxrate', `${rung.maxKbps}k`, '-bufsize', `${rung.maxKbps * 2}k`, '-force_key_frames', 'expr:gte(t,n_forced*2)',
    '-c:a', 'aac', '-b:a', `${rung.audioKbps}k`, '-ac', '1',
    ...hlsOutput(folder),
  ], progress ? { onTime: (seconds) => progress.report(fractionOf(seconds, progress.duration)) } : {});
  const { stdout } = await run(tools.ffprobe, ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', path.join(folder, 'init.mp4')]);
  const [width, height] = stdout.trim().split(',').map(Number);
  const files = await filesOf(folder);
  const { peak, average } = bandwidthOf(folder, files);
  return { kind: rung.kind, playlist: 'index.m3u8', files, variant: { bandwidth: peak, averageBandwidth: average, resolution: `${width}x${height}` } };
}

/** The 240p video rung of `source` into `folder` (a video with sound only). */
export function render240p(tools: MediaTools, source: string, folder: string): Promise<Rendered> {
  return renderVideoRung(tools, source, folder, VIDEO_RUNGS[0]!);
}

/** What a master playlist says of a video rung. */
export type Variant = { bandwidth: number; averageBandwidth: number; resolution: string };

/**
 * The master (multivariant) playlist of a lecture, kept beside voice-board's own (`master.m3u8`): the
 * voice + board rung first, as an audio-only variant (Opus, its measured bit rate), so a player that takes
 * the first listed starts on it on slow data; then the video rungs, lowest first, with their BANDWIDTH
 * (the peak segment's), RESOLUTION, CODECS and FRAME-RATE. Addresses are relative
 * to the master's own (`../240p/index.m3u8`).
 */
export function masterPlaylist(voice: { bandwidth: number }, rungs: readonly { kind: string; bandwidth: number; resolution: string; frameRate: number }[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
  lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${voice.bandwidth},CODECS="opus"`, 'index.m3u8');
  for (const rung of rungs) {
    lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${rung.bandwidth},RESOLUTION=${rung.resolution},CODECS="${VIDEO_CODECS}",FRAME-RATE=${rung.frameRate.toFixed(3)}`, `../${rung.kind}/index.m3u8`);
  }
  return `${lines.join('\n')}\n`;
}

/** voice-board's own peak and average bits a second (its segments only), for the master playlist. */
export function voiceBandwidthOf(folder: string, files: RenderedFile[]): { bandwidth: number; averageBandwidth: number } {
  const { peak, average } = bandwidthOf(folder, files);
  return { bandwidth: peak, averageBandwidth: average };
}
