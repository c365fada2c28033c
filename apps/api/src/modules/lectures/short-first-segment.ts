import fsp from 'node:fs/promises';
import path from 'node:path';

/*
 * A short first segment for the voice + board rendition (issue 75, decision 091). On Slow 3G every request
 * pays 2 s of latency, so a player's start is: the round trips before the first segment, then that
 * segment's bytes. ffmpeg's `-hls_init_time` would make the first segment short, but with a VOD playlist
 * (all segments listed) Debian's ffmpeg 5.1 applies it to every segment. So the voice is cut into
 * segments of 2 s and they are joined here: the first FIRST_SEGMENT_SECONDS (4 s: about 10 KB of Opus,
 * long enough that the next request's 2 s of latency ends before it has played), then groups of
 * `restSeconds` (10 s, as before). A joined segment is the fMP4 fragments (moof + mdat) of its parts one
 * after another, which HLS allows (a media segment may hold several fragments) and hls.js and Safari play.
 */

/** The first segment's length: about 10 KB of 20 kb/s Opus; the next segment's request (2 s latency + 25 KB) ends before it has played. */
export const FIRST_SEGMENT_SECONDS = 4;
/** The length ffmpeg cuts the voice into before the parts are joined. */
export const PART_SECONDS = 2;

type Entry = { duration: number; name: string };

/** The playlist's segments, in order (the lines between `#EXTINF` and the name are kept with the name: none in ffmpeg's VOD output). */
function entriesOf(lines: readonly string[]): Entry[] {
  const entries: Entry[] = [];
  lines.forEach((line, index) => {
    const match = /^#EXTINF:([0-9.]+)/.exec(line);
    const name = lines[index + 1]?.trim();
    if (match && name && !name.startsWith('#')) entries.push({ duration: Number(match[1]), name });
  });
  return entries;
}

/** Groups of entries: the first reaching `first` seconds, then each reaching `rest` seconds (the last whatever is left). */
export function groupSegments<T extends { duration: number }>(entries: readonly T[], first: number, rest: number): T[][] {
  const groups: T[][] = [];
  let current: T[] = [];
  let seconds = 0;
  for (const entry of entries) {
    current.push(entry);
    seconds += entry.duration;
    // A hundredth of a second of slack: ffmpeg's durations are 2.000000 or a frame either side.
    if (seconds >= (groups.length === 0 ? first : rest) - 0.01) {
      groups.push(current);
      current = [];
      seconds = 0;
    }
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

/**
 * Joins the 2-second segments of `folder/index.m3u8` into a first short one and `restSeconds` ones, named
 * `seg-NNNN.m4s` again from 0, and rewrites the playlist (its target duration the longest, rounded).
 */
export async function joinIntoShortFirst(folder: string, restSeconds: number): Promise<void> {
  const playlistPath = path.join(folder, 'index.m3u8');
  const lines = (await fsp.readFile(playlistPath, 'utf8')).split('\n');
  const entries = entriesOf(lines);
  const groups = groupSegments(entries, FIRST_SEGMENT_SECONDS, restSeconds);
  const joined: Entry[] = [];
  for (const [index, group] of groups.entries()) {
    const bodies = await Promise.all(group.map((entry) => fsp.readFile(path.join(folder, entry.name))));
    for (const entry of group) await fsp.rm(path.join(folder, entry.name));
    const name = `joined-${String(index).padStart(4, '0')}.m4s`;
    await fsp.writeFile(path.join(folder, name), Buffer.concat(bodies));
    joined.push({ name, duration: group.reduce((sum, entry) => sum + entry.duration, 0) });
  }
  // Back to ffmpeg's names (the parts' names are gone now, so no name is taken twice).
  for (const [index, entry] of joined.entries()) {
    const name = `seg-${String(index).padStart(4, '0')}.m4s`;
    await fsp.rename(path.join(folder, entry.name), path.join(folder, name));
    entry.name = name;
  }
  const header = lines.slice(0, lines.findIndex((line) => line.startsWith('#EXTINF'))).filter((line) => !line.startsWith('#EXT-X-TARGETDURATION'));
  // RFC 8216 §4.3.3.1: each duration rounded to the nearest integer is at most the target.
  const target = Math.max(1, Math.round(Math.max(0, ...joined.map((entry) => entry.duration))));
  const body = joined.flatMap((entry) => [`#EXTINF:${entry.duration.toFixed(6)},`, entry.name]);
  const versionAt = header.findIndex((line) => line.startsWith('#EXT-X-VERSION'));
  const afterVersion = Math.max(versionAt, 0) + 1;
  header.splice(afterVersion, 0, `#EXT-X-TARGETDURATION:${target}`);
  await fsp.writeFile(playlistPath, `${[...header, ...body, '#EXT-X-ENDLIST'].join('\n')}\n`);
}
