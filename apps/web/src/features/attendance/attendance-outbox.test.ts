import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeLocalStorage } from '../../lib/fake-local-storage';
import { removeUserItems } from '../../lib/user-storage';
import { readDraft, saveDraft } from './attendance-draft';
import { addToOutbox, discardFromOutbox, readOutbox, sendOutbox } from './attendance-outbox';

/** localStorage and window as the browser has them, for a node test; returns the map behind the storage. */
function fakeBrowser(): Map<string, string> {
  const store = fakeLocalStorage();
  vi.stubGlobal('window', new EventTarget());
  return store;
}

const TEACHER = 'teacher-1';
const NEXT_TEACHER = 'teacher-2';

const entry = (batchId: string, status: 'present' | 'absent' = 'present', userId = TEACHER) => ({
  userId,
  batchId,
  batchName: `Batch ${batchId}`,
  date: '2026-11-23',
  submission: { date: '2026-11-23', records: [{ studentId: 's1', status }] },
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const saved = (batchId: string) => json(200, { success: true, data: { batch: { _id: batchId, name: `Batch ${batchId}` }, date: '2026-11-23' } });
const signedIn = (userId: string) => json(200, { success: true, data: { _id: userId, name: 'Someone', email: null, role: 'teacher' } });
const signedOut = () => json(401, { success: false, message: 'Please log in to continue' });

/** The server: `GET /api/auth/me` answers `me`; each `POST` takes the next of `posts`. Returns the stub, to read the calls. */
function server(me: () => Response, posts: (() => Response)[] = []) {
  const answers = [...posts];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/auth/me') return me();
    if (init?.method === 'POST') {
      const next = answers.shift();
      if (next) return next();
    }
    throw new TypeError('Failed to fetch');
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const posted = (fetch: ReturnType<typeof server>) => fetch.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => url);

describe('attendance outbox', () => {
  let store: Map<string, string>;
  beforeEach(() => {
    store = fakeBrowser();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps one entry per batch and day (the newest), and discards on request', () => {
    addToOutbox(entry('a', 'present'));
    addToOutbox(entry('a', 'absent'));
    addToOutbox(entry('b'));
    expect(readOutbox(TEACHER).map((item) => [item.batchId, item.submission.records[0]!.status])).toEqual([
      ['a', 'absent'],
      ['b', 'present'],
    ]);
    discardFromOutbox(TEACHER, 'a', '2026-11-23');
    expect(readOutbox(TEACHER).map((item) => item.batchId)).toEqual(['b']);
  });

  it('stops at a network failure and keeps everything for later', async () => {
    addToOutbox(entry('a'));
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    expect(await sendOutbox(TEACHER)).toEqual([]);
    expect(readOutbox(TEACHER)).toHaveLength(1);
    expect(readOutbox(TEACHER)[0]!.error).toBeUndefined();
  });

  it('sends what waits, and keeps a refused day with the server’s reason until it is discarded', async () => {
    addToOutbox(entry('a'));
    addToOutbox(entry('b'));
    saveDraft(TEACHER, 'b', '2026-11-23', [], {});
    const refusal = () => json(400, { success: false, message: 'The academy is closed on 23-11-2026 (Diwali): attendance cannot be marked for that day' });
    server(() => signedIn(TEACHER), [refusal, () => saved('b')]);
    const sent = await sendOutbox(TEACHER);
    expect(sent.map((day) => day.batch._id)).toEqual(['b']);
    expect(readOutbox(TEACHER)).toEqual([expect.objectContaining({ batchId: 'a', error: 'The academy is closed on 23-11-2026 (Diwali): attendance cannot be marked for that day' })]);
    // The sent day's draft is gone too.
    expect(readDraft(TEACHER, 'b', '2026-11-23')).toBeUndefined();
  });

  it('keeps each teacher’s outbox and drafts to themselves: the next person on the phone neither sees nor sends them', async () => {
    addToOutbox(entry('a'));
    saveDraft(TEACHER, 'a', '2026-11-23', [{ _id: 's1', name: 'Asha' }], { s1: { status: 'absent', remark: '' } });
    expect(readOutbox(NEXT_TEACHER)).toEqual([]);
    expect(readDraft(NEXT_TEACHER, 'a', '2026-11-23')).toBeUndefined();

    const fetch = server(() => signedIn(NEXT_TEACHER), [() => saved('a')]);
    expect(await sendOutbox(NEXT_TEACHER)).toEqual([]);
    expect(fetch).not.toHaveBeenCalled();
    expect(readOutbox(TEACHER)).toHaveLength(1);
  });

  it('never sends a teacher’s entries under someone else’s session, and leaves them untouched for their owner', async () => {
    addToOutbox(entry('a'));
    // This page still shows the teacher, but the browser's session is now another person's (signed in
    // after the teacher's session ended, or in another tab).
    const fetch = server(() => signedIn(NEXT_TEACHER), [() => saved('a')]);
    expect(await sendOutbox(TEACHER)).toEqual([]);
    expect(posted(fetch)).toEqual([]);
    expect(readOutbox(TEACHER)).toEqual([expect.objectContaining({ batchId: 'a', userId: TEACHER })]);
    expect(readOutbox(TEACHER)[0]!.error).toBeUndefined();

    // Once the teacher is signed in again, it goes.
    server(() => signedIn(TEACHER), [() => saved('a')]);
    expect((await sendOutbox(TEACHER)).map((day) => day.batch._id)).toEqual(['a']);
    expect(readOutbox(TEACHER)).toEqual([]);
  });

  it('sends nothing without a session, and a session that ends while sending keeps the entry as it was', async () => {
    addToOutbox(entry('a'));
    const fetch = server(signedOut);
    expect(await sendOutbox(TEACHER)).toEqual([]);
    expect(posted(fetch)).toEqual([]);

    server(() => signedIn(TEACHER), [signedOut]);
    expect(await sendOutbox(TEACHER)).toEqual([]);
    expect(readOutbox(TEACHER)).toEqual([expect.objectContaining({ batchId: 'a' })]);
    expect(readOutbox(TEACHER)[0]!.error).toBeUndefined();
  });

  it('ignores an entry naming another user, even under this user’s key', async () => {
    store.set(`academy.user.${NEXT_TEACHER}.attendance-outbox`, JSON.stringify([{ ...entry('a'), savedAt: '2026-11-23T10:00:00.000Z' }]));
    expect(readOutbox(NEXT_TEACHER)).toEqual([]);
    const fetch = server(() => signedIn(NEXT_TEACHER), [() => saved('a')]);
    expect(await sendOutbox(NEXT_TEACHER)).toEqual([]);
    expect(posted(fetch)).toEqual([]);
  });

  it('does not send what sign-out removed while a run was under way', async () => {
    addToOutbox(entry('a'));
    addToOutbox(entry('b'));
    const fetch = server(() => signedIn(TEACHER), [
      () => {
        removeUserItems(TEACHER); // the teacher signs out while the first day is on its way
        return saved('a');
      },
      () => saved('b'),
    ]);
    await sendOutbox(TEACHER);
    expect(posted(fetch)).toEqual(['/api/attendance/batch/a']);
    expect(readOutbox(TEACHER)).toEqual([]);
    expect([...store.keys()]).toEqual([]);
  });
});
