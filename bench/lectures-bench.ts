/**
 * The lectures bench (issue 75, decision 088): a 60-minute lecture made here by ffmpeg (speech-like
 * sound: pink noise shaped into syllables at about 4 a second, band-limited to a phone's voice; a 720p
 * "board" that changes every two minutes, key frames every 2 s as a phone's camera puts them), then
 * rendered as the lecture job does (ffprobe, the voice + board rendition, its segments encrypted):
 *
 * - voice + board ≤ 20 MB and ready ≤ 5 minutes after the upload on this machine;
 * - its rate against Slow 3G (50 KB/s) and Regular 2G (250 kb/s): the stream plays an hour with no stall
 *   when what it needs a second (voice + stills, on average and at its peak segment) is at most 60 % of the link;
 * - with BENCH_LECTURE_VIDEO=1 also the 240p and 360p rungs of a 60-minute 720p video, ≤ 30 minutes after
 *   the upload with voice + board first (about half an hour of this machine: off unless asked).
 *
 *   BENCH_ONLY=lectures npm run bench          (LECTURE_MINUTES=60 by default)
 *
 * - the start: the bytes a player needs before the first sound (playlist, init, key, a 4-s first segment;
 *   decision 091) and what they cost on Slow 3G fetched together; the start in a real Chromium is measured
 *   by e2e/student/lecture-offline.spec.ts.
 *
 * Making the input is not timed; rendering is. No database: the storing of the files (a few MB) is not in it.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEBIAN_MEDIA_TOOLS, probe, renderVideoRung, renderVoiceBoard, VIDEO_RUNGS } from '../apps/api/src/modules/lectures/renditions';
import { encryptRendition } from '../apps/api/src/modules/lectures/segment-keys';
import { busyBoard, playOverLink, REGULAR_2G, segmentsOf, SLOW_3G } from './lecture-link-sim';

/** The CPU seconds (user + system) this process' finished children (ffmpeg, ffprobe) used so far: what load does not change. */
function childCpuSeconds(): number {
  const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  // Fields 16 and 17 (cutime, cstime) in clock ticks, here counted after the command's name: indexes 13 and 14.
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

export const LECTURE_GOALS = { voiceBoardMb: 20, voiceBoardReadySeconds: 300, videoRungsReadySeconds: 1800, linkShare: 0.6, slow3gBytesPerSecond: 50_000, regular2gBitsPerSecond: 250_000 };

function makeInput(folder: string, minutes: number): string {
  const seconds = minutes * 60;
  const file = path.join(folder, 'lecture.mp4');
  execFileSync('/usr/bin/ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc=size=1280x720:rate=5:duration=${seconds}`,
    '-f', 'lavfi', '-i', `anoisesrc=color=pink:amplitude=0.5:sample_rate=48000:duration=${seconds}`,
    '-filter_complex', "[0:v]hue=h='floor(t/120)*47':s='1+mod(floor(t/120),3)*0.6'[v];[1:a]tremolo=f=4:d=0.9,bandpass=f=900:width_type=h:w=2600,volume=2[a]",
    '-map', '[v]', '-map', '[a]',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '10', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '96k', '-ac', '1', '-shortest', file,
  ]);
  return file;
}

