import { asc } from 'drizzle-orm';
import type { Language } from '@academy/shared/languages';
import { word } from '@academy/shared/i18n/server-catalog';
import { REGISTER_COLUMNS, REGISTER_HEADERS, type RegisterColumn } from '@academy/shared/schemas/imports';
import type { DbExecutor } from '../../db/client';
import { writeSheetTemplate } from '../../lib/sheet-import';
import { batches, feePlans, standards } from '../../db/schema';
import { LIST_WORDS, LIST_WORDS_BY_LANGUAGE } from './register-sheet';
import { joinOn } from '../../db/same-academy';

/*
 * GET /api/imports/students/template.xlsx (issue 39): the register the office fills in. Sheet one has the
 * headers in the chosen language, frozen, with drop-downs (data validation) for standard, batch, fee plan,
 * gender, board, medium and relation; sheet two lists the academy's standards, batches and fee plans and
 * the drop-downs' words, which the drop-downs read.
 */

const MAX_ROWS = 5_000;

export async function registerTemplate(db: DbExecutor, language: Language): Promise<Buffer> {
  const [standardRows, batchRows, planRows] = await Promise.all([
    db.select({ name: standards.name }).from(standards).orderBy(asc(standards.level)),
    db.select({ name: batches.name }).from(batches).orderBy(asc(batches.name)),
    db.selectDistinct({ name: feePlans.name }).from(feePlans).innerJoin(batches, joinOn(batches.id, feePlans.batchId)).orderBy(asc(feePlans.name)),
  ]);
  const listWords = <K extends keyof typeof LIST_WORDS>(list: K) =>
    Object.keys(LIST_WORDS[list]).map((key) => (LIST_WORDS_BY_LANGUAGE[list][language] as Record<string, string>)[key]!);
  const lists: { title: Parameters<typeof word<'register'>>[1]; values: string[]; for: RegisterColumn }[] = [
    { title: 'Standards', values: standardRows.map((row) => row.name), for: 'standard' },
    { title: 'Batches', values: batchRows.map((row) => row.name), for: 'batch' },
    { title: 'Fee plans', values: planRows.map((row) => row.name), for: 'feePlan' },
    { title: 'Genders', values: listWords('gender'), for: 'gender' },
    { title: 'Boards', values: listWords('board'), for: 'board' },
    { title: 'Mediums', values: listWords('medium'), for: 'medium' },
    { title: 'Relations', values: listWords('parentRelation'), for: 'parentRelation' },
  ];
  // A typed value that is not in a list is only warned about: a register may name a batch in its own words, which the import then checks.
  return writeSheetTemplate({
    sheetName: word('register', 'Students', language),
    listsName: word('register', 'Lists', language),
    columns: REGISTER_COLUMNS.map((column) => ({
      header: word('register', REGISTER_HEADERS[column], language),
      key: column,
      width: column === 'name' || column === 'address' || column === 'school' || column === 'parentName' || column === 'batch' ? 26 : 18,
      // Phones, IDs and dates stay text: Excel would drop a phone's +91 or turn 25-06-2012 into its own date.
      style: { numFmt: column === 'alreadyPaid' ? '#,##0' : '@' },
    })),
    instructions: word(
      'register',
      'One row per student. Only the name is required. Pick standards, batches and fee plans from the lists. A second batch: a second row with the same student.',
      language,
    ),
    lists: lists.map((list) => ({ ...list, title: word('register', list.title, language) })),
    maxRows: MAX_ROWS,
  });
}
