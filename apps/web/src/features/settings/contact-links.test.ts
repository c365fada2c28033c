import { describe, expect, it } from 'vitest';
import { mailtoHref, mapsSearchUrl, oneLineAddress, socialLinksOf } from './contact-links';
import { telHref } from '../../lib/phone';

describe('contact links', () => {
  it('dials the digits of a phone number, keeping the country code', () => {
    expect(telHref('+91 9876543210')).toBe('tel:+919876543210');
    expect(telHref('+91-98220 12345')).toBe('tel:+919822012345');
    expect(telHref('9822012345')).toBe('tel:9822012345');
  });

  it('mails the address', () => {
    expect(mailtoHref(' office@academy.example.in ')).toBe('mailto:office@academy.example.in');
  });

  it('puts a multi-line address on one line', () => {
    expect(oneLineAddress('Shivaji Chowk,\n  Latur, Maharashtra 413512\n')).toBe('Shivaji Chowk, Latur, Maharashtra 413512');
    expect(oneLineAddress('Ausa Road\nLatur')).toBe('Ausa Road, Latur');
    expect(oneLineAddress('Shivaji Chowk, Latur')).toBe('Shivaji Chowk, Latur');
  });

  it('searches Google Maps for the address on one line', () => {
    expect(mapsSearchUrl('Shivaji Chowk,\nLatur, Maharashtra 413512')).toBe(
      'https://www.google.com/maps/search/?api=1&query=Shivaji%20Chowk%2C%20Latur%2C%20Maharashtra%20413512',
    );
  });

  it('lists only the social links that are set, in a fixed order', () => {
    expect(socialLinksOf({ facebook: null, instagram: null, youtube: null, whatsapp: null })).toEqual([]);
    expect(socialLinksOf({ whatsapp: 'https://wa.me/919822012345', facebook: 'https://facebook.com/academy', instagram: ' ', youtube: null })).toEqual([
      { network: 'facebook', label: 'Facebook', url: 'https://facebook.com/academy' },
      { network: 'whatsapp', label: 'WhatsApp', url: 'https://wa.me/919822012345' },
    ]);
  });
});
