import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addToOutbox, discardFromOutbox, readOutbox, sendOutbox } from './attendance-outbox';

/** localStorage and window as the browser has them, for a node test. */
function fakeBrowser() {
  const store = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  });
  vi.stubGlobal('window', new EventTarget());
}

const entry = (batchId: string, status: 'present' | 'absent' = 'present') => ({
  batchId,
  batchName: `Batch ${batchId}`,
  date: '2026-11-23',
  submission: { date: '2026-11-23', records: [{ studentId: 's1', status }] },
});

const saved = (batchId: string) => new Response(JSON.stringify({ success: true, data: { batch: { _id: batchId, name: `Batch ${batchId}` }, date: '2026-11-23' } }), { status: 200, headers: { 'Content-Type': 'application/json' } });

describe('attendance outbox', () => {
  beforeEach(fakeBrowser);
  afterEach(() => vi.unstubAllGlobals());

  it('keeps one entry per batch and day (the newest), and discards on request', () => {
    addToOutbox(entry('a', 'present'));
    addToOutbox(entry('a', 'absent'));
    addToOutbox(entry('b'));
    expect(readOutbox().map((item) => [item.batchId, item.submission.records[0]!.status])).toEqual([
      ['a', 'absent'],
      ['b', 'present'],
    ]);
    discardFromOutbox('a', '2026-11-23');
    expect(readOutbox().map((item) => item.batchId)).toEqual(['b']);
  });

  it('stops at a network failure and keeps everything for later', async () => {
    addToOutbox(entry('a'));
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    expect(await sendOutbox()).toEqual([]);
    expect(readOutbox()).toHaveLength(1);
    expect(readOutbox()[0]!.error).toBeUndefined();
  });

  it('sends what waits, and keeps a refused day with the server’s reason until it is discarded', async () => {
    addToOutbox(entry('a'));
    addToOutbox(entry('b'));
    const refusal = new Response(JSON.stringify({ success: false, message: 'The academy is closed on 23-11-2026 (Diwali): attendance cannot be marked for that day' }), {
      status: 400,
      headers: { 'Content-Type': 'application/json' },
    });
    vi.stubGlobal('fetch', vi.fn().mockResolvedValueOnce(refusal).mockResolvedValueOnce(saved('b')));
    const sent = await sendOutbox();
    expect(sent.map((day) => day.batch._id)).toEqual(['b']);
    expect(readOutbox()).toEqual([expect.objectContaining({ batchId: 'a', error: 'The academy is closed on 23-11-2026 (Diwali): attendance cannot be marked for that day' })]);
  });
});
