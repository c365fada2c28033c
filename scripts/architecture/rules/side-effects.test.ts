import { describe, expect, it } from 'vitest';
import { sourceTreeOf } from '../source-tree';
import { checkSideEffects } from './side-effects';

const CATALOG = `export const SUBSCRIBERS = {
  'attendance.marked': ['parents.absence-alerts'],
  'homework.set': [],
} as const satisfies { readonly [T in DomainEventType]: readonly string[] };
`;

/** A house that keeps the rule; each test plants one breach. */
const house = (changes: Record<string, string> = {}) =>
  sourceTreeOf('apps/api/src', {
    'apps/api/src/events/catalog.ts': CATALOG,
    'apps/api/src/modules/attendance/attendance.service.ts': "await emitEvent(tx, { type: 'attendance.marked', payload: { batchId } });",
    'apps/api/src/modules/homework/homework.service.ts': "await emitEvent(tx, { type: 'homework.set', payload: { homeworkId } });",
    'apps/api/src/modules/fees/payments.service.ts': "await queueJob(tx, 'fee-receipt', { receiptId });",
    'apps/api/src/modules/backups/backups.routes.ts': "app.runInBackground('off-site copy removed', () => sync());",
    'apps/api/src/plugins/background-tasks.ts': "app.decorate('runInBackground', (label, task) => {}); // runInBackground(label, task)",
    ...changes,
  });

describe('side-effects', () => {
  it('passes a house where own work is a job and events cross modules', () => {
    expect(checkSideEffects(house())).toEqual([]);
  });

  it('catches an event that only its own module handles', () => {
    const violations = checkSideEffects(
      house({
        'apps/api/src/events/catalog.ts': CATALOG.replace("'homework.set': [],", "'homework.set': [],\n  'payment.recorded': ['fees.receipt-mail'],"),
        'apps/api/src/modules/fees/payments.service.ts': "await emitEvent(tx, { type: 'payment.recorded', payload: { receiptId } });",
      }),
    );
    expect(violations).toHaveLength(1);
    expect(violations[0]!.message).toMatch(/^event payment\.recorded is handled only by the module that emits it \(fees\)/);
  });

  it('keeps an event another module also handles', () => {
    const catalog = CATALOG.replace("'attendance.marked': ['parents.absence-alerts']", "'attendance.marked': ['parents.absence-alerts', 'attendance.own-work']");
    expect(checkSideEffects(house({ 'apps/api/src/events/catalog.ts': catalog }))).toEqual([]);
  });

  it('catches a message sent with runInBackground', () => {
    const violations = checkSideEffects(house({ 'apps/api/src/modules/users/invitations.ts': "app.runInBackground('welcome mail', () => sendWelcomeMail(deps, invitation));" }));
    expect(violations.map((violation) => violation.file)).toEqual(['apps/api/src/modules/users/invitations.ts']);
  });
});
