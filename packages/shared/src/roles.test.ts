import { describe, expect, it } from 'vitest';
import { landingRouteFor } from './roles';

describe('landingRouteFor (spec section 2, role landing routes)', () => {
  it('sends each role to its own dashboard', () => {
    expect(landingRouteFor('admin')).toBe('/app/dashboard');
    expect(landingRouteFor('teacher')).toBe('/app/teacher/dashboard');
    expect(landingRouteFor('student')).toBe('/app/student/dashboard');
    expect(landingRouteFor('parent')).toBe('/app/parent/dashboard');
  });
  it('sends visitors to /login and unknown roles to /app', () => {
    expect(landingRouteFor(undefined)).toBe('/login');
    expect(landingRouteFor(null)).toBe('/login');
    expect(landingRouteFor('guardian')).toBe('/app');
  });
});
