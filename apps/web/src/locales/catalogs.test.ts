import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getConfig } from '@lingui/conf';
import { getCatalogs } from '@lingui/cli/api';

/*
 * Translation coverage (issue 20), part of `npm test`: every message of the code, extracted now
 * exactly as `lingui extract` does, must be in the catalogs with a Marathi and a Hindi translation.
 * Texts not wrapped for translation at all are caught by ESLint (lingui/no-unlocalized-strings,
 * eslint.config.js). After adding or changing a text: `npm run extract -w @academy/web`, translate
 * the new entries of src/locales/{mr,hi}/*.po, run this test.
 */
const config = getConfig({ cwd: path.resolve(import.meta.dirname, '../..'), skipValidation: true });

describe('message catalogs', async () => {
  const catalogs = await getCatalogs(config);

  for (const catalog of catalogs) {
    const name = path.basename(catalog.path);
    it(`${name}: every message in the code has its Marathi and Hindi translation`, async () => {
      const extracted = (await catalog.collect()) ?? {};
      const problems: string[] = [];
      for (const language of ['en', 'mr', 'hi']) {
        const messages = await catalog.read(language);
        for (const [id, source] of Object.entries(extracted)) {
          const entry = messages?.[id];
          const where = source.origin?.[0]?.[0] ?? '?';
          if (!entry) problems.push(`${language}: not in the catalog (run npm run extract): "${source.message ?? id}" (${where})`);
          else if (language !== 'en' && !entry.translation?.trim()) problems.push(`${language}: not translated: "${source.message ?? id}" (${where})`);
        }
      }
      expect(problems).toEqual([]);
    }, 60_000);
  }
});
