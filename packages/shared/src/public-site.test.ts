import { describe, expect, it } from 'vitest';
import { courseIdPart, coursePath, courseSlug, pageAddress, pageOfShareName, PUBLIC_PAGES, sharePageName, SITEMAP_PAGES, withoutLanguage } from './public-site';

const ID = '3f9c2a1b-4e5d-4f00-9abc-1234567890ab';

describe('course addresses', () => {
  it('are the name made readable and the first ten hex digits of the id', () => {
    expect(courseSlug('11th Physics A', ID)).toBe('11th-physics-a-3f9c2a1b4e');
    expect(courseSlug('  JEE (Main) + Advanced: 2026/27  ', ID)).toBe('jee-main-advanced-2026-27-3f9c2a1b4e');
    expect(courseSlug('!!!', ID)).toBe('3f9c2a1b4e');
    // Letters of any script stay (a Marathi name; written here as escapes).
    expect(courseSlug('\u092d\u094c\u0924\u093f\u0915 11', ID)).toBe('\u092d\u094c\u0924\u093f\u0915-11-3f9c2a1b4e');
  });

  it('keep at most sixty letters of words, never ending in a hyphen', () => {
    const slug = courseSlug(`${'a'.repeat(59)} b c`, ID);
    expect(slug).toBe(`${'a'.repeat(59)}-3f9c2a1b4e`);
  });

  it('are found again by their id part, whatever their words', () => {
    expect(courseIdPart('11th-physics-a-3f9c2a1b4e')).toBe('3f9c2a1b4e');
    expect(courseIdPart('old-name-3f9c2a1b4e')).toBe('3f9c2a1b4e');
    expect(courseIdPart('3f9c2a1b4e')).toBe('3f9c2a1b4e');
    expect(courseIdPart(courseSlug('\u0915\u094d\u0937', ID))).toBe('3f9c2a1b4e');
    expect(courseIdPart('physics')).toBeNull();
    expect(courseIdPart('physics-3F9C2A1B4E')).toBeNull();
    expect(courseIdPart('physics-3f9c2a1b4')).toBeNull();
    expect(courseIdPart('physicsx3f9c2a1b4e')).toBeNull();
    expect(coursePath('a-3f9c2a1b4e')).toBe('/courses/a-3f9c2a1b4e');
  });
});

describe('public pages', () => {
  it('each have a share image name that leads back to them', () => {
    expect(sharePageName('/')).toBe('home');
    expect(sharePageName('/terms-of-service')).toBe('terms-of-service');
    for (const page of PUBLIC_PAGES) expect(pageOfShareName(sharePageName(page))).toBe(page);
    expect(pageOfShareName('nope')).toBeUndefined();
  });

  it('are listed in the sitemap, but signing in is not', () => {
    expect(SITEMAP_PAGES).toContain('/courses');
    expect(SITEMAP_PAGES).not.toContain('/login');
    expect(SITEMAP_PAGES).not.toContain('/forgot-password');
  });

  it('live at an address per language', () => {
    expect(pageAddress('/', 'en')).toBe('/');
    expect(pageAddress('/', 'mr')).toBe('/mr');
    expect(pageAddress('/courses', 'hi')).toBe('/hi/courses');
    expect(withoutLanguage('/mr')).toBe('/');
    expect(withoutLanguage('/hi/courses/x-3f9c2a1b4e')).toBe('/courses/x-3f9c2a1b4e');
    expect(withoutLanguage('/mrx')).toBe('/mrx');
  });
});
