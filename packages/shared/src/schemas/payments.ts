import { z } from 'zod';

/** Settings → Payments (issue 38): the academy's own UPI ID, to which families pay fees directly. */
export const PAYMENT_SETTINGS_MESSAGES = {
  saved: 'Payment settings saved',
  vpa: 'Enter the UPI ID as name@bank, for example shreeacademy@okhdfcbank',
  payeeName: 'Enter the name UPI apps show for the academy, at most 50 characters',
  body: 'Send the payment settings as { upi: { vpa, payeeName } } or { upi: null }',
  upiNotSetUp: 'UPI payments are not set up: there is no UPI ID in Settings → Payments',
  nothingToPay: 'Nothing is left to pay on this due',
} as const;

/** name@handle: what UPI apps accept as a payee (a bank account's UPI ID, or a mobile number's). */
const VPA = /^[a-z0-9][a-z0-9._-]{1,255}@[a-z][a-z0-9.-]{1,63}$/;

/** GET/PUT /api/admin/settings/payments: null turns UPI requests off. */
export const paymentSettingsSchema = z.object(
  {
    upi: z
      .object(
        {
          vpa: z.string({ error: PAYMENT_SETTINGS_MESSAGES.vpa }).trim().toLowerCase().regex(VPA, PAYMENT_SETTINGS_MESSAGES.vpa),
          payeeName: z
            .string({ error: PAYMENT_SETTINGS_MESSAGES.payeeName })
            .trim()
            .min(1, PAYMENT_SETTINGS_MESSAGES.payeeName)
            .max(50, PAYMENT_SETTINGS_MESSAGES.payeeName)
            // Shown by the payer's app and carried in the link: no control characters.
            .regex(/^[^\p{Cc}]+$/u, PAYMENT_SETTINGS_MESSAGES.payeeName),
        },
        { error: PAYMENT_SETTINGS_MESSAGES.body },
      )
      .nullable(),
  },
  { error: PAYMENT_SETTINGS_MESSAGES.body },
);
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;
