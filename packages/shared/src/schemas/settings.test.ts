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

  it('needs exactly three phones', () => {
    const base = { name: 'A', tagline: '', address: 'Latur', email: 'a@example.in', officeHours: 'x', socialLinks: {}, timeZone: 'Asia/Kolkata' };
    expect(academySettingsInputSchema.safeParse({ ...base, phones: ['9822012345', '9822012346', '9822012347'] }).success).toBe(true);
    expect(academySettingsInputSchema.safeParse({ ...base, phones: ['9822012345'] }).error?.issues[0]?.message).toBe('Enter exactly three phone numbers');
  });
});
