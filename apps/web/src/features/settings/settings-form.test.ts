import { describe, expect, it } from 'vitest';
import { timeZoneOptions, toSettingsFormValues } from './settings-form';

const settings = {
  name: 'Shree Academy, Latur',
  tagline: 'Coaching for 9th to 12th',
  address: 'Shivaji Chowk, Latur, Maharashtra 413512',
  phones: ['+919876543210', '+919876543211', '+919876543212'],
  email: 'office@academy.example.in',
  officeHours: 'Monday to Saturday 10:00 AM to 6:00 PM, Sunday closed',
  socialLinks: { facebook: 'https://facebook.com/academy', instagram: null, youtube: null, whatsapp: null },
  timeZone: 'Asia/Kolkata',
  testimonials: [{ quote: 'Good teachers', name: 'A parent', detail: '' }],
  location: null,
  translations: {},
  brand: { colour: '#4263eb', logoUrl: null, shortName: 'Shree' },
};

describe('toSettingsFormValues', () => {
  it('turns unset social links into empty fields and keeps three phone fields', () => {
    // The brand has its own form (Settings → Brand, issue 78): not a field of this one.
    expect(toSettingsFormValues(settings)).toEqual({
      ...Object.fromEntries(Object.entries(settings).filter(([key]) => key !== 'brand')),
      phones: ['+91 98765 43210', '+91 98765 43211', '+91 98765 43212'],
      socialLinks: { facebook: 'https://facebook.com/academy', instagram: '', youtube: '', whatsapp: '' },
      backupTime: '02:00',
      paymentsLockedBefore: '',
      // The grace for late joiners: the default week until the admin's settings say otherwise.
      lateJoinerGraceDays: 7,
      location: '',
      monthlyFeeTarget: '',
      translations: { mr: { tagline: '', address: '', officeHours: '' }, hi: { tagline: '', address: '', officeHours: '' } },
    });
    expect(toSettingsFormValues({ ...settings, translations: { mr: { address: 'शिवाजी चौक, लातूर' } } }).translations.mr).toEqual({ tagline: '', address: 'शिवाजी चौक, लातूर', officeHours: '' });
    expect(toSettingsFormValues({ ...settings, monthlyFeeTarget: 250000 }).monthlyFeeTarget).toBe('250000');
    expect(toSettingsFormValues({ ...settings, location: { latitude: 18.4088, longitude: 76.5604 } }).location).toBe('18.4088, 76.5604');
    expect(toSettingsFormValues({ ...settings, backupTime: '23:15' }).backupTime).toBe('23:15');
    expect(toSettingsFormValues({ ...settings, paymentsLockedBefore: '2026-04-01' }).paymentsLockedBefore).toBe('2026-04-01');
    expect(toSettingsFormValues({ ...settings, phones: ['+919876543210'] }).phones).toEqual(['+91 98765 43210', '', '']);
  });
});

describe('timeZoneOptions', () => {
  it('adds the default, UTC and the saved zone to the browser list, sorted and without repeats', () => {
    expect(timeZoneOptions('Asia/Calcutta', ['Europe/London', 'Asia/Calcutta', 'Asia/Dubai'])).toEqual([
      'Asia/Calcutta',
      'Asia/Dubai',
      'Asia/Kolkata',
      'Europe/London',
      'UTC',
    ]);
    expect(timeZoneOptions('', ['Asia/Dubai'])).toEqual(['Asia/Dubai', 'Asia/Kolkata', 'UTC']);
  });
});
