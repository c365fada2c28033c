import { describe, expect, it } from 'vitest';
import { toSessionUser } from './session-user';

describe('toSessionUser', () => {
  const user = { _id: 'a945123e-6f21-4de9-b984-03dfe155c70b', name: 'Tanvi Jadhav', role: 'student', avatarUrl: null, language: 'mr', abilities: ['homework.hand-in', 'notifications.read'] };

  it('reads a user with an email', () => {
    expect(toSessionUser({ ...user, email: 'tanvi@example.com' })).toEqual({ ...user, email: 'tanvi@example.com' });
  });

  it('reads a student without an email (they sign in with the student ID)', () => {
    expect(toSessionUser({ ...user, email: null })).toEqual({ ...user, email: null });
  });

  it('keeps the abilities the server sent, drops a name it does not know, and reads none when there are none', () => {
    expect(toSessionUser({ ...user, email: null, abilities: ['notifications.read', 'rule.the-world'] })?.abilities).toEqual(['notifications.read']);
    expect(toSessionUser({ ...user, email: null, abilities: undefined })?.abilities).toEqual([]);
  });

  it('refuses what is not a user', () => {
    expect(toSessionUser(null)).toBeNull();
    expect(toSessionUser({ ...user, email: 42 })).toBeNull();
    expect(toSessionUser({ ...user, email: 'x@example.com', role: 'janitor' })).toBeNull();
  });
});