export async function runLecturesBench(log: (line: string) => void = console.log): Promise<{ checks: [string, boolean][] }> {
  const minutes = Number(process.env.LECTURE_MINUTES ?? 60);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-lecture-bench-'));
  const checks: [string, boolean][] = [];
  try {
    let started = performance.now();
    const source = makeInput(work, minutes);
    log(`  a ${minutes}-minute 720p lecture made (${(fs.statSync(source).size / 1_048_576).toFixed(0)} MB) in ${((performance.now() - started) / 1000).toFixed(0)} s (not timed); rendering voice + board …`);
    const key = randomBytes(16);
    started = performance.now();
    const cpuBefore = childCpuSeconds();
    const probed = await probe(DEBIAN_MEDIA_TOOLS, source);
    const folder = path.join(work, 'voice-board');
    fs.mkdirSync(folder);
    const rendered = await encryptRendition(await renderVoiceBoard(DEBIAN_MEDIA_TOOLS, source, folder, probed), folder, key, '/api/lectures/bench/key');
    const readySeconds = (performance.now() - started) / 1000;
    const voiceCpu = childCpuSeconds() - cpuBefore;
    log(`  voice + board: ffmpeg used ${voiceCpu.toFixed(0)} CPU seconds (${readySeconds.toFixed(0)} s of wall time at load ${os.loadavg()[0]!.toFixed(1)})`);
    const bytes = rendered.files.reduce((sum, file) => sum + file.bytes, 0);
    const stillBytes = rendered.files.filter((file) => file.name.endsWith('.jpg')).reduce((sum, file) => sum + file.bytes, 0);
    const stills = rendered.files.filter((file) => file.name.endsWith('.jpg')).length;
    const averageBitsPerSecond = (bytes * 8) / probed.duration;
    const peakVoice = rendered.voice?.bandwidth ?? 0;
    // The peak: the voice's largest segment, with the stills' average on top (a still comes with a change of board).
    const peakBitsPerSecond = peakVoice + (stillBytes * 8) / probed.duration;
    const mb = bytes / 1_048_576;
    // The start on slow data (decision 091): what a player fetches before the first sound, after hls.js.
    const sizeOf = (name: string) => rendered.files.find((file) => file.name === name)?.bytes ?? 0;
    const startBytes = sizeOf('index.m3u8') + sizeOf('init.mp4') + 16 + sizeOf('seg-0000.m4s');
    const firstSeconds = Number(/#EXTINF:([0-9.]+)/.exec(fs.readFileSync(path.join(folder, 'index.m3u8'), 'utf8'))?.[1] ?? 0);
    log(`  start: first segment ${(sizeOf('seg-0000.m4s') / 1024).toFixed(1)} KB for ${firstSeconds.toFixed(0)} s; playlist + init + key + first segment ${(startBytes / 1024).toFixed(1)} KB, fetched together: ${(2 + startBytes / LECTURE_GOALS.slow3gBytesPerSecond).toFixed(1)} s on Slow 3G (one 2-s round trip and the bytes)`);
    log(`  voice + board: ${mb.toFixed(1)} MB (${stills} stills, ${(stillBytes / 1_048_576).toFixed(1)} MB), ready in ${readySeconds.toFixed(0)} s; ${(averageBitsPerSecond / 1000).toFixed(1)} kb/s on average, ${(peakBitsPerSecond / 1000).toFixed(1)} kb/s at the peak`);
    const slow3g = LECTURE_GOALS.slow3gBytesPerSecond * 8;
    log(`  Slow 3G (50 KB/s = 400 kb/s): ${((peakBitsPerSecond / slow3g) * 100).toFixed(0)} % of the link at the peak; Regular 2G (250 kb/s): ${((peakBitsPerSecond / LECTURE_GOALS.regular2gBitsPerSecond) * 100).toFixed(0)} %`);
    checks.push([`voice + board of ${minutes} minutes ≤ ${LECTURE_GOALS.voiceBoardMb} MB (${mb.toFixed(1)} MB)`, mb <= (LECTURE_GOALS.voiceBoardMb * minutes) / 60]);
    checks.push([`voice + board ready ≤ ${LECTURE_GOALS.voiceBoardReadySeconds / 60} minutes (${readySeconds.toFixed(0)} s)`, readySeconds <= (LECTURE_GOALS.voiceBoardReadySeconds * minutes) / 60]);
    checks.push([`Slow 3G: the peak rate ≤ 60 % of 50 KB/s, no stall over the hour (${((peakBitsPerSecond / slow3g) * 100).toFixed(0)} %)`, peakBitsPerSecond <= LECTURE_GOALS.linkShare * slow3g]);
    checks.push([`Regular 2G: the peak rate ≤ 60 % of 250 kb/s (${((peakBitsPerSecond / LECTURE_GOALS.regular2gBitsPerSecond) * 100).toFixed(0)} %)`, peakBitsPerSecond <= LECTURE_GOALS.linkShare * LECTURE_GOALS.regular2gBitsPerSecond]);
    // The whole lecture played over each link, every segment and still at its real size (bench/lecture-link-sim.ts).
    const segments = segmentsOf(fs.readFileSync(path.join(folder, 'index.m3u8'), 'utf8'), sizeOf);
    const stillsFile = path.join(folder, 'stills.json');
    const timeline = fs.existsSync(stillsFile) ? (JSON.parse(fs.readFileSync(stillsFile, 'utf8')) as { t: number; still: string }[]) : [];
    const stillTimes = timeline.map((one) => ({ t: one.t, bytes: sizeOf(one.still) }));
    const playedMinutes = segments.reduce((sum, segment) => sum + segment.seconds, 0) / 60;
    const largest = segments.reduce((most, segment) => Math.max(most, (segment.bytes * 8) / segment.seconds), 0);
    log(`  the playlist: ${segments.length} segments, ${playedMinutes.toFixed(1)} min; the densest segment ${(largest / 1000).toFixed(1)} kb/s; ${stillTimes.length} stills (largest ${(Math.max(0, ...stillTimes.map((one) => one.bytes)) / 1024).toFixed(0)} KB)`);
    // The generated board changes little (few stills); a busy one is played too: a 60-KB still every minute.
    const busy = busyBoard(playedMinutes * 60);
    for (const link of [SLOW_3G, REGULAR_2G]) {
      for (const [board, stillsPlayed] of [['its stills', stillTimes], ['a 60-KB still every minute', busy]] as const) {
        const played = playOverLink(link, { startBytes, segments, stills: stillsPlayed });
        log(
          `  ${link.name} (${link.roundTripSeconds * 1000} ms, ${(link.bytesPerSecond / 1000).toFixed(1)} KB/s), ${playedMinutes.toFixed(0)} min with ${board}: sound at ${played.startSeconds.toFixed(1)} s, ${played.stalls} stalls (${played.stalledSeconds.toFixed(1)} s), the next segment in ≥ ${played.minBufferSeconds.toFixed(1)} s before it plays, a still ≤ ${played.stillsLateMaxSeconds.toFixed(1)} s after its moment`,
        );
        checks.push([`${link.name}, ${board}: the whole ${playedMinutes.toFixed(0)} minutes play with no stall, simulated segment by segment (${played.stalls} stalls)`, played.stalls === 0 && played.minBufferSeconds >= 0]);
        if (board === 'its stills') checks.push([`${link.name}: the start's bytes in ≤ 5 s (${played.startSeconds.toFixed(1)} s; fetched together; the browser's start: lecture-offline.spec.ts)`, played.startSeconds <= 5]);
      }
    }
    if (process.env.BENCH_LECTURE_VIDEO === '1') {
      // The job's order: voice + board (above, counted in), then 240p, then 360p.
      for (const rung of VIDEO_RUNGS) {
        const rungFolder = path.join(work, rung.kind);
        fs.mkdirSync(rungFolder);
        const rungStarted = performance.now();
        const rungCpu = childCpuSeconds();
        const made = await encryptRendition(await renderVideoRung(DEBIAN_MEDIA_TOOLS, source, rungFolder, rung), rungFolder, key, '/api/lectures/bench/key');
        log(`  ${rung.kind}: ${(made.files.reduce((sum, file) => sum + file.bytes, 0) / 1_048_576).toFixed(1)} MB in ${((performance.now() - rungStarted) / 1000).toFixed(0)} s (ffmpeg: ${(childCpuSeconds() - rungCpu).toFixed(0)} CPU seconds; load ${os.loadavg()[0]!.toFixed(1)})`);
      }
      const allSeconds = (performance.now() - started) / 1000;
      checks.push([`240p and 360p ready ≤ 30 minutes after the upload, voice + board first (${(allSeconds / 60).toFixed(1)} min)`, allSeconds <= (LECTURE_GOALS.videoRungsReadySeconds * minutes) / 60]);
    } else {
      log('  (the 240p and 360p rungs: BENCH_LECTURE_VIDEO=1, about half an hour)');
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return { checks };
}
