/**
 * Test set-up only: adds an academy row (and its settings row) to the ACADEMY_HOSTING=many e2e server's database (through its
 * DATA_DIR's PostgreSQL, as the CLI does while the server runs). `npx tsx e2e/platform/add-academy.ts <slug> <name>`.
 */
import { loadConfig } from '../../apps/api/src/config';
import { openDatabase } from '../../apps/api/src/db/open-database';
import { academies } from '../../apps/api/src/db/schema';
import { withAcademy, withoutAcademy } from '../../apps/api/src/lib/tenancy';
import { createAcademySettings } from '../../apps/api/src/modules/settings';

const [slug, name] = process.argv.slice(2);
if (!slug || !name) throw new Error('Usage: add-academy.ts <slug> <name>');
const database = await openDatabase(loadConfig(), 'cli', () => {});
try {
  const [made] = await withoutAcademy(() => database.db.insert(academies).values({ slug, name, city: 'Latur' }).onConflictDoNothing().returning({ id: academies.id }));
  // An academy always has its settings row (issue 79), made with it as the academies' commands do.
  if (made) await withAcademy(made.id, () => createAcademySettings(database.db));
} finally {
  await database.close();
}
