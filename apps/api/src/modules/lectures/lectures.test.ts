import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LECTURE_MESSAGES } from '@academy/shared/schemas/lectures';
import { translateServerMessage } from '@academy/shared/i18n/server-text';
import { type TestApp } from '../../../test/build-test-app';
import { signInTwoClassesWithFamilies } from '../../../test/factories';
import { buildAppPair, buildSecondAcademy, closeAppPair } from '../../../test/second-academy';
import { multipart } from '../../../test/multipart';
import { lectureFiles, lectures } from '../../db/schema';
import { renderLecture } from './lectures.job';
import { recordingTypeOf } from './recording-types';
import { decryptSegment } from '../../../test/lecture-keys';
import { ffmpeg } from '../../../test/media';

/*
 * Lectures (issue 75): who adds and uploads (the admin, the batch's teacher), who reads and plays (them,
 * the batch's students, their parents; anyone else 404), bad input in words, and the job that makes the
 * voice + board and 240p renditions with Debian's ffmpeg from a short video made here by ffmpeg.
 */

let t: TestApp;
let many: TestApp;
const cookies = { teacher: '', otherTeacher: '', student: '', otherStudent: '', parent: '', otherParent: '', admin: '' };
const ids = { batch: '', otherBatch: '' };
const MAX_UPLOAD = 2 * 1024 * 1024;
let work: string;
let video: Buffer;
const B_ACADEMY_ID = '00000000-0000-4000-8000-0000000000b7';
const B_HOST = 'lectures-b.localhost';
let bAdmin = '';

beforeAll(async () => {
  ({ t, many } = await buildAppPair({ lectures: { maxUploadBytes: MAX_UPLOAD } }));
  const db = t.database.db;
  const { batch, otherBatch, cookies: signedIn } = await signInTwoClassesWithFamilies(t.app, db);
  Object.assign(ids, { batch: batch.id, otherBatch: otherBatch.id });
  Object.assign(cookies, signedIn);
  // Academy B, with its own admin, teacher, student and batch.
  ({ adminCookie: bAdmin } = await buildSecondAcademy(db, many, { id: B_ACADEMY_ID, slug: 'lectures-b' }));
  // Ten seconds with a tone, as a phone's MP4 holds them (H.264 with a key frame a second, AAC): a test
  // picture for five seconds, then colour bars (the board wiped and written again).
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-lectures-'));
  ffmpeg(
    '-f', 'lavfi', '-i', 'testsrc=duration=5:size=640x360:rate=10',
    '-f', 'lavfi', '-i', 'smptebars=duration=5:size=640x360:rate=10',
    '-f', 'lavfi', '-i', 'sine=frequency=440:duration=10',
    '-filter_complex', '[0:v][1:v]concat=n=2:v=1:a=0[v]', '-map', '[v]', '-map', '2:a',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '10', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', path.join(work, 'lecture.mp4'),
  );
  video = fs.readFileSync(path.join(work, 'lecture.mp4'));
}, 60_000);
afterAll(() => closeAppPair(t, many, work));

const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) => t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
const upload = (id: string, cookie: string, content: Buffer, filename = 'lecture.mp4', field = 'file') => {
  const body = multipart({ [field]: { filename, content, contentType: 'video/mp4' } });
  return t.app.inject({ method: 'POST', url: `/api/lectures/${id}/file`, payload: body.payload, headers: { ...body.headers, cookie } });
};
async function addLecture(cookie = cookies.teacher, batch = ids.batch, title = 'Physics: Newton’s laws') {
  const response = await call('POST', `/api/batches/${batch}/lectures`, cookie, { date: '2026-11-27', title });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { _id: string; upload: { url: string } };
}
const runJobs = async () => {
  while ((await t.app.jobs.runDue()) > 0);
};

