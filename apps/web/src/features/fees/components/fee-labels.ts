import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { Due, PaymentMode } from '@academy/shared/schemas/fees';

export const MODE_LABELS: Record<PaymentMode, MessageDescriptor> = {
  cash: msg`Cash`,
  upi: msg`UPI`,
  cheque: msg`Cheque`,
  bank_transfer: msg`Bank transfer`,
  card: msg`Card`,
};

export const DUE_STATUS_LABELS: Record<Due['status'], MessageDescriptor> = {
  paid: msg`Paid`,
  // Not yet paid, its date not passed: a state, not the instalment itself (the ledger's "Due" column).
  due: msg({ message: 'Due', context: 'state of a due' }),
  overdue: msg`Overdue`,
  cancelled: msg`Cancelled`,
};

export const DUE_STATUS_COLORS: Record<Due['status'], string> = { paid: 'teal', due: 'blue', overdue: 'red', cancelled: 'gray' };
