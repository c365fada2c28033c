import { describe, expect, it } from 'vitest';
import type { Ability } from '@academy/shared/abilities';
import { ROLES } from '@academy/shared/roles';
import { abilitiesOf } from './abilities';
import { ruleFor } from './policy';
import { allows } from './rules';

describe('abilities', () => {
  it('gives each role what its access rules allow, and a parent none of these', () => {
    expect(abilitiesOf('admin')).toEqual(['admissions.manage', 'audit.read', 'batches.all', 'report-cards.mail']);
    expect(abilitiesOf('teacher')).toEqual(['attendance.mark-offline']);
    expect(abilitiesOf('student')).toEqual(['app.install-offer', 'homework.hand-in', 'notifications.read']);
    expect(abilitiesOf('parent')).toEqual(['app.install-offer']);
  });

  it('agrees with the route each ability stands for', () => {
    const routes = { 'admissions.manage': 'GET /api/admission-enquiries/counts', 'audit.read': 'GET /api/admin/audit-log', 'report-cards.mail': 'POST /api/batches/:id/report-cards/mail', 'homework.hand-in': 'POST /api/homework/:id/submissions', 'notifications.read': 'GET /api/notifications' } as const;
    for (const [ability, route] of Object.entries(routes)) {
      const [method, url] = route.split(' ') as [string, string];
      for (const role of ROLES) expect(abilitiesOf(role).includes(ability as Ability), `${role} ${ability}`).toBe(allows(ruleFor(method, url)!, role));
    }
  });
});
