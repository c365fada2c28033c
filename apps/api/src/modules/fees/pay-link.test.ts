import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PAY_LINK_DAYS, payLinkToken, payLinkUrl, studentOfPayLink } from './pay-link';

const key = randomBytes(32);
const studentId = randomUUID();
const DAY = 24 * 60 * 60 * 1000;

describe('a pay link’s token', () => {
  it('stands for its student, fits an SMS, and works for PAY_LINK_DAYS', () => {
    const now = new Date('2026-11-26T10:00:00Z');
    const token = payLinkToken(key, studentId, now);
    expect(token.length).toBeLessThanOrEqual(52);
    expect(studentOfPayLink(key, token, now)).toBe(studentId);
    expect(studentOfPayLink(key, token, new Date(now.getTime() + PAY_LINK_DAYS * DAY))).toBe(studentId);
    expect(studentOfPayLink(key, token, new Date(now.getTime() + (PAY_LINK_DAYS + 1) * DAY))).toBeNull();
    expect(payLinkUrl('https://academy.example/', key, studentId, now)).toBe(`https://academy.example/pay/${token}`);
  });

  it('opens nothing when forged: another key, another student, a later day, a changed letter, or not a token at all', () => {
    const token = payLinkToken(key, studentId);
    const [id, lastDay, mac] = token.split('.') as [string, string, string];
    expect(studentOfPayLink(randomBytes(32), token)).toBeNull();
    const otherId = payLinkToken(key, randomUUID()).split('.')[0];
    expect(studentOfPayLink(key, `${otherId}.${lastDay}.${mac}`)).toBeNull();
    expect(studentOfPayLink(key, `${id}.${(Number.parseInt(lastDay, 36) + 365).toString(36)}.${mac}`)).toBeNull();
    expect(studentOfPayLink(key, `${id}.${lastDay}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    for (const junk of ['', 'LAT26-0042-I2', `${id}.${lastDay}`, `${token}.x`, '../../etc/passwd', `${id}.ZZ.${mac}`]) expect(studentOfPayLink(key, junk)).toBeNull();
  });
});
