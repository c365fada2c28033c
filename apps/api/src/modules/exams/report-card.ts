import { academyInLanguage } from '@academy/shared/schemas/settings';
import { sql } from 'drizzle-orm';
import type { Language } from '@academy/shared/languages';
import type { StudentExam } from '@academy/shared/schemas/exams';
import type { DbExecutor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../access/actor';
import { assertMayReadReportCard } from '../../access/exams';
import type { JobPayloads, Jobs } from '../../events/catalog';
import { reportCardMail, reportCardParentMessages } from '../../lib/mail-templates';
import type { Mailer } from '../../lib/mailer';
import { createPdfDocument, drawAcademyHeader, pdfToBuffer } from '../../lib/pdf';
import { linkedParentsOf, notifyParents } from '../family-outbox';
import { academyHeaderLogo, academyMailBrand, academyToday, getAcademySettings } from '../../academy-settings';
import { remarksOfStudent } from './remarks.service';
import { localNamesFor } from '../standards';
import type { StandardRef, SubjectRef } from '@academy/shared/schemas/common';
import { examsOfStudent } from './exams.service';
import { formatDate } from '@academy/shared/calendar';
import { wordTable } from '@academy/shared/i18n/server-catalog';

export type ReportCardPeriod = JobPayloads['report-card-mail']['period'];

/** The report card's words in the reader's language (the server catalog's `reportCard` section; docs/glossary.md). */
const LABELS = wordTable('reportCard', {
  title: 'Report card',
  student: 'Student',
  standard: 'Standard',
  batches: 'Batches',
  period: 'Period',
  allTime: 'All tests so far',
  attendance: 'Attendance',
  noAttendance: 'No attendance marked in this period',
  test: 'Test',
  date: 'Date',
  marks: 'Marks',
  rank: 'Rank',
  average: 'Batch average',
  absent: 'Absent',
  noExams: 'No published tests in this period.',
  remark: "Teacher's remark",
  remarks: "Teachers' remarks",
  corrected: 'corrected',
  to: 'to',
  issued: 'Issued on',
  classTeacher: 'Class teacher',
  director: 'Director',
});

/** "01-06-2026 to 30-06-2026" in the reader's language; "all tests so far" without dates. */
export function periodText(period: ReportCardPeriod, language: Language): string {
  const words = LABELS[language];
  if (!period.from && !period.to) return words.allTime;
  const from = period.from ? formatDate(period.from) : '…';
  const to = period.to ? formatDate(period.to) : '…';
  return `${from} ${words.to} ${to}`;
}

type ReportCardData = {
  student: { name: string; email: string; language: Language; standard: StandardRef | null; batches: string[] };
  attendance: { percentage: number | null; total: number };
  tests: StudentExam[];
  remarks: { batch: string; subject: SubjectRef; writtenBy: string | null; remark: string }[];
};

/** Everything on the card, in four statements whatever the number of tests (settings come separately). */
async function reportCardData(db: DbExecutor, studentId: string, period: ReportCardPeriod): Promise<ReportCardData> {
  const [{ rows }, tests, remarks] = await Promise.all([
    db.execute<{ name: string; email: string; language: Language; standard: StandardRef | null; batches: string[] | null; percentage: number | null; total: number }>(sql`
      select u.name, u.email, u.language, case when st.id is null then null else json_build_object('_id', st.id, 'name', st.name, 'level', st.level) end as standard,
        (select array_agg(b.name order by b.name) from batch_students bs join batches b on b.id = bs.batch_id and b.academy_id = bs.academy_id where bs.student_id = s.id and bs.academy_id = s.academy_id) as batches,
        (select round(100.0 * count(*) filter (where a.status in ('present', 'late')) / nullif(count(*), 0), 1)::float8 from attendance_records a
          where a.student_id = s.id and a.academy_id = s.academy_id ${period.from ? sql`and a.date >= ${period.from}` : sql``} ${period.to ? sql`and a.date <= ${period.to}` : sql``}) as percentage,
        (select count(*)::int from attendance_records a
          where a.student_id = s.id and a.academy_id = s.academy_id ${period.from ? sql`and a.date >= ${period.from}` : sql``} ${period.to ? sql`and a.date <= ${period.to}` : sql``}) as total
      from students s join users u on u.id = s.user_id and u.academy_id = s.academy_id left join standards st on st.id = s.standard_id and st.academy_id = s.academy_id
      where s.id = ${studentId}`),
    examsOfStudent(db, studentId, period),
    remarksOfStudent(db, studentId),
  ]);
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', 'Student not found');
  return {
    student: { name: row.name, email: row.email, language: row.language, standard: row.standard, batches: row.batches ?? [] },
    attendance: { percentage: row.percentage, total: row.total },
    tests: tests.tests,
    remarks,
  };
}

const number = (value: number) => String(value);

/** GET /api/students/{id}/report-card.pdf: the card of a student this reader may read (access/exams; else 404). */
export async function reportCardFor(db: DbExecutor, actor: Actor, studentId: string, period: ReportCardPeriod, language: Language): ReturnType<typeof reportCardPdf> {
  assertMayReadReportCard(actor, studentId);
  return reportCardPdf(db, studentId, period, language);
}

/** One A4 page: academy, student, batches, attendance, issue date, every published test with marks, rank and batch average, the teachers' remarks, and signature lines for the class teacher and the director. */
export async function reportCardPdf(db: DbExecutor, studentId: string, period: ReportCardPeriod, language: Language): Promise<{ pdf: Buffer; studentName: string; email: string; studentLanguage: Language }> {
  const [settings, data, today, names, logo] = await Promise.all([getAcademySettings(db), reportCardData(db, studentId, period), academyToday(db), localNamesFor(db, language), academyHeaderLogo(db)]);
  const words = LABELS[language];
  const doc = await createPdfDocument(`${words.title} — ${data.student.name}`);
  drawAcademyHeader(doc, { ...academyInLanguage(settings, language), logo, colour: settings.brand.colour });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.font('bold').fontSize(15).text(words.title, { width, align: 'center' }).moveDown(0.5);
  const line = (label: string, value: string) => {
    doc.font('bold').fontSize(10).text(`${label}: `, { continued: true }).font('regular').text(value);
  };
  line(words.student, data.student.name);
  if (data.student.standard) line(words.standard, names.standard(data.student.standard));
  if (data.student.batches.length) line(words.batches, data.student.batches.join(', '));
  line(words.period, periodText(period, language));
  line(words.attendance, data.attendance.total === 0 || data.attendance.percentage === null ? words.noAttendance : `${data.attendance.percentage}%`);
  line(words.issued, formatDate(today));
  doc.moveDown(0.8);

  // The table of tests: fixed columns, one line per test (names are cut to fit the page).
  const columns = [
    { label: words.test, width: width * 0.36 },
    { label: words.date, width: width * 0.15 },
    { label: words.marks, width: width * 0.17 },
    { label: words.rank, width: width * 0.12 },
    { label: words.average, width: width * 0.2 },
  ];
  const drawRow = (cells: string[], bold: boolean) => {
    const y = doc.y;
    let x = left;
    doc.font(bold ? 'bold' : 'regular').fontSize(9);
    cells.forEach((cell, index) => {
      doc.text(cell, x + 2, y, { width: columns[index]!.width - 4, height: 14, ellipsis: true, lineBreak: false });
      x += columns[index]!.width;
    });
    doc.x = left;
    doc.y = y + 16;
    doc.moveTo(left, doc.y - 2).lineTo(left + width, doc.y - 2).strokeColor('#dee2e6').lineWidth(0.5).stroke();
  };
  if (data.tests.length === 0) {
    doc.font('regular').fontSize(10).text(words.noExams);
  } else {
    drawRow(
      columns.map((column) => column.label),
      true,
    );
    // At most 30 lines fit under the header: the newest tests when there are more.
    for (const entry of data.tests.slice(-30)) {
      const max = number(entry.test.maxMarks);
      drawRow(
        [
          `${names.subject(entry.test.batch.subject)}: ${entry.test.name}${entry.test.correctedAt ? ` (${words.corrected})` : ''}`,
          formatDate(entry.test.date),
          entry.absent ? words.absent : entry.marks === null ? '—' : `${number(entry.marks)} / ${max}`,
          entry.rank === null ? '—' : `${entry.rank} / ${entry.ranked}`,
          entry.average === null ? '—' : `${number(entry.average)} / ${max}`,
        ],
        false,
      );
    }
  }
  doc.moveDown(1.2);
  // The remarks the batches' teachers wrote (stored per student per batch): "Maths (10th A) — Mrs Kulkarni", then the text.
  doc.font('bold').fontSize(10).text(`${data.remarks.length > 1 ? words.remarks : words.remark}:`, left, doc.y, { width });
  if (data.remarks.length === 0) {
    doc.moveDown(0.3);
    doc.moveTo(left, doc.y + 20).lineTo(left + width, doc.y + 20).strokeColor('#ced4da').lineWidth(0.5).stroke();
  }
  for (const entry of data.remarks) {
    // Each remark is cut to a few lines, so remarks of several batches still fit on the one page.
    doc.font('bold').fontSize(9).text(`${names.subject(entry.subject)} (${entry.batch})${entry.writtenBy ? ` — ${entry.writtenBy}` : ''}`, left, doc.y, { width });
    doc.font('regular').fontSize(9).text(entry.remark, { width, height: 48, ellipsis: true });
    doc.moveDown(0.3);
  }
  // Two signature lines at the foot of the page (class teacher, director), below whatever came last.
  const bottom = doc.page.height - doc.page.margins.bottom;
  const signY = Math.min(Math.max(doc.y + 40, bottom - 40), bottom - 20);
  const signWidth = width * 0.35;
  for (const [index, label] of [words.classTeacher, words.director].entries()) {
    const x = index === 0 ? left : left + width - signWidth;
    doc.moveTo(x, signY).lineTo(x + signWidth, signY).strokeColor('#495057').lineWidth(0.7).stroke();
    doc.font('regular').fontSize(9).text(label, x, signY + 4, { width: signWidth, align: 'center', lineBreak: false });
  }
  return { pdf: await pdfToBuffer(doc), studentName: data.student.name, email: data.student.email, studentLanguage: data.student.language };
}

/** A file name without characters that trouble a download ("report-card-Asha-Patil.pdf"). */
export function reportCardFileName(studentName: string): string {
  const safe = studentName.normalize('NFKD').replace(/[^\w\s-]/g, '').trim().replace(/\s+/g, '-');
  return `report-card${safe ? `-${safe}` : ''}.pdf`;
}

/**
 * THE one place a report card is mailed (the batch's "mail all report cards" job, one run per
 * student): to each of the student's parents, on their email with the PDF attached, card and mail in
 * the parent's own language; and a short note through the parents' webhook (SMS/WhatsApp, when
 * Settings has one) via `notifyParents`. A student without linked parents: to the student's own
 * account email in their language instead (the fallback the issue asks for).
 */
export async function deliverReportCard(deps: { db: DbExecutor; mailer: Mailer; jobs?: Jobs }, studentId: string, period: ReportCardPeriod): Promise<void> {
  const { rows } = await deps.db.execute<{ language: Language; name: string }>(sql`select u.language, u.name from students s join users u on u.id = s.user_id and u.academy_id = s.academy_id where s.id = ${studentId}`);
  if (!rows[0]) return; // removed since the job was queued
  const [settings, parents] = await Promise.all([getAcademySettings(deps.db), linkedParentsOf(deps.db, studentId)]);
  const readers = parents.length > 0 ? parents.flatMap((parent) => (parent.email ? [{ email: parent.email, language: parent.language }] : [])) : null;
  const languages = [...new Set((readers ?? [{ language: rows[0].language }]).map((reader) => reader.language))];
  // One card per language the readers need (a Marathi mother and an English father: two PDFs).
  const brand = await academyMailBrand(deps.db);
  const cards = new Map(await Promise.all(languages.map(async (language) => [language, await reportCardPdf(deps.db, studentId, period, language)] as const)));
  const mailTo = async (email: string, language: Language) => {
    const card = cards.get(language)!;
    const content = reportCardMail({ academyName: settings.name, studentName: card.studentName, period: periodText(period, language), language, brand });
    await deps.mailer.send({ ...content, to: email, attachments: [{ filename: reportCardFileName(card.studentName), content: card.pdf, contentType: 'application/pdf' }] });
  };
  if (!readers) {
    // A student without an email and without a parent (issue 21) has nowhere to receive it.
    const own = cards.get(rows[0].language)!.email;
    if (own) await mailTo(own, rows[0].language);
    return;
  }
  for (const reader of readers) await mailTo(reader.email, reader.language);
  // Parents with only a phone get no mail: their WhatsApp/SMS note below still goes.
  const studentName = rows[0].name;
  const date = period.to ?? (await academyToday(deps.db));
  await notifyParents(deps.db, deps.jobs, {
    studentId,
    kind: 'report-card',
    key: `report-card:${studentId}:${period.from ?? ''}:${period.to ?? ''}:${date}`,
    date,
    // The mail above carries the PDF; WhatsApp/SMS and the webhook carry a short note.
    channels: ['webhook', 'push', 'whatsapp', 'sms'],
    values: { child: studentName, period: { en: periodText(period, 'en'), mr: periodText(period, 'mr'), hi: periodText(period, 'hi') } },
    messages: reportCardParentMessages({ academyName: settings.name, studentName, period: { en: periodText(period, 'en'), mr: periodText(period, 'mr'), hi: periodText(period, 'hi') } }),
    payload: { child: { _id: studentId, name: studentName }, period: { from: period.from ?? null, to: period.to ?? null } },
  });
}
