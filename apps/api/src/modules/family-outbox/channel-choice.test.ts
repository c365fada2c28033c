import { describe, expect, it } from 'vitest';
import { gsm7Text, isGsm7, smsParts, smsText } from '@academy/shared/schemas/messaging';
import { isWhatsAppSignatureValid, msg91ReportStatus, msg91ReportTime, whatsAppErrorText, isFinalWhatsAppError } from '../../lib/family-providers';
import { metaSignature } from '../../../test/provider-stand-ins';
import { isReplyWord, START_REPLIES, STOP_REPLIES } from '@academy/shared/i18n/reply-words';
import { chooseChannel } from './channels';
import { endOfQuietHours } from './quiet-hours';

const parent = { phone: '+919822012345', email: 'p@example.in', preferredChannel: null, whatsappStopped: false, hasPush: false } as const;
const all = { push: true, whatsapp: true, sms: true, email: true };

describe('choosing a parent’s channel', () => {
  it('defaults to WhatsApp when a phone is known, then SMS, then email', () => {
    expect(chooseChannel(parent, all)).toBe('whatsapp');
    expect(chooseChannel(parent, { ...all, whatsapp: false })).toBe('sms');
    expect(chooseChannel(parent, { push: true, whatsapp: false, sms: false, email: true })).toBe('email');
    expect(chooseChannel({ ...parent, phone: null }, all)).toBe('email');
    expect(chooseChannel({ ...parent, email: null }, { push: true, whatsapp: false, sms: false, email: true })).toBeNull();
  });
  it('tries the installed app first when the parent turned its notifications on', () => {
    expect(chooseChannel({ ...parent, hasPush: true }, all)).toBe('push');
    expect(chooseChannel({ ...parent, hasPush: true, preferredChannel: 'email' }, all)).toBe('push');
    expect(chooseChannel({ ...parent, hasPush: true }, { ...all, push: false })).toBe('whatsapp');
  });

  it('follows the preference, and never uses WhatsApp after STOP', () => {
    expect(chooseChannel({ ...parent, preferredChannel: 'sms' }, all)).toBe('sms');
    expect(chooseChannel({ ...parent, preferredChannel: 'email' }, all)).toBe('email');
    expect(chooseChannel({ ...parent, preferredChannel: 'email', email: null }, all)).toBe('whatsapp');
    expect(chooseChannel({ ...parent, whatsappStopped: true }, all)).toBe('sms');
    expect(chooseChannel({ ...parent, preferredChannel: 'whatsapp', whatsappStopped: true }, { ...all, sms: false })).toBe('email');
  });
});

describe('quiet hours', () => {
  const quiet = { from: '21:00', to: '07:00' };
  const ist = (time: string) => new Date(`2026-11-25T${time}:00+05:30`);
  it('holds a message made inside them until they end, where the academy is', () => {
    expect(endOfQuietHours(ist('22:30'), quiet, 'Asia/Kolkata')?.toISOString()).toBe(ist('07:00').toISOString().replace('2026-11-25', '2026-11-26'));
    expect(endOfQuietHours(ist('06:59'), quiet, 'Asia/Kolkata')?.toISOString()).toBe(ist('07:00').toISOString());
    expect(endOfQuietHours(ist('07:00'), quiet, 'Asia/Kolkata')).toBeNull();
    expect(endOfQuietHours(ist('20:59'), quiet, 'Asia/Kolkata')).toBeNull();
    expect(endOfQuietHours(ist('23:00'), null, 'Asia/Kolkata')).toBeNull();
  });
  it('works for hours within one day too', () => {
    expect(endOfQuietHours(ist('13:30'), { from: '13:00', to: '14:00' }, 'Asia/Kolkata')?.toISOString()).toBe(ist('14:00').toISOString());
    expect(endOfQuietHours(ist('14:00'), { from: '13:00', to: '14:00' }, 'Asia/Kolkata')).toBeNull();
  });
});

