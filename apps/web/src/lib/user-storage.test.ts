import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hasUserItems, readUserItem, removeUserItem, removeUserItems, writeUserItem } from './user-storage';
import { fakeLocalStorage } from './fake-local-storage';

const TEACHER = '0b6f3c2e-1111-4c1a-9d7e-000000000001';
const NEXT_TEACHER = '0b6f3c2e-2222-4c1a-9d7e-000000000002';

describe('user storage (a shared phone, issue 35 finding 9)', () => {
  let store: Map<string, string>;
  beforeEach(() => {
    store = fakeLocalStorage();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("keeps each user's items apart: the next person reads nothing of the last one's", () => {
    writeUserItem(TEACHER, 'marks-draft.t1', '{"rows":{}}');
    expect(readUserItem(TEACHER, 'marks-draft.t1')).toBe('{"rows":{}}');
    expect(readUserItem(NEXT_TEACHER, 'marks-draft.t1')).toBeNull();
    expect(hasUserItems(TEACHER)).toBe(true);
    expect(hasUserItems(NEXT_TEACHER)).toBe(false);
    removeUserItem(TEACHER, 'marks-draft.t1');
    expect(hasUserItems(TEACHER)).toBe(false);
  });

  it("removes one user's items and the unowned ones from before, and nothing of the next user or of the device", () => {
    writeUserItem(TEACHER, 'attendance-outbox', '[]');
    writeUserItem(TEACHER, 'attendance-draft.b1.2026-11-23', '{}');
    writeUserItem(NEXT_TEACHER, 'marks-draft.t1', '{}');
    // Stored before items were kept per user, and what belongs to the device.
    store.set('academy.attendance-outbox', '[]');
    store.set('academy.attendance-draft.b1.2026-11-23', '{}');
    store.set('academy.marks-draft.t1', '{}');
    store.set('academy.language', 'mr');
    store.set('academy-sidebar-collapsed', 'true');

    removeUserItems(TEACHER);

    expect([...store.keys()].sort()).toEqual(['academy-sidebar-collapsed', 'academy.language', `academy.user.${NEXT_TEACHER}.marks-draft.t1`]);
    expect(hasUserItems(NEXT_TEACHER)).toBe(true);
  });

  it('treats a blocked storage as empty', () => {
    const blocked = () => {
      throw new Error('SecurityError');
    };
    vi.stubGlobal('localStorage', { get length(): number { return blocked(); }, key: blocked, getItem: blocked, setItem: blocked, removeItem: blocked });
    expect(() => writeUserItem(TEACHER, 'marks-draft.t1', '{}')).not.toThrow();
    expect(readUserItem(TEACHER, 'marks-draft.t1')).toBeNull();
    expect(hasUserItems(TEACHER)).toBe(false);
    expect(() => removeUserItems(TEACHER)).not.toThrow();
  });
});
