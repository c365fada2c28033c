import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { Due, ReceiptMode } from '@academy/shared/schemas/fees';

export const MODE_LABELS: Record<ReceiptMode, MessageDescriptor> = {
  cash: msg`Cash`,
  upi: msg`UPI`,
  cheque: msg`Cheque`,
  bank_transfer: msg`Bank transfer`,
  card: msg`Card`,
  opening_balance: msg`Opening balance (carried over)`,
};

export const DUE_STATUS_LABELS: Record<Due['status'], MessageDescriptor> = {
  paid: msg`Paid`,
  // Not yet paid, its date not passed: a state, not the instalment itself (the ledger's "Due" column).
  due: msg({ message: 'Due', context: 'state of a due' }),
  overdue: msg`Overdue`,
  cancelled: msg`Cancelled`,
  // A past year's due moved into the new year's "Previous year balance" (issue 39).
  carried_over: msg`Carried over`,
};

export const DUE_STATUS_COLORS: Record<Due['status'], string> = { paid: 'teal', due: 'blue', overdue: 'red', cancelled: 'gray', carried_over: 'gray' };
