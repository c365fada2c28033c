import { describe, expect, it } from 'vitest';
import { withBrandHead } from './brand-head';

const HEAD = '<html lang="en"><head><meta name="theme-color" content="#4263eb" />\n<link rel="icon" type="image/svg+xml" href="/favicon.svg" /></head>';

describe('withBrandHead', () => {
  it('writes the academy colour and, with a logo, its favicon and apple-touch-icon', () => {
    const html = withBrandHead(HEAD, { colour: '#0b7285', shortName: 'Alpha', logoUrl: '/api/public/brand/logo.png?v=0123456789abcdef' });
    expect(html).toContain('<meta name="theme-color" content="#0b7285" />');
    expect(html).toContain('<link rel="icon" type="image/png" href="/api/public/brand/favicon.png?v=0123456789abcdef" />');
    expect(html).toContain('<link rel="apple-touch-icon" href="/api/public/brand/apple-touch-icon.png?v=0123456789abcdef" />');
    expect(html).not.toContain('favicon.svg');
    // The first paint is the academy's accent, not the product's indigo.
    expect(html).toContain('<html data-academy-brand style="--academy-accent:#0b7285" lang="en">');
  });

  it('leaves <html> as it is for the product colour', () => {
    expect(withBrandHead(HEAD, { colour: '#4263eb', shortName: 'Main', logoUrl: null })).toContain('<html lang="en">');
  });

  it('keeps the product icons without a logo', () => {
    const html = withBrandHead(HEAD, { colour: '#5f3dc4', shortName: 'Main', logoUrl: null });
    expect(html).toContain('content="#5f3dc4"');
    expect(html).toContain('href="/favicon.svg"');
  });
});
