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
  due: msg`Due`,
  overdue: msg`Overdue`,
  cancelled: msg`Cancelled`,
};

export const DUE_STATUS_COLORS: Record<Due['status'], string> = { paid: 'teal', due: 'blue', overdue: 'red', cancelled: 'gray' };
