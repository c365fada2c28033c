import { sql } from 'drizzle-orm';
import { localNamesIn, type LocalNames, type LocalNamesIn, type NamesInLanguages } from '@academy/shared/academy-words';
import type { Language } from '@academy/shared/languages';
import type { DbExecutor } from '../../db/client';
import { standards, subjects } from '../../db/schema';
import { cachedRead } from '../../lib/read-cache';

/**
 * The names in Marathi and Hindi the office gave standards and subjects (issue 42), by id: only those
 * that have any. Every screen gets them with the public settings; PDFs and messages name standards
 * and subjects by them. Kept until either table changes (lib/read-cache.ts).
 */
export async function readLocalNames(db: DbExecutor): Promise<LocalNames> {
  return cachedRead(db, 'local-names', ['standards', 'subjects'], async () => {
    const rows = await db.execute<{ kind: 'standard' | 'subject'; id: string; names: NamesInLanguages }>(sql`
      select 'standard' as kind, ${standards.id} as id, ${standards.names} as names from ${standards} where ${standards.names} <> '{}'::jsonb
      union all
      select 'subject', ${subjects.id}, ${subjects.names} from ${subjects} where ${subjects.names} <> '{}'::jsonb`);
    const localNames: LocalNames = { standards: {}, subjects: {} };
    for (const row of rows.rows) localNames[row.kind === 'standard' ? 'standards' : 'subjects'][row.id] = row.names;
    return localNames;
  });
}

/** Names standards and subjects for a reader of `language` (a PDF, a mail, a message). */
export async function localNamesFor(db: DbExecutor, language: Language): Promise<LocalNamesIn> {
  return localNamesIn(language === 'en' ? undefined : await readLocalNames(db), language);
}
