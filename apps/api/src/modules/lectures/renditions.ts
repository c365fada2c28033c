import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { LECTURE_MESSAGES, type LectureRenditionKind } from '@academy/shared/schemas/lectures';

/*
 * A lecture's renditions, made by Debian's ffmpeg from the uploaded file (issue 75, decision 079), in a
 * work folder of this server; the job (lectures.job.ts) stores what is made. Nothing here knows the
 * database or the storage.
 *
 * - voice-board: the voice as Opus, mono, 20 kb/s (speech-grade: about 9 MB an hour), in HLS with fMP4
 *   segments of 10 s (hls.js and Safari play Opus in fMP4; MPEG-TS has no standard Opus mapping), and
 *   for a video the board's stills: the key frames are looked at, a still kept at the start and each
 *   time the picture changes (scene score over 0.3), at most 480 px high, with their times in
 *   `stills.json`;
 * - 240p: H.264 at about 120 kb/s, 15 frames a second, with AAC mono at 32 kb/s (about 150 kb/s), in
 *   HLS with fMP4 segments of 10 s (key frames every 2 s).
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
export type Rendered = { kind: LectureRenditionKind; playlist: string; stills?: string; files: RenderedFile[] };
export type Probe = { duration: number; hasAudio: boolean; hasVideo: boolean };

/** Runs a tool to its end; rejects with the end of its error output. */
function run(command: string, args: string[], options: { keepStderr?: boolean } = {}): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
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

const hlsOutput = (folder: string) => [
  '-f', 'hls',
  '-hls_time', String(SEGMENT_SECONDS),
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
async function renderStills(tools: MediaTools, source: string, folder: string): Promise<void> {
  // Key frames only (`-skip_frame nokey`): a phone's camera puts one every 1–2 s, and decoding only them
  // is about six times cheaper than decoding every frame and keeping one a second (an hour of 720p).
  const filter = `scale=-2:'min(480,ih)',select='eq(n,0)+gt(scene,${STILL_SCENE_THRESHOLD})',showinfo`;
  const { stderr } = await run(
    tools.ffmpeg,
    ['-hide_banner', '-nostats', '-nostdin', '-y', '-skip_frame', 'nokey', '-i', source, '-map', '0:v:0', '-an', '-vf', filter, '-fps_mode', 'vfr', '-frames:v', String(MAX_STILLS), '-q:v', '5', path.join(folder, 'still-%04d.jpg')],
    { keepStderr: true },
  );
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

/** The voice + board rendition of `source` into `folder` (empty, made by the caller). */
export async function renderVoiceBoard(tools: MediaTools, source: string, folder: string, probed: Probe): Promise<Rendered> {
  if (!probed.hasAudio) throw new RenderRefusedError(LECTURE_MESSAGES.noSound);
  await run(tools.ffmpeg, [
    '-hide_banner', '-nostats', '-nostdin', '-loglevel', 'error', '-y', '-i', source,
    '-map', '0:a:0', '-vn', '-ac', '1', '-ar', '48000', '-c:a', 'libopus', '-b:a', VOICE_BITRATE, '-application', 'voip',
    ...hlsOutput(folder),
  ]);
  if (probed.hasVideo) await renderStills(tools, source, folder);
  return { kind: 'voice-board', playlist: 'index.m3u8', ...(probed.hasVideo ? { stills: 'stills.json' } : {}), files: await filesOf(folder) };
}

/** The 240p video rung of `source` into `folder` (a video with sound only). */
export async function render240p(tools: MediaTools, source: string, folder: string): Promise<Rendered> {
  await run(tools.ffmpeg, [
    '-hide_banner', '-nostats', '-nostdin', '-loglevel', 'error', '-y', '-i', source,
    '-map', '0:v:0', '-map', '0:a:0',
    '-vf', 'scale=-2:240,fps=15', '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p',
    '-b:v', '120k', '-maxrate', '150k', '-bufsize', '300k', '-force_key_frames', 'expr:gte(t,n_forced*2)',
    '-c:a', 'aac', '-b:a', '32k', '-ac', '1',
    ...hlsOutput(folder),
  ]);
  return { kind: '240p', playlist: 'index.m3u8', files: await filesOf(folder) };
}
