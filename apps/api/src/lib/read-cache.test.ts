import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DbExecutor } from '../db/client';
import { withAcademy } from './tenancy';
import { cacheKey, cachedRead, changeNotice, EVERYTHING_CHANGED, forgetEverything, readChangeNotice, setListening, tableChanged } from './read-cache';

/** A database as the cache sees it: only its identity matters. */
const newDb = () => ({}) as unknown as DbExecutor;

/** A read that counts how often it really ran. */
function counter(value = 'answer') {
  const read = async () => {
    read.runs += 1;
    return { value, run: read.runs };
  };
  read.runs = 0;
  return read;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('kept answers (read-cache)', () => {
  it('keeps nothing until the server listens for changes', async () => {
    const db = newDb();
    const read = counter();
    await cachedRead(db, 'k', ['batches'], read);
    await cachedRead(db, 'k', ['batches'], read);
    expect(read.runs).toBe(2);
  });

  it('serves a kept answer until a table it was read from changes; other tables do not matter', async () => {
    const db = newDb();
    setListening(db, true);
    const read = counter();
    expect(await cachedRead(db, 'k', ['batches', 'students'], read)).toEqual({ value: 'answer', run: 1 });
    expect(await cachedRead(db, 'k', ['batches', 'students'], read)).toEqual({ value: 'answer', run: 1 });
    tableChanged(db, 'attendance_records');
    expect((await cachedRead(db, 'k', ['batches', 'students'], read)).run).toBe(1);
    tableChanged(db, 'students');
    expect((await cachedRead(db, 'k', ['batches', 'students'], read)).run).toBe(2);
    expect((await cachedRead(db, 'k', ['batches', 'students'], read)).run).toBe(2);
  });

  it('after a minute reads again, giving the kept answer meanwhile; a failed reading keeps the old one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const db = newDb();
    setListening(db, true);
    const read = counter();
    expect((await cachedRead(db, 'k', ['batches'], read)).run).toBe(1);
    vi.setSystemTime(Date.now() + 61_000);
    // The kept answer at once; the reading runs behind it.
    expect((await cachedRead(db, 'k', ['batches'], read)).run).toBe(1);
    await vi.waitFor(() => expect(read.runs).toBe(2));
    await Promise.resolve();
    expect((await cachedRead(db, 'k', ['batches'], read)).run).toBe(2);

    vi.setSystemTime(Date.now() + 61_000);
    const failing = async () => {
      throw new Error('database gone');
    };
    expect((await cachedRead<{ value: string; run: number }>(db, 'k', ['batches'], failing)).run).toBe(2);
    // A change still means reading afresh, and waiting for it.
    tableChanged(db, 'batches');
    expect((await cachedRead(db, 'k', ['batches'], read)).run).toBe(3);
  });

  it('does not keep an answer when its table changed while it was being read', async () => {
    const db = newDb();
    setListening(db, true);
    let runs = 0;
    const read = async () => {
      runs += 1;
      // The notice of a change committed while the statement ran arrives before the answer.
      if (runs === 1) tableChanged(db, 'batches');
      return runs;
    };
    expect(await cachedRead(db, 'k', ['batches'], read)).toBe(1);
    expect(await cachedRead(db, 'k', ['batches'], read)).toBe(2);
    expect(await cachedRead(db, 'k', ['batches'], read)).toBe(2);
  });

  it('answers requests that arrive together with one reading, and never keeps a failure', async () => {
    const db = newDb();
    setListening(db, true);
    let runs = 0;
    const failing = async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      throw new Error('Batch not found');
    };
    const results = await Promise.allSettled([cachedRead(db, 'k', ['batches'], failing), cachedRead(db, 'k', ['batches'], failing)]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(runs).toBe(1);
    await expect(cachedRead(db, 'k', ['batches'], failing)).rejects.toThrow('Batch not found');
    expect(runs).toBe(2);
  });

  it('forgets everything on this server’s own change, a restore’s notice, or a lost connection', async () => {
    const db = newDb();
    setListening(db, true);
    const read = counter();
    await cachedRead(db, 'k', ['batches'], read);
    forgetEverything(db);
    expect((await cachedRead(db, 'k', ['batches'], read)).run).toBe(2);
    tableChanged(db, EVERYTHING_CHANGED);
    expect((await cachedRead(db, 'k', ['batches'], read)).run).toBe(3);
    setListening(db, false);
    expect((await cachedRead(db, 'k', ['batches'], read)).run).toBe(4);
    expect((await cachedRead(db, 'k', ['batches'], read)).run).toBe(5);
    setListening(db, true);
    expect((await cachedRead(db, 'k', ['batches'], read)).run).toBe(6);
    expect((await cachedRead(db, 'k', ['batches'], read)).run).toBe(6);
  });

  it('keeps answers apart by key, and one database’s from another’s', async () => {
    const db = newDb();
    const other = newDb();
    setListening(db, true);
    setListening(other, true);
    expect((await cachedRead(db, cacheKey('batches', 'teacher:1'), ['batches'], counter('one'))).value).toBe('one');
    expect((await cachedRead(db, cacheKey('batches', 'teacher:2'), ['batches'], counter('two'))).value).toBe('two');
    expect((await cachedRead(other, cacheKey('batches', 'teacher:1'), ['batches'], counter('three'))).value).toBe('three');
  });

  it('answers asked once never push out those asked again (issue 74); of those, the least recently asked goes first', async () => {
    const db = newDb();
    setListening(db, true);
    const settings = counter('settings');
    await cachedRead(db, 'settings', ['academy_settings'], settings);
    await cachedRead(db, 'settings', ['academy_settings'], settings);
    // More past days' rosters, each asked once, than the server keeps answers.
    for (let day = 0; day < 1_500; day += 1) await cachedRead(db, `roster ${day}`, ['attendance_records'], counter());
    expect((await cachedRead(db, 'settings', ['academy_settings'], settings)).run).toBe(1);
    // One asked once is still kept a while: asked again at once, it is not read again.
    const roster = counter();
    await cachedRead(db, 'roster today', ['attendance_records'], roster);
    expect((await cachedRead(db, 'roster today', ['attendance_records'], roster)).run).toBe(1);

    const other = newDb();
    setListening(other, true);
    const [a, b] = [counter('a'), counter('b')];
    for (const [key, read] of [['a', a], ['b', b], ['a', a], ['b', b], ['a', a]] as const) await cachedRead(other, key, ['batches'], read);
    // 999 more answers asked twice: with a and b, one more than the 1,000 kept; b was asked least recently.
    for (let n = 0; n < 999; n += 1) {
      const read = counter();
      await cachedRead(other, `page ${n}`, ['students'], read);
      await cachedRead(other, `page ${n}`, ['students'], read);
    }
    expect((await cachedRead(other, 'a', ['batches'], a)).run).toBe(1);
    expect((await cachedRead(other, 'b', ['batches'], b)).run).toBe(2);
  });

  it('keeps an answer asked again only after hundreds of others: 300 academies’ dashboards asked in turn', async () => {
    const db = newDb();
    setListening(db, true);
    const academies = Array.from({ length: 300 }, (_, n) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`);
    const reads = new Map(academies.map((academy) => [academy, counter(academy)]));
    const round = () => Promise.all(academies.map((academy) => withAcademy(academy, () => cachedRead(db, 'admin-dashboard', ['fee_dues'], reads.get(academy)!))));
    await round();
    // Asked again: the last hundred are still kept among those asked once; the first 200 were pushed out of
    // them by the others, so they are read again, and now kept.
    const second = (await round()).map((answer) => answer.run);
    expect(second).toEqual(academies.map((_, n) => (n < 200 ? 2 : 1)));
    // From the third time on, nothing is read.
    expect((await round()).map((answer) => answer.run)).toEqual(second);
    expect((await round()).map((answer) => answer.run)).toEqual(second);
  });

  it('freezes what it shares in tests, so a caller that changes it fails here', async () => {
    const db = newDb();
    setListening(db, true);
    const kept = await cachedRead(db, 'k', ['batches'], async () => ({ list: [{ name: 'A' }] }));
    expect(() => kept.list.push({ name: 'B' })).toThrow();
  });

  it('builds keys from every part, a Set by its members in any order', () => {
    expect(cacheKey('students', { page: 1, search: 'Asha' })).not.toBe(cacheKey('students', { page: 2, search: 'Asha' }));
    expect(cacheKey('batch', new Set(['b', 'a']))).toBe(cacheKey('batch', new Set(['a', 'b'])));
    expect(cacheKey('batch', new Set(['a']))).not.toBe(cacheKey('batch', new Set(['b'])));
  });

  describe('many academies (issue 55)', () => {
    const A = '00000000-0000-4000-8000-00000000000a';
    const B = '00000000-0000-4000-8000-00000000000b';
    const inA = <T>(work: () => T) => withAcademy(A, work);
    const inB = <T>(work: () => T) => withAcademy(B, work);

    it('keeps each academy’s answer under the same key apart', async () => {
      const db = newDb();
      setListening(db, true);
      expect((await inA(() => cachedRead(db, 'settings', ['academy_settings'], counter('A')))).value).toBe('A');
      expect((await inB(() => cachedRead(db, 'settings', ['academy_settings'], counter('B')))).value).toBe('B');
      expect((await inA(() => cachedRead(db, 'settings', ['academy_settings'], counter('not read')))).value).toBe('A');
    });

    it('a change in academy A forgets A’s answers only; a notice without an academy forgets every academy’s', async () => {
      const db = newDb();
      setListening(db, true);
      const readA = counter('A');
      const readB = counter('B');
      await inA(() => cachedRead(db, 'k', ['students'], readA));
      await inB(() => cachedRead(db, 'k', ['students'], readB));
      const { academyId, table } = readChangeNotice(changeNotice(A, 'students'));
      tableChanged(db, table, academyId);
      expect((await inA(() => cachedRead(db, 'k', ['students'], readA))).run).toBe(2);
      expect((await inB(() => cachedRead(db, 'k', ['students'], readB))).run).toBe(1);
      // An older server's notice (a bare table name): every academy's answers from that table.
      const old = readChangeNotice('students');
      expect(old.academyId).toBeUndefined();
      tableChanged(db, old.table, old.academyId);
      expect((await inA(() => cachedRead(db, 'k', ['students'], readA))).run).toBe(3);
      expect((await inB(() => cachedRead(db, 'k', ['students'], readB))).run).toBe(2);
      // A change made outside every academy (empty setting) counts as every academy's.
      expect(readChangeNotice(':students').academyId).toBeUndefined();
    });

    it('everything of academy A (a restore of A) forgets A’s answers only', async () => {
      const db = newDb();
      setListening(db, true);
      const readA = counter('A');
      const readB = counter('B');
      await inA(() => cachedRead(db, 'k', ['batches'], readA));
      await inB(() => cachedRead(db, 'k', ['batches'], readB));
      const notice = readChangeNotice(changeNotice(A, EVERYTHING_CHANGED));
      tableChanged(db, notice.table, notice.academyId);
      expect((await inA(() => cachedRead(db, 'k', ['batches'], readA))).run).toBe(2);
      expect((await inB(() => cachedRead(db, 'k', ['batches'], readB))).run).toBe(1);
      forgetEverything(db);
      expect((await inB(() => cachedRead(db, 'k', ['batches'], readB))).run).toBe(2);
    });
  });
});
