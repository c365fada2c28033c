import { describe, expect, it } from 'vitest';
import { sourceTreeOf } from '../source-tree';
import { checkWebRoles } from './web-roles';

const house = (changes: Record<string, string> = {}) =>
  sourceTreeOf('apps/web/src', {
    'apps/web/src/lib/session-user.ts': "export const isAreaOf = (user, area) => user !== null && user.role === area;",
    'apps/web/src/app/layouts/dashboard-shell.tsx': "const hasBell = useCan('notifications.read'); // not role === 'student' any more\nconst navigation = ROLE_NAVIGATION[role];",
    'apps/web/src/features/auth/access.test.ts': "expect(user.role === 'admin').toBe(true);",
    ...changes,
  });

describe('web-roles', () => {
  it('passes abilities, a role looked up (not compared), comments, tests and the session module', () => {
    expect(checkWebRoles(house())).toEqual([]);
  });

  it.each([
    ["{user.role === 'admin' ? <MailReportCards /> : null}"],
    ["const isAdmin = user?.role !== 'teacher';"],
    ["if ('admin' === area.role) show();"],
    ["const staff = ['admin', 'teacher'].includes(user.role);"],
    ['switch (user.role) { case "admin": break; }'],
  ])('catches a decision by role: %s', (line) => {
    const violations = checkWebRoles(house({ 'apps/web/src/features/fees/components/fee-panel.tsx': `const a = 1;\n${line}` }));
    expect(violations.map((violation) => violation.file)).toEqual(['apps/web/src/features/fees/components/fee-panel.tsx:2']);
  });
});
