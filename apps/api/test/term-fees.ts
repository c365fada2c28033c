import { expect } from 'vitest';
import { shiftDate } from '@academy/shared/calendar';
import { buildBatch, buildStudent } from './factories';
import { apiCaller, type SignedInTestApp } from './shared-test-app';

/**
 * A new student enrolled by the admin (through the API, so the enrolment makes the dues) in a new batch
 * whose ₹10,000 term plan has two instalments: ₹6,000 due five days ago and ₹4,000 due in 30 days.
 */
export async function enrolWithTermFees(t: SignedInTestApp, name?: string) {
  const call = apiCaller(t);
  const batch = await buildBatch(t.database.db);
  const plan = await call('POST', '/fee-plans', { name: 'Term fees', batch: batch.id, amount: 10000, instalments: [{ dueDate: shiftDate(t.today, -5), amount: 6000 }, { dueDate: shiftDate(t.today, 30), amount: 4000 }] });
  expect(plan.statusCode, plan.body).toBe(201);
  const student = await buildStudent(t.database.db, { name });
  const added = await call('PUT', `/batches/${batch.id}/students/${student.id}/add`);
  expect(added.statusCode, added.body).toBe(200);
  return { batch, student };
}
