import { describe, expect, it } from 'vitest';
import { sourceTreeOf } from '../source-tree';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as liveSchema from '../../../apps/api/src/db/schema';
import { readSourceTree } from '../source-tree';
import { checkTableOwnership, tablesOf } from './table-ownership';

const schema = {
  'apps/api/src/db/schema/students.ts': "export const students = pgTable(\n  'students',\n  { id: uuid() },\n);",
  'apps/api/src/db/schema/fees.ts': "export const feeDues = pgTable('fee_dues', { id: uuid() });",
  'apps/api/src/db/schema/db.ts': "export const jobs = pgTable('jobs', { key: text() });",
  'apps/api/src/db/schema/academies.ts': "export const academies = pgTable('academies', { id: uuid() });",
  'apps/api/src/db/schema/parents.ts': "export const parentStudents = linkTable(\n  'parent_students',\n  'student',\n  {},\n);",
  'apps/api/src/modules/academies/index.ts': 'export const x = 1;',
  'apps/api/src/modules/parents/index.ts': 'export const x = 1;',
  'apps/api/src/db/schema.ts': "export * from './schema/students';\nexport * from './schema/fees';\nexport * from './schema/db';",
  'apps/api/src/db/client.ts': 'export const db = 1;',
  'apps/api/src/modules/students/students.service.ts': "import { students } from '../../db/schema';\nexport const add = (tx) => tx.insert(students).values({});",
  'apps/api/src/modules/fees/dues.service.ts': "import { feeDues } from '../../db/schema';\nexport const read = (tx) => tx.select().from(feeDues);",
};

const tree = (files: Record<string, string>) => sourceTreeOf('apps/api/src', { ...schema, ...files });
const messages = (files: Record<string, string>, known: string[] = []) => checkTableOwnership(tree(files), known).map((violation) => `${violation.file}: ${violation.message}`);

describe('table-ownership', () => {
  it('lets the owner write its tables and anyone read them', () => {
    expect(messages({ 'apps/api/src/modules/imports/imports.service.ts': "import { students } from '../../db/schema';\nexport const read = (tx) => tx.select().from(students);" })).toEqual([]);
  });

  it("reports a Drizzle write into another module's table, under any name it was imported as", () => {
    const service = "import { students as pupils } from '../../db/schema';\nimport * as schema from '../../db/schema';\nexport const undo = async (tx) => {\n  await tx.delete(pupils);\n  await tx.update(schema.feeDues).set({});\n};";
    expect(messages({ 'apps/api/src/modules/imports/student-import.service.ts': service })).toEqual([
      'apps/api/src/modules/imports/student-import.service.ts:4: modules/imports writes students, owned by students: call students\'s command (its index.ts) or emit an event it handles',
      'apps/api/src/modules/imports/student-import.service.ts:5: modules/imports writes fee_dues, owned by fees: call fees\'s command (its index.ts) or emit an event it handles',
    ]);
  });

  it("reports raw SQL that writes another room's table, named or interpolated, and not a comment or a read", () => {
    const service = [
      "import { sql } from 'drizzle-orm';",
      "import { feeDues } from '../../db/schema';",
      '// we never update students here',
      'export const a = sql`select * from students for update of students`;',
      'export const b = sql`UPDATE students SET status = 1`;',
      'export const c = sql`delete from ${feeDues} where true`;',
      "export const d = 'insert into jobs (key) values (1)';",
    ].join('\n');
    expect(messages({ 'apps/api/src/modules/attendance/attendance.service.ts': service }).map((message) => message.split(': ')[1])).toEqual([
      'modules/attendance writes students, owned by students',
      'modules/attendance writes fee_dues, owned by fees',
      'modules/attendance writes jobs, owned by db',
    ].map((text) => expect.stringContaining(text) as unknown as string));
  });

  it('leaves out the known writes, and asks to remove one that is gone', () => {
    const service = "import { students } from '../../db/schema';\nexport const undo = (tx) => tx.delete(students);";
    expect(messages({ 'apps/api/src/modules/imports/student-import.service.ts': service }, ['modules/imports/student-import.service.ts → students'])).toEqual([]);
    expect(messages({}, ['modules/imports/student-import.service.ts → students'])).toEqual([
      'scripts/architecture/rules/table-ownership.ts: KNOWN_FOREIGN_WRITES lists "modules/imports/student-import.service.ts → students", which is no longer written: remove it',
    ]);
  });

  it('exempts a backup restore, which writes every table by design', () => {
    expect(messages({ 'apps/api/src/modules/backups/academy-restore.ts': "export const q = 'insert into students select * from x';" })).toEqual([]);
  });

  it('reports a schema file whose name is no owner', () => {
    expect(messages({ 'apps/api/src/db/schema/catalogue.ts': "export const batches = pgTable('batches', {});" })).toEqual([
      'apps/api/src/db/schema/catalogue.ts: declares tables but "catalogue" is no module of modules/ and no room of apps/api/src: name the file after the tables\' owner',
    ]);
  });

  it('knows every table of the schema, link tables included', () => {
    const { tables, violations } = tablesOf(readSourceTree('apps/api/src'));
    const live = Object.values(liveSchema).filter((value) => is(value, PgTable)).map((table) => getTableName(table as PgTable));
    expect(violations).toEqual([]);
    expect([...tables.bySqlName.keys()].sort()).toEqual([...new Set(live)].sort());
  });

  it('reports a write into a link table and schema-qualified SQL', () => {
    const service = [
      "import { parentStudents } from '../../db/schema';",
      'export const a = (tx) => tx.insert(parentStudents).values({});',
      'export const b = \'update "public"."academies" set name = $1\';',
      "export const c = 'update public.academies set name = 1';",
    ].join('\n');
    expect(messages({ 'apps/api/src/modules/backups/restore.service.ts': service }).map((message) => message.split(': ')[1]!.split(',')[0])).toEqual([
      'modules/backups writes parent_students',
      'modules/backups writes academies',
      'modules/backups writes academies',
    ]);
  });

  it('reports writes from every room outside modules/: lib, db and a file at the top', () => {
    const planted = {
      'apps/api/src/lib/academy-settings.ts': "import { students } from '../db/schema';\nexport const a = (tx) => tx.update(students).set({});",
      'apps/api/src/db/student-code.ts': "import { feeDues } from './schema';\nexport const a = (tx) => tx.insert(feeDues).values({});",
      'apps/api/src/demo-seed.ts': "import * as schema from './db/schema';\nexport const a = (tx) => tx.insert(schema.students).values({});",
      'apps/api/src/db/job-queue.ts': "export const a = 'insert into jobs (key) values (1)';",
    };
    expect(messages(planted).map((message) => message.split(', owned')[0])).toEqual([
      'apps/api/src/lib/academy-settings.ts:2: lib writes students',
      'apps/api/src/db/student-code.ts:2: db writes fee_dues',
      'apps/api/src/demo-seed.ts:2: demo-seed writes students',
    ]);
  });
});
