import { INTL_LOCALES } from '@academy/shared/languages';
import { currentLanguage } from './current-language';

/**
 * An `Intl` formatter (dates, numbers) for the language shown, kept one per locale and options: creating
 * them is the slow part. Digits stay Latin in all three languages (docs/decisions/015-languages.md).
 */
export function formattersInLanguage<Options extends { numberingSystem?: string }, Format>(create: (locale: string, options: Options) => Format): (options: Options) => Format {
  const formats = new Map<string, Format>();
  return (options) => {
    const locale = INTL_LOCALES[currentLanguage()];
    const key = `${locale}|${JSON.stringify(options)}`;
    let format = formats.get(key);
    if (!format) {
      format = create(locale, { numberingSystem: 'latn', ...options });
      formats.set(key, format);
    }
    return format;
  };
}
