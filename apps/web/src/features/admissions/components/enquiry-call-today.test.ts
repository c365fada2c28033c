import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { whatsAppHref, whatsAppText } from './enquiry-call-today';

// English with no catalog: messages show their source text.
const english = setupI18n({ locale: 'en', messages: { en: {} } });

describe('the prepared WhatsApp message (issue 41)', () => {
  it('greets the parent by name when the enquiry has one, and names the student and the academy', () => {
    expect(whatsAppText(english, { studentName: 'Sai Jadhav', parentName: 'Rekha Jadhav' }, 'Shree Academy')).toBe(
      'Namaste Rekha Jadhav, this is Shree Academy. Thank you for your enquiry about admission for Sai Jadhav. When may we call you to talk about the batches and fees?',
    );
    expect(whatsAppText(english, { studentName: 'Sai Jadhav', parentName: null }, 'Shree Academy')).toMatch(/^Namaste, this is Shree Academy\./);
  });

  it('opens wa.me with the number and country code only, and the text encoded', () => {
    expect(whatsAppHref('+919822012345', 'Namaste & welcome?')).toBe('https://wa.me/919822012345?text=Namaste%20%26%20welcome%3F');
  });
});
