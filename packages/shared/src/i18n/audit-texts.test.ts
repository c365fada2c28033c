import { describe, expect, it } from 'vitest';
import { AUDIT_TEXTS, wordAuditSummary } from './audit-texts';
import { SERVER_CATALOG } from './server-catalog';

describe('AUDIT_TEXTS', () => {
  it("every key names an entry of the server catalog's audit section (which has its Marathi and Hindi)", () => {
    const english = new Set(SERVER_CATALOG.audit.map(([en]) => en));
    for (const [key, text] of Object.entries(AUDIT_TEXTS)) expect(english.has(text), key).toBe(true);
  });

  it('words a key with its values, and gives null for an unknown key', () => {
    expect(wordAuditSummary('batch.enrolled', { student: 'Asha', batch: '10th A' }, 'en')).toBe('Enrolled Asha in 10th A');
    expect(wordAuditSummary('batch.enrolled', { student: 'Asha', batch: '10th A' }, 'mr')).toBe('Asha यांना 10th A बॅचमध्ये घेतले');
    expect(wordAuditSummary('nothing.like.this', {}, 'hi')).toBeNull();
  });

  it("words the product's own values (a status, a payment mode, a role) in the reader's language, names as written", () => {
    const move = { name: 'Asha', from: 'contacted', to: 'admitted' };
    expect(wordAuditSummary('enquiry.status', move, 'en')).toBe('Moved the enquiry of Asha from contacted to admitted');
    expect(wordAuditSummary('enquiry.status', move, 'mr')).toBe('Asha यांची चौकशी "संपर्क झाला" मधून "अ‍ॅडमिशन झाले" मध्ये हलवली');
    const payment = { number: '2026-27/0001', amount: '1,25,000', mode: 'bank_transfer', student: 'Asha' };
    expect(wordAuditSummary('fee_receipt.created', payment, 'en')).toBe('Recorded payment 2026-27/0001 of ₹1,25,000 (bank transfer) from Asha');
    expect(wordAuditSummary('fee_receipt.created', payment, 'hi')).toBe('Asha का ₹1,25,000 का भुगतान दर्ज किया (बैंक ट्रांसफ़र), रसीद 2026-27/0001');
    expect(wordAuditSummary('account.created_cli', { role: 'teacher', email: 'a@b.in' }, 'mr')).toBe('a@b.in हे शिक्षक खाते कमांड लाइनवरून बनवले');
    // A name that happens to be a status word stays as written (only from/to/mode/role are worded).
    expect(wordAuditSummary('parent.added', { name: 'new', student: 'Asha' }, 'mr')).toBe('Asha यांच्यासाठी पालक new जोडले');
  });
});
