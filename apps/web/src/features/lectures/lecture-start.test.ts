import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoaderCallbacks, LoaderConfiguration, LoaderContext, LoaderStats } from 'hls.js';
import { forgetLectureStarts, keptStartOf, prefetchLectureStart, startAddressesOf, startAwareLoader } from './lecture-start';

const ID = '11111111-2222-4333-8444-555555555555';

/** A stand-in of hls.js's own loader: records what it was asked for. */
class NetworkLoader {
  static asked: string[] = [];
  context: LoaderContext | null = null;
  stats = { aborted: false, loaded: 0, total: 0, retry: 0, chunkCount: 0, bwEstimate: 0, loading: { start: 0, first: 0, end: 0 }, parsing: { start: 0, end: 0 }, buffering: { start: 0, first: 0, end: 0 } } as LoaderStats;
  load(context: LoaderContext) {
    NetworkLoader.asked.push(context.url);
  }
  abort() {}
  destroy() {}
}

function loaderFor() {
  const Loader = startAwareLoader(NetworkLoader as never);
  return new Loader({} as never);
}

const callbacks = () => ({ onSuccess: vi.fn(), onError: vi.fn(), onTimeout: vi.fn() }) as unknown as LoaderCallbacks<LoaderContext> & { onSuccess: ReturnType<typeof vi.fn> };

beforeEach(() => {
  vi.stubGlobal('window', { location: { href: 'http://localhost:3000/app/student/lectures' } });
});
afterEach(() => {
  forgetLectureStarts();
  NetworkLoader.asked = [];
  vi.unstubAllGlobals();
});

describe('a lecture’s start fetched together (decision 091)', () => {
  it('fetches the playlist, init, key and first segment at once, once, with the cookie', () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(new Uint8Array([1, 2, 3]))));
    vi.stubGlobal('fetch', fetch);
    prefetchLectureStart(ID);
    prefetchLectureStart(ID);
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(fetch.mock.calls.map((call) => (call as unknown as [string])[0])).toEqual(startAddressesOf(ID));
    expect(startAddressesOf(ID).map((url) => new URL(url).pathname)).toEqual([
      `/api/lectures/${ID}/hls/voice-board/index.m3u8`,
      `/api/lectures/${ID}/hls/voice-board/init.mp4`,
      `/api/lectures/${ID}/key`,
      `/api/lectures/${ID}/hls/voice-board/seg-0000.m4s`,
    ]);
    expect((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].credentials).toBe('same-origin');
  });

  it('hands hls.js the kept answer (text for a playlist, a copy of the bytes otherwise) without asking the network', async () => {
    vi.stubGlobal('fetch', vi.fn((url: string) => Promise.resolve(new Response(url.endsWith('.m3u8') ? '#EXTM3U\n' : new Uint8Array([7, 8, 9])))));
    prefetchLectureStart(ID);
    const [playlist, , key] = startAddressesOf(ID);
    const text = callbacks();
    loaderFor().load({ url: playlist!, responseType: 'text' } as LoaderContext, {} as LoaderConfiguration, text);
    const bytes = callbacks();
    loaderFor().load({ url: key!, responseType: 'arraybuffer' } as LoaderContext, {} as LoaderConfiguration, bytes);
    await vi.waitFor(() => expect(bytes.onSuccess).toHaveBeenCalled());
    await vi.waitFor(() => expect(text.onSuccess).toHaveBeenCalled());
    expect(text.onSuccess.mock.calls[0]![0]).toMatchObject({ data: '#EXTM3U\n', code: 200 });
    expect([...new Uint8Array(bytes.onSuccess.mock.calls[0]![0].data as ArrayBuffer)]).toEqual([7, 8, 9]);
    expect(NetworkLoader.asked).toEqual([]);
  });

  it('asks the network as usual for anything not kept, or kept but refused (404)', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('Lecture not found', { status: 404 }))));
    prefetchLectureStart(ID);
    const [, , key] = startAddressesOf(ID);
    expect(await keptStartOf(key!)).toBeNull();
    const refused = callbacks();
    loaderFor().load({ url: key!, responseType: 'arraybuffer' } as LoaderContext, {} as LoaderConfiguration, refused);
    const other = callbacks();
    loaderFor().load({ url: 'http://localhost:3000/api/lectures/x/hls/voice-board/seg-0001.m4s', responseType: 'arraybuffer' } as LoaderContext, {} as LoaderConfiguration, other);
    await vi.waitFor(() => expect(NetworkLoader.asked).toHaveLength(2));
    expect(refused.onSuccess).not.toHaveBeenCalled();
  });
});
