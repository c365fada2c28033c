import { describe, expect, it } from 'vitest';
import { languageOfPath, localizedPath, stripLanguage } from './language-path';

describe('language addresses', () => {
  it('reads the prefix of public addresses only', () => {
    expect(languageOfPath('/mr')).toBe('mr');
    expect(languageOfPath('/hi/admission')).toBe('hi');
    expect(languageOfPath('/en/courses')).toBeNull();
    expect(languageOfPath('/courses')).toBeNull();
    expect(languageOfPath('/mrx')).toBeNull();
  });

  it('adds and removes the prefix', () => {
    expect(localizedPath('/', 'mr')).toBe('/mr');
    expect(localizedPath('/courses', 'hi')).toBe('/hi/courses');
    expect(localizedPath('/mr/courses', 'en')).toBe('/courses');
    expect(localizedPath('/mr/courses', 'hi')).toBe('/hi/courses');
    expect(localizedPath('/app/student/dashboard', 'mr')).toBe('/app/student/dashboard');
    expect(localizedPath('/?x=1', 'mr')).toBe('/mr?x=1');
    expect(stripLanguage('/hi')).toBe('/');
  });
});
