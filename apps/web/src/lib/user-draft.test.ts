import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearUserDraft, isRecord, readUserDraft, saveUserDraft } from './user-draft';
import { removeUserItems } from './user-storage';
import { fakeLocalStorage } from './fake-local-storage';

const hasRows = (value: Record<string, unknown>) => isRecord(value.rows);

describe('user drafts', () => {
  let store: Map<string, string>;
  beforeEach(() => {
    store = fakeLocalStorage();
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-26T05:12:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('keeps a draft per user with the time it was kept, until it is cleared or the user signs out', () => {
    saveUserDraft('u1', 'marks-draft.t1', { rows: { s1: 1 } });
    expect(readUserDraft('u1', 'marks-draft.t1', hasRows)).toEqual({ rows: { s1: 1 }, savedAt: '2026-11-26T05:12:00.000Z' });
    expect(readUserDraft('u2', 'marks-draft.t1', hasRows)).toBeUndefined();
    clearUserDraft('u1', 'marks-draft.t1');
    expect(readUserDraft('u1', 'marks-draft.t1', hasRows)).toBeUndefined();
    saveUserDraft('u1', 'marks-draft.t1', { rows: {} });
    removeUserItems('u1');
    expect(store.size).toBe(0);
  });

  it('ignores a damaged draft or one in a shape the screen does not read', () => {
    store.set('academy.user.u1.marks-draft.t1', '{not json');
    expect(readUserDraft('u1', 'marks-draft.t1', hasRows)).toBeUndefined();
    store.set('academy.user.u1.marks-draft.t1', JSON.stringify({ rows: {} }));
    expect(readUserDraft('u1', 'marks-draft.t1', hasRows)).toBeUndefined();
    store.set('academy.user.u1.marks-draft.t1', JSON.stringify({ savedAt: 'x', rows: [] }));
    expect(readUserDraft('u1', 'marks-draft.t1', hasRows)).toBeUndefined();
    store.set('academy.user.u1.marks-draft.t1', JSON.stringify([1]));
    expect(readUserDraft('u1', 'marks-draft.t1', hasRows)).toBeUndefined();
  });
});
