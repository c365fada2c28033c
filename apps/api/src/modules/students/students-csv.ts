/** The students list as CSV, filtered as on the screen, its headers in the office's language. */
import { sql } from 'drizzle-orm';
import { type Language } from '@academy/shared/languages';
import { word, type CsvHeader } from '@academy/shared/i18n/server-catalog';
import { type DbExecutor, qualified } from '../../db/client';
import { batches, batchStudents, students } from '../../db/schema';
import { toCsv } from '../../lib/csv';
import { academyToday } from '../../academy-settings';
import { type FilterQuery, selectStudents, filters, ordering } from './student-reads';

// Every stored phone is an Indian mobile ("+9198…"); spreadsheets would read a leading "+" as a
// formula, so the export writes the ten digits under a header that names the country code.
const nationalNumber = (phone: string | null) => phone?.replace(/^\+91/, '') ?? null;

const CSV_HEADER: readonly CsvHeader[] = [
  'Name',
  'Email',
  'Phone (+91)',
  'Gender',
  'Date of birth',
  'Standard',
  'School',
  'Batches',
  'Parent name',
  'Parent phone (+91)',
  'Parent email',
  'Address',
  'Admission date',
  'Status',
];

/** Every student matching the list's filters, in the list's order, as a CSV document. */
export async function exportStudentsCsv(db: DbExecutor, query: FilterQuery, language: Language = 'en'): Promise<{ csv: string; fileName: string }> {
  const rows = await selectStudents(db, {
    batchNames: sql<string>`coalesce((
      select string_agg(${batches.name}, '; ' order by ${batches.name})
      from ${batchStudents} join ${batches} on ${batches.id} = ${batchStudents.batchId} and ${batches.academyId} = ${qualified(batchStudents.academyId)}
      where ${batchStudents.studentId} = ${students.id} and ${batchStudents.academyId} = ${qualified(students.academyId)}
    ), '')`,
  })
    .where(filters(query))
    .orderBy(...ordering(query));
  // A gender or address nobody gave (decision 040) says so in the reader's language.
  const notGiven = word('csv', 'Not given', language);
  const csv = toCsv(
    CSV_HEADER,
    rows.map((row) => [
      row.name,
      // A student without an email (issue 21) has an empty cell.
      row.email,
      nationalNumber(row.phone),
      row.gender ?? notGiven,
      row.dateOfBirth,
      row.standardName,
      row.school,
      row.batchNames,
      row.parentName,
      nationalNumber(row.parentPhone),
      row.parentEmail,
      row.address ?? notGiven,
      row.admissionDate,
      row.status,
    ]),
    language,
  );
  return { csv, fileName: `students-${await academyToday(db)}.csv` };
}
