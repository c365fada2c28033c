import { describe, expect, it } from 'vitest';
import { academySettingsInputSchema, isSupportedTimeZone, socialLinksInputSchema } from './settings';

describe('settings schemas', () => {
  it('knows real time zones under old and new names, and refuses the rest', () => {
    for (const zone of ['Asia/Kolkata', 'Asia/Calcutta', 'Europe/London', 'UTC']) expect(isSupportedTimeZone(zone), zone).toBe(true);
    for (const zone of ['Asia/Latur', '+05:30', 'IST', 'EST', 'asia', '']) expect(isSupportedTimeZone(zone), zone).toBe(false);
  });

  it('turns empty social links into null and refuses links that are not http(s)', () => {
    expect(socialLinksInputSchema.parse({ facebook: '', instagram: null, youtube: 'https://youtube.com/@latur' })).toEqual({
      facebook: null,
      instagram: null,
      youtube: 'https://youtube.com/@latur',
      whatsapp: null,
    });
    const refused = socialLinksInputSchema.safeParse({ whatsapp: 'javascript:alert(1)' });
    expect(refused.error?.issues[0]).toMatchObject({ path: ['whatsapp'], message: 'Enter a full link starting with https://' });
  });

  it('needs one phone; the others are optional and a repeated one is kept once (issue 73)', () => {
    const base = { name: 'A', tagline: '', address: 'Latur', email: 'a@example.in', officeHours: 'x', socialLinks: {}, timeZone: 'Asia/Kolkata' };
    expect(academySettingsInputSchema.parse({ ...base, phones: ['9822012345', '9822012346', '9822012347'] }).phones).toEqual(['+919822012345', '+919822012346', '+919822012347']);
    expect(academySettingsInputSchema.parse({ ...base, phones: ['9822012345'] }).phones).toEqual(['+919822012345']);
    expect(academySettingsInputSchema.parse({ ...base, phones: ['98220 12345', '', '+91 98220-12345'] }).phones).toEqual(['+919822012345']);
    expect(academySettingsInputSchema.safeParse({ ...base, phones: ['', '', ''] }).error?.issues[0]).toMatchObject({ path: ['phones', 0], message: "Enter the academy's phone number" });
    expect(academySettingsInputSchema.safeParse({ ...base, phones: ['9822012345', '12345'] }).error?.issues[0]?.path).toEqual(['phones', 1]);
    expect(academySettingsInputSchema.safeParse({ ...base, phones: ['1', '2', '3', '4'] }).success).toBe(false);
  });
});
