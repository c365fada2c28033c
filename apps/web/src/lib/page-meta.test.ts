import { describe, expect, it } from 'vitest';
import { pageTitle, SITE_NAME } from './page-meta';

describe('pageTitle', () => {
  it('puts the page before the site name', () => {
    expect(pageTitle('Courses')).toBe('Courses | Academy');
    expect(pageTitle('  Contact Us ')).toBe('Contact Us | Academy');
  });

  it('shows the site name alone for the site itself or an empty title', () => {
    expect(pageTitle(SITE_NAME)).toBe('Academy');
    expect(pageTitle('')).toBe('Academy');
  });
});
