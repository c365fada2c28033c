import { describe, expect, it } from 'vitest';
import { dueNow, isDueNow } from './due-now';

describe('what a family owes now (issue 73, point 11)', () => {
  const today = '2026-11-28';
  const dues = [
    { id: 'september', dueDate: '2026-09-01', balancePaise: 600_000, open: true },
    { id: 'october-paid', dueDate: '2026-10-01', balancePaise: 0, open: true },
    { id: 'today-part-paid', dueDate: '2026-11-28', balancePaise: 150_000, open: true },
    { id: 'cancelled', dueDate: '2026-11-01', balancePaise: 400_000, open: false },
    { id: 'january', dueDate: '2027-01-01', balancePaise: 600_000, open: true },
    { id: 'tomorrow', dueDate: '2026-11-29', balancePaise: 100_000, open: true },
  ];

  it('counts overdue and due today, minus what was paid; never a later instalment, a paid or a cancelled due', () => {
    const now = dueNow(dues, today);
    expect(now.dues.map((due) => due.id)).toEqual(['september', 'today-part-paid']);
    expect(now.totalPaise).toBe(750_000);
    expect(now.later.map((due) => due.id)).toEqual(['january', 'tomorrow']);
  });

  it('is nothing when nothing has come due', () => {
    expect(dueNow(dues.filter((due) => due.dueDate > today), today)).toMatchObject({ dues: [], totalPaise: 0 });
    expect(isDueNow({ dueDate: today, balancePaise: 1, open: true }, today)).toBe(true);
    expect(isDueNow({ dueDate: today, balancePaise: 0, open: true }, today)).toBe(false);
  });
});
