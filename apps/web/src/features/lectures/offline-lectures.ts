import type { Lecture } from '@academy/shared/schemas/lectures';
import { LECTURE_DEFAULT_OFFLINE_DAYS } from '@academy/shared/schemas/lecture-settings';
import { apiRequest } from '../../lib/api-client';

/*
 * Lectures downloaded to watch offline (issue 75, decision 088). The voice + board rendition (its
 * playlist, the lecture's AES-128 key, the init segment, every segment, the stills and their timeline)
 * and the lecture's record are put in Cache Storage under their own addresses; the service worker
 * (public/lectures-sw.js) answers them from there, so the same player plays them with no network. What
 * was kept, when and how big is in localStorage; a download older than the academy lets phones keep
 * them (Settings → Lectures) is removed at the app's start and on the lectures screens.
 */

export const LECTURE_DOWNLOADS_CACHE = 'academy-lecture-downloads';
const INDEX_KEY = 'academy.lecture-downloads';
const DAY_MS = 86_400_000;

export type LectureDownload = { id: string; title: string; savedAt: number; expiresAt: number; bytes: number; urls: string[] };

function readIndex(): Record<string, LectureDownload> {
  try {
    return JSON.parse(localStorage.getItem(INDEX_KEY) ?? '{}') as Record<string, LectureDownload>;
  } catch {
    return {};
  }
}

function writeIndex(index: Record<string, LectureDownload>): void {
  try {
    localStorage.setItem(INDEX_KEY, JSON.stringify(index));
  } catch {
    // A full or blocked storage: the download is then forgotten at the next sweep.
  }
}

export const offlineSupported = () => typeof caches !== 'undefined' && typeof localStorage !== 'undefined' && 'serviceWorker' in navigator;

export function lectureDownload(id: string): LectureDownload | undefined {
  const kept = readIndex()[id];
  return kept && kept.expiresAt > Date.now() ? kept : undefined;
}

/** The address a playlist line or a still's name stands for, relative to its playlist's. */
const resolve = (relative: string, base: string) => new URL(relative, new URL(base, window.location.origin)).pathname;

/**
 * Downloads a lecture's voice + board rendition and its record into the phone; `onProgress` hears the
 * files done and all. Answers the download; throws (and keeps nothing) when a file cannot be fetched.
 */
export async function downloadLecture(lecture: Lecture, onProgress?: (done: number, total: number) => void): Promise<LectureDownload> {
  const rendition = lecture.renditions.find((one) => one.kind === 'voice-board');
  if (!rendition) throw new Error('This lecture has no voice and board rendition');
  const policy = await apiRequest<{ offlineDays: number }>('GET', '/lectures/offline-policy').catch(() => ({ offlineDays: LECTURE_DEFAULT_OFFLINE_DAYS }));
  const fetchOk = async (url: string) => {
    const response = await fetch(url, { credentials: 'same-origin', cache: 'no-store' });
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return response;
  };
  const playlistText = await (await fetchOk(rendition.playlist)).clone().text();
  const urls = new Set<string>([`/api/lectures/${lecture._id}`, rendition.playlist]);
  for (const line of playlistText.split('\n')) {
    const trimmed = line.trim();
    const uri = /URI="([^"]+)"/.exec(trimmed)?.[1];
    if (uri) urls.add(resolve(uri, rendition.playlist));
    else if (trimmed && !trimmed.startsWith('#')) urls.add(resolve(trimmed, rendition.playlist));
  }
  if (rendition.stills) {
    urls.add(rendition.stills);
    const timeline = (await (await fetchOk(rendition.stills)).json()) as { still: string }[];
    for (const one of timeline) urls.add(resolve(one.still, rendition.stills));
  }
  const cache = await caches.open(LECTURE_DOWNLOADS_CACHE);
  const list = [...urls];
  let bytes = 0;
  let done = 0;
  try {
    // Four at a time: fast on a good connection, gentle on a weak one.
    const queue = [...list];
    const worker = async () => {
      for (let url = queue.shift(); url; url = queue.shift()) {
        const response = await fetchOk(url);
        const body = await response.arrayBuffer();
        bytes += body.byteLength;
        const headers = new Headers({ 'content-type': response.headers.get('content-type') ?? 'application/octet-stream' });
        await cache.put(url, new Response(body, { status: 200, headers }));
        done += 1;
        onProgress?.(done, list.length);
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
  } catch (error) {
    await Promise.all(list.map((url) => cache.delete(url)));
    throw error;
  }
  const now = Date.now();
  const download: LectureDownload = { id: lecture._id, title: lecture.title, savedAt: now, expiresAt: now + policy.offlineDays * DAY_MS, bytes, urls: list };
  writeIndex({ ...readIndex(), [lecture._id]: download });
  return download;
}

/** Removes one downloaded lecture from the phone. */
export async function removeLectureDownload(id: string): Promise<void> {
  const index = readIndex();
  const kept = index[id];
  delete index[id];
  writeIndex(index);
  if (!kept || typeof caches === 'undefined') return;
  const cache = await caches.open(LECTURE_DOWNLOADS_CACHE);
  await Promise.all(kept.urls.map((url) => cache.delete(url)));
}

/** Removes the downloads kept longer than the academy allows (at the app's start and on the lectures screens). */
export async function removeExpiredLectureDownloads(now = Date.now()): Promise<number> {
  if (typeof caches === 'undefined' || typeof localStorage === 'undefined') return 0;
  const expired = Object.values(readIndex()).filter((one) => one.expiresAt <= now);
  for (const one of expired) await removeLectureDownload(one.id);
  return expired.length;
}

/** Every download of this phone: the next person on a shared phone must not play them (sign-out, another user). */
export function forgetLectureDownloads(): void {
  try {
    localStorage.removeItem(INDEX_KEY);
  } catch {
    // Nothing kept.
  }
  if (typeof caches !== 'undefined') void caches.delete(LECTURE_DOWNLOADS_CACHE).catch(() => undefined);
}

/** 15,728,640 → "15.0 MB". */
export const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;
