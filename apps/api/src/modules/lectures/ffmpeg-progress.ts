/*
 * ffmpeg's own progress report (`-progress pipe:1`), read while a lecture's rendition is made (issue 75):
 * blocks of `key=value` lines, each ended by `progress=continue` (or `progress=end` for the last), written
 * about every half second. The time written so far is `out_time_us` (microseconds; `out_time_ms` is the
 * same figure under an older, wrong name; `out_time` the same as HH:MM:SS.micro), "N/A" before the first
 * packet. Nothing here runs ffmpeg or knows the database.
 */

/** Seconds from `out_time_us=`/`out_time_ms=` (microseconds) or `out_time=` (HH:MM:SS.frac); null for N/A or anything else. */
export function outTimeSecondsOf(key: string, value: string): number | null {
  if (key === 'out_time_us' || key === 'out_time_ms') {
    if (!/^-?\d+$/.test(value)) return null;
    const micro = Number(value);
    return micro >= 0 ? micro / 1_000_000 : null;
  }
  if (key === 'out_time') {
    const match = /^(-?)(\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(value);
    if (!match || match[1] === '-') return null;
    return Number(match[2]) * 3600 + Number(match[3]) * 60 + Number(match[4]);
  }
  return null;
}

/** Reads the report as it arrives in chunks (a line may be cut between two): the output time of each finished block. */
export class FfmpegProgressReader {
  private rest = '';
  private blockSeconds: number | null = null;
  /** The latest time of a finished block, in seconds (null before the first). */
  seconds: number | null = null;
  /** Whether ffmpeg wrote its last block (`progress=end`). */
  ended = false;

  /** Adds a chunk; answers the time of the last block it finished, or null when it finished none with a time. */
  push(chunk: string): number | null {
    const lines = (this.rest + chunk).split('\n');
    this.rest = lines.pop() ?? '';
    let finished: number | null = null;
    for (const raw of lines) {
      const line = raw.trim();
      const at = line.indexOf('=');
      if (at <= 0) continue;
      const key = line.slice(0, at);
      const value = line.slice(at + 1).trim();
      const seconds = outTimeSecondsOf(key, value);
      // out_time_us comes first in a block; the others say the same, so the first readable one is kept.
      if (seconds !== null && this.blockSeconds === null) this.blockSeconds = seconds;
      if (key === 'progress') {
        if (value === 'end') this.ended = true;
        if (this.blockSeconds !== null) {
          // Never backwards (a stream starting a little late reports a smaller time once).
          this.seconds = Math.max(this.seconds ?? 0, this.blockSeconds);
          finished = this.seconds;
        }
        this.blockSeconds = null;
      }
    }
    return finished;
  }
}

/** The share done, 0–1, of a recording `duration` seconds long once `seconds` of it are written; 0 when its length is unknown. */
export function fractionOf(seconds: number, duration: number): number {
  if (!(duration > 0) || !(seconds > 0)) return 0;
  return Math.min(1, seconds / duration);
}

/** A share as the whole percent a teacher sees: 0–99 while it runs (100 is said by the rendition being there). */
export function percentOf(fraction: number): number {
  if (!(fraction > 0)) return 0;
  return Math.min(99, Math.floor(fraction * 100));
}
