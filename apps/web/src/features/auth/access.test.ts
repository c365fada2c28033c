import { describe, expect, it } from 'vitest';
import { landingRouteFor } from '@academy/shared/roles';
import { areaRolesFor, decideAccess, postLoginTarget } from './access';
import { greetingNameFor, toSessionUser } from '../../lib/session-user';

const admin = { role: 'admin' };
const teacher = { role: 'teacher' };
const student = { role: 'student' };

describe('decideAccess', () => {
  it('sends a visitor to /login', () => {
    expect(decideAccess(null, ['admin'])).toBe('/login');
    expect(decideAccess(undefined, ['student'])).toBe('/login');
  });

  it('allows a user whose role is allowed', () => {
    expect(decideAccess(admin, ['admin'])).toBe('allow');
    expect(decideAccess(teacher, ['teacher'])).toBe('allow');
    expect(decideAccess(student, ['student', 'teacher'])).toBe('allow');
  });

  it('sends a user with another role to their own dashboard', () => {
    expect(decideAccess(teacher, ['admin'])).toBe('/app/teacher/dashboard');
    expect(decideAccess(student, ['admin'])).toBe('/app/student/dashboard');
    expect(decideAccess(admin, ['teacher'])).toBe('/app/dashboard');
    expect(decideAccess(student, ['teacher'])).toBe('/app/student/dashboard');
  });

  it('sends an unknown role to /login', () => {
    expect(decideAccess({ role: 'guardian' }, ['admin'])).toBe('/login');
    expect(decideAccess({ role: 'parent' }, ['admin'])).toBe('/app/parent/dashboard');
  });
});

describe('landingRouteFor', () => {
  it('follows the spec table', () => {
    expect(landingRouteFor(null)).toBe('/login');
    expect(landingRouteFor('admin')).toBe('/app/dashboard');
    expect(landingRouteFor('teacher')).toBe('/app/teacher/dashboard');
    expect(landingRouteFor('student')).toBe('/app/student/dashboard');
    expect(landingRouteFor('parent')).toBe('/app/parent/dashboard');
    expect(landingRouteFor('guardian')).toBe('/app');
  });
});

describe('areaRolesFor', () => {
  it('maps paths to the roles of their area', () => {
    expect(areaRolesFor('/')).toBeNull();
    expect(areaRolesFor('/courses')).toBeNull();
    expect(areaRolesFor('/application')).toBeNull();
    expect(areaRolesFor('/app')).toEqual(['admin']);
    expect(areaRolesFor('/app/subjects/12/edit')).toEqual(['admin']);
    expect(areaRolesFor('/app/teacher-dashboard')).toEqual(['admin']);
    expect(areaRolesFor('/app/teacher/attendance/mark')).toEqual(['teacher']);
    expect(areaRolesFor('/app/student/')).toEqual(['student']);
    expect(areaRolesFor('/app/parent/dashboard')).toEqual(['parent']);
  });
});

describe('postLoginTarget', () => {
  it('returns to the remembered location when the role may open it', () => {
    expect(postLoginTarget(admin, { pathname: '/app/subjects/5', search: '?tab=1', hash: '#top' })).toBe('/app/subjects/5?tab=1#top');
    expect(postLoginTarget(teacher, { pathname: '/app/teacher/notes' })).toBe('/app/teacher/notes');
  });

  it('uses the landing route when the remembered location belongs to another role', () => {
    expect(postLoginTarget(student, { pathname: '/app/subjects' })).toBe('/app/student/dashboard');
    expect(postLoginTarget(admin, { pathname: '/app/teacher/notes' })).toBe('/app/dashboard');
  });

  it('uses the landing route without a usable remembered location', () => {
    expect(postLoginTarget(teacher, undefined)).toBe('/app/teacher/dashboard');
    expect(postLoginTarget(teacher, 'nonsense')).toBe('/app/teacher/dashboard');
    expect(postLoginTarget(teacher, { pathname: '//evil.example/x' })).toBe('/app/teacher/dashboard');
    expect(postLoginTarget(admin, { pathname: '/login' })).toBe('/app/dashboard');
  });
});

describe('toSessionUser', () => {
  const user = { _id: '0b7c9a5e-1c2d-4e5f-8a9b-0c1d2e3f4a5b', name: 'Asha Patil', email: 'asha@example.com', role: 'student', avatarUrl: null, language: 'mr', abilities: ['homework.hand-in'] };

  it('accepts the user of an auth answer', () => {
    expect(toSessionUser(user)).toEqual(user);
    expect(toSessionUser({ ...user, avatarUrl: '/files/a.png' })?.avatarUrl).toBe('/files/a.png');
    expect(toSessionUser({ ...user, language: 'fr' })?.language).toBe('en');
  });

  it('rejects what is not a user, including unknown roles', () => {
    expect(toSessionUser(null)).toBeNull();
    expect(toSessionUser('admin')).toBeNull();
    expect(toSessionUser({ ...user, role: 'guardian' })).toBeNull();
    expect(toSessionUser({ ...user, name: undefined })).toBeNull();
  });
});

describe('greetingNameFor', () => {
  it('greets students by their first name and others by their full name', () => {
    expect(greetingNameFor({ name: '  Asha  Patil ', role: 'student' })).toBe('Asha');
    expect(greetingNameFor({ name: 'Ravi Kumar', role: 'teacher' })).toBe('Ravi Kumar');
    expect(greetingNameFor({ name: 'Site Admin', role: 'admin' })).toBe('Site Admin');
  });
});
