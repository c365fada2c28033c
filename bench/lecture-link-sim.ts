/**
 * A whole lecture played over a slow link, segment by segment (issue 75's goal: "the voice + board rung
 * plays an hour with no stall on Slow 3G (2,000 ms, 50 KB/s) and on Regular 2G (250 kbps)").
 *
 * The model, on the careful side of what Chromium's throttling and hls.js do:
 * - each request waits the link's round trip (DevTools' latency: Slow 3G 2,000 ms, Regular 2G 300 ms; requests
 *   asked at once wait theirs side by side, as the browser sends them), then its bytes come at the link's rate,
 *   one response's bytes after another's (they never share the link more kindly than that);
 * - the start: playlist, init segment, key and first segment fetched together (decision 091), one round trip;
 *   the sound starts when they are in;
 * - hls.js has one segment in flight at a time and asks for the next while less than `bufferAheadSeconds`
 *   (its maxBufferLength, 30 s) is buffered ahead of the play head; playback stalls when the play head reaches
 *   a segment not yet in, for as long as it is missing;
 * - each board still is asked for when the play head reaches its time (the player's `<img>`, no prefetch),
 *   sharing the link with the segments; it is "late" by how long it takes to arrive.
 *
 * Every segment's real size and duration (the playlist's `#EXTINF`) and every still's real size are used:
 * the peak of a dense stretch shows, not only the average.
 */
export type LinkModel = { name: string; roundTripSeconds: number; bytesPerSecond: number };

export const SLOW_3G: LinkModel = { name: 'Slow 3G', roundTripSeconds: 2, bytesPerSecond: 50_000 };
export const REGULAR_2G: LinkModel = { name: 'Regular 2G', roundTripSeconds: 0.3, bytesPerSecond: 250_000 / 8 };

export type PlayedHour = { startSeconds: number; stalls: number; stalledSeconds: number; stillsLateMaxSeconds: number; minBufferSeconds: number; wallSeconds: number };

export function playOverLink(
  link: LinkModel,
  lecture: { startBytes: number; segments: readonly { seconds: number; bytes: number }[]; stills: readonly { t: number; bytes: number }[] },
  bufferAheadSeconds = 30,
): PlayedHour {
  const { segments, stills } = lecture;
  // The link's bytes: one response after another, each after its own round trip from when it was asked.
  let linkFree = 0;
  const fetch = (askedAt: number, bytes: number) => {
    const done = Math.max(askedAt + link.roundTripSeconds, linkFree) + bytes / link.bytesPerSecond;
    linkFree = done;
    return done;
  };
  // The first segment comes with the start.
  const startSeconds = fetch(0, lecture.startBytes);
  let stalled = 0;
  let stalls = 0;
  let bufferedEnd = segments[0]?.seconds ?? 0;
  let minBuffer = Number.POSITIVE_INFINITY;
  let stillsLateMax = 0;
  let segmentInFlightUntil = startSeconds;
  // Media time m plays at wall time startSeconds + m + the stalls so far.
  const wallAt = (media: number) => startSeconds + media + stalled;
  let nextSegment = 1;
  // The first still (t 0) is asked for when the sound starts.
  let nextStill = 0;
  while (nextSegment < segments.length || nextStill < stills.length) {
    const segmentAsk = nextSegment < segments.length ? Math.max(segmentInFlightUntil, wallAt(Math.max(0, bufferedEnd - bufferAheadSeconds))) : Number.POSITIVE_INFINITY;
    const stillAsk = nextStill < stills.length ? wallAt(stills[nextStill]!.t) : Number.POSITIVE_INFINITY;
    if (stillAsk <= segmentAsk) {
      const still = stills[nextStill++]!;
      stillsLateMax = Math.max(stillsLateMax, fetch(stillAsk, still.bytes) - wallAt(still.t));
      continue;
    }
    const segment = segments[nextSegment++]!;
    const done = fetch(segmentAsk, segment.bytes);
    segmentInFlightUntil = done;
    // The play head reaches this segment's start at wallAt(bufferedEnd); if its bytes come later, it waits.
    const needed = wallAt(bufferedEnd);
    minBuffer = Math.min(minBuffer, needed - done);
    if (done > needed) {
      stalls += 1;
      stalled += done - needed;
    }
    bufferedEnd += segment.seconds;
  }
  return { startSeconds, stalls, stalledSeconds: stalled, stillsLateMaxSeconds: stillsLateMax, minBufferSeconds: Number.isFinite(minBuffer) ? minBuffer : 0, wallSeconds: wallAt(bufferedEnd) };
}

/** A busy board: a still of `bytes` every `everySeconds` (a teacher who fills the board once a minute), for `seconds`. */
export function busyBoard(seconds: number, everySeconds = 60, bytes = 60 * 1024): { t: number; bytes: number }[] {
  return Array.from({ length: Math.floor(seconds / everySeconds) + 1 }, (_, index) => ({ t: index * everySeconds, bytes }));
}

/** The voice's segments in play order, from the rendition's playlist and its files' sizes. */
export function segmentsOf(playlist: string, sizeOf: (name: string) => number): { seconds: number; bytes: number }[] {
  const segments: { seconds: number; bytes: number }[] = [];
  let seconds: number | undefined;
  for (const line of playlist.split('\n')) {
    const extinf = /^#EXTINF:([0-9.]+)/.exec(line);
    if (extinf) seconds = Number(extinf[1]);
    else if (seconds !== undefined && line.trim() && !line.startsWith('#')) {
      segments.push({ seconds, bytes: sizeOf(line.trim()) });
      seconds = undefined;
    }
  }
  return segments;
}