describe('adding a lecture', () => {
  it('answers its id and where its recording goes, for the batch’s teacher and the admin', async () => {
    const lecture = await addLecture();
    expect(lecture.upload.url).toBe(`/api/lectures/${lecture._id}/tus`);
    await addLecture(cookies.admin, ids.otherBatch, 'From the office');
    const read = await call('GET', `/api/lectures/${lecture._id}`, cookies.teacher);
    expect(read.json().data).toMatchObject({ status: 'uploading', renditions: [], title: 'Physics: Newton’s laws', date: '2026-11-27', batch: { _id: ids.batch }, canUpload: true });
  });

  it('refuses bad input in words, another teacher’s batch (404) and students and parents (403)', async () => {
    const empty = await call('POST', `/api/batches/${ids.batch}/lectures`, cookies.teacher, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toMatchObject({ title: 'Title is required', date: LECTURE_MESSAGES.date });
    const badDate = await call('POST', `/api/batches/${ids.batch}/lectures`, cookies.teacher, { date: '2026-02-30', title: 'Optics' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().errors.date).toBe(LECTURE_MESSAGES.date);
    const blank = await call('POST', `/api/batches/${ids.batch}/lectures`, cookies.teacher, { date: '2026-11-27', title: '   ' });
    expect(blank.json()).toMatchObject({ success: false, errors: { title: 'Title is required' } });
    expect((await call('POST', `/api/batches/${ids.otherBatch}/lectures`, cookies.teacher, { date: '2026-11-27', title: 'x' })).statusCode).toBe(404);
    expect((await call('POST', `/api/batches/${ids.batch}/lectures`, cookies.student, { date: '2026-11-27', title: 'x' })).statusCode).toBe(403);
    expect((await call('POST', `/api/batches/${ids.batch}/lectures`, cookies.parent, { date: '2026-11-27', title: 'x' })).statusCode).toBe(403);
    expect((await call('POST', '/api/batches/5b0e3f0a-6a52-4b8e-9c1f-1d2e3f4a5b6c/lectures', cookies.admin, { date: '2026-11-27', title: 'x' })).statusCode).toBe(404);
  });
});

describe('uploading the recording', () => {
  it('refuses what is not a recording, an empty file, a missing file and a file over the limit, in words', async () => {
    const { _id } = await addLecture();
    const text = await upload(_id, cookies.teacher, Buffer.from('These are my notes, not a video.'), 'notes.mp4');
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ success: false, message: LECTURE_MESSAGES.badFile, errors: { file: LECTURE_MESSAGES.badFile } });
    // A Marathi reader reads it in Marathi (the reply hook words every message).
    expect(translateServerMessage(LECTURE_MESSAGES.badFile, 'mr')).toBe('रेकॉर्डिंग व्हिडिओ किंवा ऑडिओ फाइल असावी (MP4, MOV, 3GP, WebM, MKV, AVI, M4A, MP3, AAC, OGG, Opus, WAV, AMR किंवा FLAC)');
    const empty = await upload(_id, cookies.teacher, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(LECTURE_MESSAGES.emptyFile);
    const json = await call('POST', `/api/lectures/${_id}/file`, cookies.teacher, {});
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(LECTURE_MESSAGES.fileRequired);
    const otherField = await upload(_id, cookies.teacher, video, 'lecture.mp4', 'video');
    expect(otherField.statusCode).toBe(400);
    expect(otherField.json().message).toBe(LECTURE_MESSAGES.fileRequired);
    const tooLarge = await upload(_id, cookies.teacher, Buffer.concat([video, Buffer.alloc(MAX_UPLOAD)]));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe(LECTURE_MESSAGES.tooLarge);
    // Nothing was kept: the lecture still waits for its recording, and no file stayed in the storage.
    expect((await call('GET', `/api/lectures/${_id}`, cookies.teacher)).json().data.status).toBe('uploading');
    expect(await t.storage.usedBytes()).toBe(0);
  });

  it('takes it from the batch’s teacher only: another teacher 404, a student or parent 403, a bad id 400', async () => {
    const { _id } = await addLecture();
    expect((await upload(_id, cookies.otherTeacher, video)).statusCode).toBe(404);
    expect((await upload(_id, cookies.student, video)).statusCode).toBe(403);
    expect((await upload(_id, cookies.parent, video)).statusCode).toBe(403);
    expect((await upload('not-an-id', cookies.teacher, video)).statusCode).toBe(400);
  });

  it('knows recordings by their first bytes', () => {
    expect(recordingTypeOf(video.subarray(0, 16))?.extension).toBe('.mp4');
    expect(recordingTypeOf(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0]))?.extension).toBe('.webm');
    expect(recordingTypeOf(Buffer.from('#!AMR\n'))?.kind).toBe('audio');
    expect(recordingTypeOf(Buffer.from('%PDF-1.7 and so on'))).toBeNull();
    expect(recordingTypeOf(Buffer.from('Good morning, class'))).toBeNull();
  });
});

