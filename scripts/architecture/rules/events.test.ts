import { describe, expect, it } from 'vitest';
import { sourceTreeOf } from '../source-tree';
import { checkEvents } from './events';

const CATALOG = `export type DomainEventPayloads = { 'attendance.marked': { batchId: string }; 'payment.recorded': { receiptId: string } };
export const SUBSCRIBERS = {
  'attendance.marked': ['parents.absence-alerts'],
  'payment.recorded': [],
} as const satisfies { readonly [T in DomainEventType]: readonly string[] };
`;

/** A house where the catalog and the code agree; each test changes one file. */
const house = (changes: Record<string, string> = {}) =>
  sourceTreeOf('apps/api/src', {
    'apps/api/src/events/catalog.ts': CATALOG,
    'apps/api/src/modules/attendance/attendance.service.ts': "await emitEvent(tx, { type: 'attendance.marked', payload: { batchId } });",
    'apps/api/src/modules/fees/payments.service.ts': "await emitEvent(tx, {\n  type: 'payment.recorded', payload: { receiptId } });",
    'apps/api/src/modules/parents/event-handlers.ts': "events.handle('attendance.marked', 'parents.absence-alerts', (event, tx) => alerts(tx, event));",
    ...changes,
  });

describe('events', () => {
  it('passes when the catalog and the code agree', () => {
    expect(checkEvents(house())).toEqual([]);
  });

  it('reports a catalog it cannot read rather than passing it', () => {
    expect(checkEvents(house({ 'apps/api/src/events/catalog.ts': 'export const HANDLERS = {};' }))).toHaveLength(1);
  });

  it('reports an event nobody emits', () => {
    const messages = checkEvents(house({ 'apps/api/src/modules/fees/payments.service.ts': '// the payment is recorded, but not announced' })).map((violation) => violation.message);
    expect(messages).toEqual(['event payment.recorded is in the catalog but nothing emits it: emit it where the change is written, or remove it']);
  });

  it('reports a listed handler registered outside the module its name begins with', () => {
    const violations = checkEvents(
      house({
        'apps/api/src/modules/parents/event-handlers.ts': '',
        'apps/api/src/modules/attendance/event-handlers.ts': "events.handle('attendance.marked', 'parents.absence-alerts', (event, tx) => alerts(tx, event));",
      }),
    );
    expect(violations.map((violation) => violation.message)).toEqual([
      "handler parents.absence-alerts of attendance.marked is listed but not registered in apps/api/src/modules/parents/ (events.handle('attendance.marked', 'parents.absence-alerts', …))",
    ]);
  });

  it('reports a handler registered but not listed', () => {
    const violations = checkEvents(house({ 'apps/api/src/modules/fees/event-handlers.ts': "events.handle('payment.recorded', 'fees.receipt-mail', mail);" }));
    expect(violations).toEqual([{ file: 'apps/api/src/modules/fees/event-handlers.ts', message: 'handler fees.receipt-mail of payment.recorded is registered but not listed under payment.recorded in events/catalog.ts' }]);
  });
});
