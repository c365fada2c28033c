import type Hls from 'hls.js';
import type { HlsConfig, LoaderCallbacks, LoaderConfiguration, LoaderContext } from 'hls.js';

/*
 * A lecture's start on slow data (issue 75, decision 091). On Slow 3G each request pays 2 s of latency
 * whatever its size, and hls.js asks one after another: its own code, the playlist, the init segment, the
 * key, the first segment. So:
 * - hls.js (its light build: no subtitles, alternate audio or DRM, which a lecture never has) is loaded
 *   from the lectures list, when the list shows, so it is on the phone before the student opens one;
 * - the playlist, init segment, key and first segment of a lecture (their addresses are known from its id)
 *   are fetched together, in parallel, as soon as the student shows they mean to open it (a touch, hover
 *   or focus on the list; the lecture's page as it opens; the list's first lecture not yet started);
 * - the player's hls.js takes those answers instead of asking again (a loader that looks here first).
 * The same requests as hls.js would make, with the same cookie: the server's rules answer them as ever
 * (another batch's student gets 404 and nothing is kept). Kept two minutes, then forgotten.
 */

let hlsLoading: Promise<typeof Hls> | null = null;

/** hls.js (light), loaded once: the list asks for it early, the player uses it. */
export function loadHls(): Promise<typeof Hls> {
  hlsLoading ??= import('hls.js/light').then((module) => module.default);
  // A failed load (offline) may be tried again by the next caller.
  hlsLoading.catch(() => (hlsLoading = null));
  return hlsLoading;
}

/** How long a fetched start is kept for the player. */
const KEPT_MS = 120_000;
/** At most this many lectures' starts are kept (the latest). */
const KEPT_LECTURES = 3;

type Kept = { at: number; bodies: Map<string, Promise<ArrayBuffer | null>> };
const kept = new Map<string, Kept>();

const absolute = (url: string) => new URL(url, window.location.href).href;

/** The addresses a player asks for first: the voice + board playlist, its init segment, the key and the first segment. */
export function startAddressesOf(lectureId: string): string[] {
  const base = `/api/lectures/${encodeURIComponent(lectureId)}`;
  return [`${base}/hls/voice-board/index.m3u8`, `${base}/hls/voice-board/init.mp4`, `${base}/key`, `${base}/hls/voice-board/seg-0000.m4s`].map(absolute);
}

function forgetOld(now: number) {
  for (const [id, entry] of kept) if (now - entry.at > KEPT_MS) kept.delete(id);
  while (kept.size > KEPT_LECTURES) kept.delete(kept.keys().next().value!);
}

/**
 * Fetches a lecture's start (playlist, init, key, first segment) in parallel, once per two minutes. A
 * lecture without a key (rendered before keys) or not ready answers 404 for some: those are simply not kept.
 */
export function prefetchLectureStart(lectureId: string): void {
  const now = Date.now();
  forgetOld(now);
  if (kept.has(lectureId)) return;
  const bodies = new Map<string, Promise<ArrayBuffer | null>>();
  for (const url of startAddressesOf(lectureId)) {
    bodies.set(
      url,
      fetch(url, { credentials: 'same-origin' })
        .then((response) => (response.ok ? response.arrayBuffer() : null))
        .catch(() => null),
    );
  }
  kept.set(lectureId, { at: now, bodies });
}

/** The kept answer for `url`, if one was fetched (or is being fetched) in the last two minutes. */
export function keptStartOf(url: string): Promise<ArrayBuffer | null> | undefined {
  forgetOld(Date.now());
  const wanted = absolute(url);
  for (const entry of kept.values()) {
    const body = entry.bodies.get(wanted);
    if (body) return body;
  }
  return undefined;
}

/** Only for tests: forget every kept start. */
export function forgetLectureStarts(): void {
  kept.clear();
}

type LoaderClass = NonNullable<HlsConfig['loader']>;

/**
 * hls.js's own loader, looking at the kept starts first: a kept answer is handed over as if it had just
 * arrived; a missing or failed one is asked for as usual.
 */
export function startAwareLoader(Base: LoaderClass): LoaderClass {
  return class StartAwareLoader extends Base {
    private cancelled = false;

    override load(context: LoaderContext, config: LoaderConfiguration, callbacks: LoaderCallbacks<LoaderContext>): void {
      this.cancelled = false;
      const body = keptStartOf(context.url);
      if (!body) {
        super.load(context, config, callbacks);
        return;
      }
      this.context = context;
      const stats = this.stats;
      stats.loading.start = performance.now();
      void body.then((data) => {
        if (this.cancelled) return;
        if (!data) {
          super.load(context, config, callbacks);
          return;
        }
        stats.loading.first = stats.loading.end = Math.max(stats.loading.start, performance.now());
        stats.loaded = stats.total = data.byteLength;
        const response = { url: context.url, code: 200, data: context.responseType === 'arraybuffer' ? data.slice(0) : new TextDecoder().decode(data) };
        callbacks.onSuccess(response, stats, context, null);
      });
    }

    override abort(): void {
      this.cancelled = true;
      super.abort();
    }

    override destroy(): void {
      this.cancelled = true;
      super.destroy();
    }
  };
}