describe('SMS parts', () => {
  it('counts GSM text at 160 (153 when split) and Devanagari as Unicode at 70 (67 when split)', () => {
    expect(smsParts('a'.repeat(160))).toBe(1);
    expect(smsParts('a'.repeat(161))).toBe(2);
    expect(smsParts('a'.repeat(306))).toBe(2);
    expect(smsParts('a'.repeat(307))).toBe(3);
    expect(smsParts('क'.repeat(70))).toBe(1);
    expect(smsParts('क'.repeat(71))).toBe(2);
    expect(smsParts('क'.repeat(134))).toBe(2);
    expect(smsParts('क'.repeat(135))).toBe(3);
    // One Devanagari letter makes the whole SMS Unicode.
    expect(smsParts(`${'a'.repeat(100)}क`)).toBe(2);
  });

  it('counts an extension character (€ [ ] { } ~ | ^ \\) as two septets and never splits one across parts', () => {
    expect(smsParts('€'.repeat(80))).toBe(1);
    expect(smsParts(`${'a'.repeat(159)}€`)).toBe(2);
    // 152 letters and an escape pair: the pair goes whole to the second part.
    expect(smsParts(`${'a'.repeat(152)}€${'a'.repeat(152)}`)).toBe(3);
    // ₹ is not GSM-7: one of them makes a 100-letter text Unicode, two parts.
    expect(smsParts(`${'a'.repeat(99)}₹`)).toBe(2);
  });

  it('turns an English SMS into GSM-7 text: ₹ as Rs., · and dashes as -, curly quotes straight, accents off', () => {
    const reminder = 'Fees due for Aarav · ₹1,500 by 05-12-2026 — pay at the office. “Thank you” – Hôtel Academy’s office…';
    const text = gsm7Text(reminder);
    expect(text).toBe('Fees due for Aarav - Rs.1,500 by 05-12-2026 - pay at the office. "Thank you" - Hotel Academy\'s office...');
    expect(isGsm7(text)).toBe(true);
    expect(smsParts(reminder)).toBe(2);
    expect(smsParts(text)).toBe(1);
    // Only English is changed; Marathi and Hindi stay Unicode (sent with MSG91's unicode flag).
    expect(smsText(reminder, 'en')).toBe(text);
    expect(smsText('₹१,५०० भरावे', 'mr')).toBe('₹१,५०० भरावे');
  });
});

describe('the providers’ contracts', () => {
  it('reads MSG91’s report times, which carry no zone, as Indian time', () => {
    expect(msg91ReportTime('2026-05-22 10:06:20').toISOString()).toBe('2026-05-22T04:36:20.000Z');
    expect(msg91ReportTime('2026-05-22T10:06:20Z').toISOString()).toBe('2026-05-22T10:06:20.000Z');
    expect(msg91ReportTime('1779424580').toISOString()).toBe('2026-05-22T04:36:20.000Z');
    const now = new Date('2026-01-01T00:00:00Z');
    expect(msg91ReportTime('yesterday', now)).toBe(now);
    expect(msg91ReportTime(undefined, now)).toBe(now);
  });
  it('checks X-Hub-Signature-256 over the raw body', () => {
    const body = '{"entry":[]}';
    expect(isWhatsAppSignatureValid('secret-0123456789', body, metaSignature('secret-0123456789', body))).toBe(true);
    expect(isWhatsAppSignatureValid('secret-0123456789', `${body} `, metaSignature('secret-0123456789', body))).toBe(false);
    expect(isWhatsAppSignatureValid('secret-0123456789', body, 'sha256=00')).toBe(false);
    expect(isWhatsAppSignatureValid('secret-0123456789', body, undefined)).toBe(false);
  });
  it('reads MSG91 delivery codes and words WhatsApp errors for the office', () => {
    expect(msg91ReportStatus('1')).toBe('delivered');
    expect(msg91ReportStatus(9)).toBe('failed');
    expect(msg91ReportStatus('8')).toBeUndefined();
    expect(whatsAppErrorText(131026)).toBe('This number is not on WhatsApp or cannot receive WhatsApp messages');
    expect(isFinalWhatsAppError(131026)).toBe(true);
    expect(isFinalWhatsAppError(130429)).toBe(false);
    expect(whatsAppErrorText(132001, 'absence_alert')).toContain('absence_alert');
  });
});

describe('a parent’s reply', () => {
  it('stops WhatsApp with STOP in English, Marathi or Hindi, and starts it again with START', () => {
    for (const reply of ['STOP', ' stop. ', 'Unsubscribe', 'बंद', 'थांबवा', 'रोको']) expect(isReplyWord(STOP_REPLIES, reply), reply).toBe(true);
    for (const reply of ['please stop sending', 'ok', 'बंद करा उद्या']) expect(isReplyWord(STOP_REPLIES, reply), reply).toBe(false);
    expect(isReplyWord(START_REPLIES, 'Start')).toBe(true);
  });
});
