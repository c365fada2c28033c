import { describe, expect, it } from 'vitest';
import { enquiryReceivedMail, passwordResetMail, verificationCodeMail, welcomeMail } from './mail-templates';

describe('mails in the recipient language', () => {
  it('writes each mail in English by default and in Marathi or Hindi when asked', () => {
    const reset = { academyName: 'Shree Academy', userName: 'Asha', resetUrl: 'https://a.in/reset-password/x', validMinutes: 30 };
    expect(passwordResetMail(reset).subject).toBe('Reset your Shree Academy password');
    const marathi = passwordResetMail({ ...reset, language: 'mr' });
    expect(marathi.subject).toBe('आपला Shree Academy पासवर्ड बदला');
    expect(marathi.html).toContain('<html lang="mr">');
    expect(marathi.text).toContain('30 मिनिटांसाठी');
    const hindi = enquiryReceivedMail({ academyName: 'Shree Academy', name: 'Ravi', parentName: 'Sunil', source: 'admission', reference: 'ENQ-0042', officeHours: '9 AM to 6 PM', phones: ['+919822012345'], language: 'hi' });
    expect(hindi.subject).toBe('आपकी एडमिशन पूछताछ मिल गई — Shree Academy');
    expect(hindi.text).toContain('आपका संदर्भ नंबर ENQ-0042 है.');
    expect(hindi.html).toContain('ENQ-0042');
    // Phones as people read them, never "+919822012345" (issue 73).
    expect(hindi.text).toContain('+91 98220 12345');
    expect(hindi.text).not.toContain('+919822012345');
    // The parent who applied is greeted; the child is named once, in the thanks.
    expect(hindi.text).toContain('नमस्ते Sunil,');
    expect(hindi.text).not.toContain('नमस्ते Ravi,');
    const withoutParent = enquiryReceivedMail({ academyName: 'Shree Academy', name: 'Ravi', source: 'admission', officeHours: '9 AM to 6 PM', phones: [] });
    expect(withoutParent.text).toContain('Hello,');
    expect(withoutParent.text.match(/Ravi/g)).toHaveLength(1);
    expect(verificationCodeMail({ academyName: 'A', code: '123456', validMinutes: 10, language: 'mr' }).subject).toBe('123456 हा आपला A पडताळणी कोड आहे');
    expect(welcomeMail({ academyName: 'A', userName: 'B', email: 'b@x.in', role: 'student', setPasswordUrl: 'https://a.in/x', validDays: 7, language: 'hi' }).text).toContain('(छात्र)');
  });
});