describe('the renditions', () => {
  let lectureId = '';

  it('are made by the job: voice + board (Opus in HLS, board stills), 240p and 360p, and the lecture is ready', async () => {
    lectureId = (await addLecture())._id;
    const uploaded = await upload(lectureId, cookies.teacher, video);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json().data).toMatchObject({ status: 'processing', renditions: [], canUpload: false });
    await runJobs();
    const read = await call('GET', `/api/lectures/${lectureId}`, cookies.student);
    expect(read.statusCode).toBe(200);
    const lecture = read.json().data as { status: string; renditions: { kind: string; bytes: number; playlist: string; stills?: string; bandwidth?: number; resolution?: string }[] };
    expect(lecture.status).toBe('ready');
    expect(lecture.renditions.map((one) => one.kind)).toEqual(['voice-board', '240p', '360p']);
    const [voice, low, mid] = lecture.renditions;
    expect(voice).toMatchObject({
      playlist: `/api/lectures/${lectureId}/hls/voice-board/index.m3u8`,
      stills: `/api/lectures/${lectureId}/hls/voice-board/stills.json`,
      master: `/api/lectures/${lectureId}/hls/voice-board/master.m3u8`,
    });
    expect(low).toMatchObject({ resolution: '426x240', playlist: `/api/lectures/${lectureId}/hls/240p/index.m3u8` });
    expect(mid).toMatchObject({ resolution: '640x360', playlist: `/api/lectures/${lectureId}/hls/360p/index.m3u8` });
    expect(mid!.bytes).toBeGreaterThan(low!.bytes);
    // Measured from the segments (a test picture compresses far below the rungs' targets, so only the voice is surely the least).
    expect(low!.bandwidth!).toBeGreaterThan(voice!.bandwidth!);
    expect(mid!.bandwidth!).toBeGreaterThan(voice!.bandwidth!);
    // Ten seconds of speech-grade Opus: about 25 KB; the 240p rung about 150 kb/s.
    expect(voice!.bytes).toBeGreaterThan(5_000);
    expect(voice!.bytes).toBeLessThan(120_000);
    expect(low!.bytes).toBeGreaterThan(voice!.bytes);
    expect(low!.bytes).toBeLessThan(400_000);
  }, 60_000);

  it('have a master playlist: voice-board first as audio only, then 240p and 360p with bandwidth, resolution and codecs', async () => {
    const base = `/api/lectures/${lectureId}/hls`;
    const master = await call('GET', `${base}/voice-board/master.m3u8`, cookies.student);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    const lines = master.body.trim().split('\n');
    expect(lines.slice(0, 3)).toEqual(['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS']);
    expect(lines[3]).toMatch(/^#EXT-X-STREAM-INF:BANDWIDTH=\d+,CODECS="opus"$/);
    expect(lines[4]).toBe('index.m3u8');
    expect(lines[5]).toMatch(/^#EXT-X-STREAM-INF:BANDWIDTH=\d+,RESOLUTION=426x240,CODECS="avc1\.4d401e,mp4a\.40\.2",FRAME-RATE=15\.000$/);
    expect(lines[6]).toBe('../240p/index.m3u8');
    expect(lines[7]).toMatch(/^#EXT-X-STREAM-INF:BANDWIDTH=\d+,RESOLUTION=640x360,CODECS="avc1\.4d401e,mp4a\.40\.2",FRAME-RATE=24\.000$/);
    expect(lines[8]).toBe('../360p/index.m3u8');
    // Every rung the master names plays for the batch's student; another batch's student gets 404.
    expect((await call('GET', `${base}/360p/index.m3u8`, cookies.student)).statusCode).toBe(200);
    expect((await call('GET', `${base}/voice-board/master.m3u8`, cookies.otherStudent)).statusCode).toBe(404);
    expect((await call('GET', `${base}/360p/index.m3u8`, cookies.otherStudent)).statusCode).toBe(404);
    // The 360p copy a player fetches: H.264 Main, 640x360 (ffprobe).
    const init = await call('GET', `${base}/360p/init.mp4`, cookies.student);
    const segment = lines.length > 0 ? (await call('GET', `${base}/360p/index.m3u8`, cookies.student)).body.split('\n').find((line) => line.endsWith('.m4s'))! : '';
    const first = await call('GET', `${base}/360p/${segment}`, cookies.student);
    // Its segments are encrypted with the lecture's key (decision 088): the player's decryption, here by hand.
    const key = (await call('GET', `/api/lectures/${lectureId}/key`, cookies.student)).rawPayload;
    fs.writeFileSync(path.join(work, 'mid.mp4'), Buffer.concat([init.rawPayload, decryptSegment(key, 0, first.rawPayload)]));
    const probe = execFileSync('/usr/bin/ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name,profile,width,height', '-of', 'csv=p=0', path.join(work, 'mid.mp4')]).toString().trim();
    expect(probe).toBe('h264,Main,640,360');
  });

  it('serve the playlist, segments and stills to the batch’s student and parent, and the copy plays (ffprobe)', async () => {
    const base = `/api/lectures/${lectureId}/hls/voice-board`;
    const playlist = await call('GET', `${base}/index.m3u8`, cookies.parent);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(playlist.headers['cache-control']).toBe('private, max-age=86400');
    expect(playlist.body).toContain('#EXT-X-MAP:URI="init.mp4"');
    expect(playlist.body).toContain('#EXT-X-ENDLIST');
    // Every file the playlist names, fetched as a player would, into a folder ffprobe reads.
    const copy = fs.mkdtempSync(path.join(work, 'copy-'));
    const names = ['index.m3u8', 'init.mp4', ...playlist.body.split('\n').filter((line) => line.endsWith('.m4s'))];
    expect(names.length).toBeGreaterThanOrEqual(3);
    // A short first segment (4 s: its sound is a few KB on Slow 3G), then 10 s ones (decision 091).
    expect([...playlist.body.matchAll(/#EXTINF:([0-9.]+)/g)].map((match) => Math.round(Number(match[1])))).toEqual([4, 6]);
    expect(playlist.body).toContain('#EXT-X-TARGETDURATION:6');
    // Encrypted with the lecture's key, which the batch's student gets (decision 088): decrypted as a player does.
    expect(playlist.body).toContain(`#EXT-X-KEY:METHOD=AES-128,URI="/api/lectures/${lectureId}/key"`);
    const key = (await call('GET', `/api/lectures/${lectureId}/key`, cookies.student)).rawPayload;
    expect(key.length).toBe(16);
    for (const name of names) {
      const file = await call('GET', `${base}/${name}`, cookies.student);
      expect(file.statusCode, name).toBe(200);
      const sequence = name.endsWith('.m4s') ? names.indexOf(name) - 2 : -1;
      const body = name === 'index.m3u8' ? Buffer.from(file.body.replace(/^#EXT-X-KEY.*\n/m, '')) : sequence >= 0 ? decryptSegment(key, sequence, file.rawPayload) : file.rawPayload;
      fs.writeFileSync(path.join(copy, name), body);
    }
    const probed = JSON.parse(execFileSync('/usr/bin/ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name,channels:format=duration', '-of', 'json', path.join(copy, 'index.m3u8')]).toString()) as {
      streams: { codec_name: string; channels: number }[];
      format: { duration: string };
    };
    expect(probed.streams).toEqual([expect.objectContaining({ codec_name: 'opus', channels: 1 })]);
    expect(Number(probed.format.duration)).toBeGreaterThan(9);
    // The board: the first picture, and the new one when it changed, with their times.
    const stills = await call('GET', `${base}/stills.json`, cookies.student);
    expect(stills.headers['content-type']).toContain('application/json');
    const timeline = stills.json() as { t: number; still: string }[];
    expect(timeline).toEqual([
      { t: 0, still: 'still-0001.jpg' },
      { t: 5, still: 'still-0002.jpg' },
    ]);
    const still = await call('GET', `${base}/${timeline[0]!.still}`, cookies.student);
    expect(still.statusCode).toBe(200);
    expect(still.headers['content-type']).toBe('image/jpeg');
    expect([...still.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const low = await call('GET', `/api/lectures/${lectureId}/hls/240p/index.m3u8`, cookies.teacher);
    expect(low.statusCode).toBe(200);
    expect(low.body).toContain('seg-0000.m4s');
  });

  it('answer 404 to anyone else: another batch’s student and parent, another teacher; a visitor must sign in', async () => {
    const urls = [`/api/lectures/${lectureId}`, `/api/lectures/${lectureId}/hls/voice-board/index.m3u8`, `/api/lectures/${lectureId}/hls/voice-board/seg-0000.m4s`, `/api/batches/${ids.batch}/lectures`];
    for (const url of urls) {
      for (const who of ['otherStudent', 'otherParent', 'otherTeacher'] as const) expect((await call('GET', url, cookies[who])).statusCode, `${who} ${url}`).toBe(404);
      expect((await call('GET', url, '')).statusCode, url).toBe(401);
    }
    // A name the rendition does not have, or a path's trick, is no file either.
    expect((await call('GET', `/api/lectures/${lectureId}/hls/voice-board/source`, cookies.student)).statusCode).toBe(404);
    expect((await call('GET', `/api/lectures/${lectureId}/hls/voice-board/..%2F..%2Fsource`, cookies.student)).statusCode).toBe(400);
    expect((await call('GET', `/api/lectures/${lectureId}/hls/720p/index.m3u8`, cookies.student)).statusCode).toBe(400);
  });

  it('are listed with the batch’s lectures, for its teacher, students and parents', async () => {
    for (const who of ['teacher', 'student', 'parent', 'admin'] as const) {
      const list = await call('GET', `/api/batches/${ids.batch}/lectures`, cookies[who]);
      expect(list.statusCode, who).toBe(200);
      const found = (list.json().data as { _id: string; status: string }[]).find((one) => one._id === lectureId);
      expect(found?.status, who).toBe('ready');
    }
  });

  it('are never replaced by a second upload (409)', async () => {
    const again = await upload(lectureId, cookies.teacher, video);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(LECTURE_MESSAGES.alreadyUploaded);
  });

  it('stay academy A’s: academy B’s admin finds neither the lecture, nor its files, nor A’s batch', async () => {
    for (const url of [`/api/lectures/${lectureId}`, `/api/lectures/${lectureId}/hls/voice-board/index.m3u8`, `/api/batches/${ids.batch}/lectures`]) {
      const response = await many.app.inject({ method: 'GET', url, headers: { host: B_HOST, cookie: bAdmin } });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain(lectureId);
    }
    const create = await many.app.inject({ method: 'POST', url: `/api/batches/${ids.batch}/lectures`, headers: { host: B_HOST, cookie: bAdmin }, payload: { date: '2026-11-27', title: 'Not yours' } });
    expect(create.statusCode).toBe(404);
  });
});

describe('an audio recording', () => {
  it('becomes voice only: no stills, no video rung', async () => {
    ffmpeg('-f', 'lavfi', '-i', 'sine=frequency=300:duration=6', '-c:a', 'aac', '-b:a', '64k', path.join(work, 'voice.m4a'));
    const voice = fs.readFileSync(path.join(work, 'voice.m4a'));
    expect(recordingTypeOf(voice.subarray(0, 16))?.extension).toBe('.m4a');
    const { _id } = await addLecture();
    expect((await upload(_id, cookies.teacher, voice, 'voice.m4a')).statusCode).toBe(200);
    await runJobs();
    const lecture = (await call('GET', `/api/lectures/${_id}`, cookies.parent)).json().data as { status: string; renditions: { kind: string; stills?: string }[] };
    expect(lecture.status).toBe('ready');
    expect(lecture.renditions).toEqual([{ kind: 'voice-board', bytes: expect.any(Number), bandwidth: expect.any(Number), playlist: `/api/lectures/${_id}/hls/voice-board/index.m3u8` }]);
    expect((await call('GET', `/api/lectures/${_id}/hls/voice-board/stills.json`, cookies.parent)).statusCode).toBe(404);
  }, 60_000);
});

describe('a lecture that cannot be rendered', () => {
  it('fails with the reason when the file is not a readable recording, and may take a new one', async () => {
    const { _id } = await addLecture();
    // An MP4's first bytes, and nothing a player could use after them.
    const broken = Buffer.concat([video.subarray(0, 32), Buffer.alloc(4000, 0x42)]);
    expect((await upload(_id, cookies.teacher, broken)).statusCode).toBe(200);
    await runJobs();
    const failed = (await call('GET', `/api/lectures/${_id}`, cookies.teacher)).json().data;
    expect(failed).toMatchObject({ status: 'failed', renditions: [], canUpload: true });
    expect(failed.failureReason).toBe(LECTURE_MESSAGES.unreadable);
    // Stored in English, shown in the reader's language (the server catalog has it).
    expect(translateServerMessage(failed.failureReason, 'mr')).toBe('ही फाइल व्हिडिओ किंवा ऑडिओ रेकॉर्डिंग म्हणून वाचता आली नाही: ती पुन्हा अपलोड करा, किंवा पुन्हा रेकॉर्ड करा');
    // The teacher uploads it again: the lecture is prepared from the new file.
    expect((await upload(_id, cookies.teacher, video)).json().data.status).toBe('processing');
  }, 60_000);

  it('fails with how to install ffmpeg when the server lacks it, instead of crashing', async () => {
    const { _id } = await addLecture();
    const db = t.database.db;
    await db.update(lectures).set({ status: 'processing', sourceKey: '00000000-0000-4000-8000-000000000001.mp4', sourceBytes: 1 }).where(eq(lectures.id, _id));
    await renderLecture(
      { db, storage: t.storage, jobs: t.app.jobs, tools: { ffmpeg: '/nonexistent/ffmpeg', ffprobe: '/nonexistent/ffprobe' }, workDir: path.join(work, 'jobs') },
      _id,
      { lastAttempt: false },
    );
    const [row] = await db.select({ status: lectures.status, failureReason: lectures.failureReason }).from(lectures).where(eq(lectures.id, _id));
    expect(row).toEqual({ status: 'failed', failureReason: expect.stringContaining('sudo apt-get install -y ffmpeg') });
    expect(await db.select().from(lectureFiles).where(eq(lectureFiles.lectureId, _id))).toEqual([]);
  });
});
