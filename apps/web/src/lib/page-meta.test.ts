import { describe, expect, it } from 'vitest';
import { languageLinks, pageTitle, SITE_NAME } from './page-meta';

describe('pageTitle', () => {
  it('puts the page before the site name', () => {
    expect(pageTitle('Courses')).toBe('Courses | Academy');
    expect(pageTitle('  Contact Us ')).toBe('Contact Us | Academy');
    expect(pageTitle('Courses', 'Shree Academy, Latur')).toBe('Courses | Shree Academy, Latur');
  });

  it('shows the site name alone for the site itself or an empty title', () => {
    expect(pageTitle(SITE_NAME)).toBe('Academy');
    expect(pageTitle('')).toBe('Academy');
    expect(pageTitle('Shree Academy, Latur', 'Shree Academy, Latur')).toBe('Shree Academy, Latur');
    expect(pageTitle('', 'Shree Academy, Latur')).toBe('Shree Academy, Latur');
  });
});

describe('languageLinks', () => {
  it('names the page in every language, English as the default', () => {
    expect(languageLinks('https://a.in', '/mr/courses')).toEqual([
      { rel: 'canonical', href: 'https://a.in/mr/courses' },
      { rel: 'alternate', hreflang: 'en', href: 'https://a.in/courses' },
      { rel: 'alternate', hreflang: 'mr', href: 'https://a.in/mr/courses' },
      { rel: 'alternate', hreflang: 'hi', href: 'https://a.in/hi/courses' },
      { rel: 'alternate', hreflang: 'x-default', href: 'https://a.in/courses' },
    ]);
    expect(languageLinks('https://a.in', '/app/student/dashboard')).toEqual([]);
  });
});
