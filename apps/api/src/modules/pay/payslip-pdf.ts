import { academyInLanguage } from '@academy/shared/academy-words';
import { formatDate } from '@academy/shared/calendar';
import { wordTable } from '@academy/shared/i18n/server-catalog';
import type { Language } from '@academy/shared/languages';
import { amountInWords } from '@academy/shared/money';
import type { Lecture, PayrollLine, PayrollMonth } from '@academy/shared/schemas/pay';
import { createAcademyPdf, rupeesText } from '../../lib/pdf';
import type { getAcademySettings } from '../../academy-settings';
import { PAY_FIGURE_TEXTS, PAY_SCHEMES } from './pay-words';

const LABELS = wordTable('payslip', {
  title: 'Payslip',
  month: 'Month',
  ...PAY_FIGURE_TEXTS,
  unpaidLeave: 'Unpaid leave (days)',
  inWords: 'In words',
  paid: 'Paid on',
  reference: 'Reference',
  lectureList: 'Lectures',
  extra: 'Extra',
  deduction: 'Deduction',
  correction: 'Correction',
  substitute: 'Substitute',
  late: 'Marked after its month was approved',
  footer: 'This is a computer-generated payslip.',
  tan: 'TAN of the academy',
  notGiven: 'Not given',
  paidDays: 'Paid days',
  ytdGross: 'Year to date: gross pay',
  ytdTds: 'Year to date: TDS',
});

/** 'YYYY-MM' in words in the reader's language ("November 2026"), digits as on the rest of the slip. */
export function monthInWords(month: string, language: Language): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(`${language}-IN-u-nu-latn`, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, monthNumber - 1, 1)));
}

const paise = (rupees: number) => Math.round(rupees * 100);

/** The payslip of one teacher's approved month, in their language (en, mr or hi): figures, then the lectures behind them. */
export async function renderPayslipPdf(input: { settings: Awaited<ReturnType<typeof getAcademySettings>>; logo?: Buffer | undefined; tan: string | null; month: string; line: PayrollLine; lectures: Lecture[]; paid: PayrollMonth['paid']; language: Language }): Promise<Buffer> {
  const { line, language } = input;
  const label = LABELS[language];
  const pdf = await createAcademyPdf({
    header: { name: input.settings.name, address: academyInLanguage(input.settings, language).address, phones: input.settings.phones, email: input.settings.email, logo: input.logo, colour: input.settings.brand.colour },
    title: label.title,
    language,
    info: { Title: `${label.title} ${input.month} ${line.name}`, Subject: input.month },
  });
  pdf.doc.moveDown(0.5);
  pdf.row(label.month, monthInWords(input.month, language), { bold: true });
  pdf.row(label.tan, input.tan ?? label.notGiven);
  pdf.row(label.teacher, line.name, { bold: true });
  // A month approved before issue 72 has no PAN, paid days or year-to-date figures in its snapshot.
  if (line.pan !== undefined) pdf.row(label.pan, line.pan ?? label.notGiven);
  if (line.scheme) pdf.row(label.scheme, PAY_SCHEMES[language][line.scheme]);
  if (line.paidDays !== undefined) pdf.row(label.paidDays, String(line.paidDays));
  pdf.row(label.lectures, String(line.lectures));
  pdf.row(label.hours, String(line.hours));
  pdf.rule();
  pdf.row(label.gross, rupeesText(paise(line.gross)));
  for (const item of line.adjustments) pdf.row(`${item.kind === 'extra' ? label.extra : label.deduction}: ${item.note}`, rupeesText(paise(item.amount)));
  if (line.unpaidLeaveDays > 0) pdf.row(label.unpaidLeave, String(line.unpaidLeaveDays));
  pdf.row(label.deductions, rupeesText(paise(line.deductions)));
  if (line.professionalTax) pdf.row(label.professionalTax, rupeesText(paise(line.professionalTax)));
  if (line.pf) pdf.row(label.pf, rupeesText(paise(line.pf)));
  if (line.esi) pdf.row(label.esi, rupeesText(paise(line.esi)));
  pdf.row(line.tdsSection ? `${label.tds} (${line.tdsSection})` : label.tds, rupeesText(paise(line.tds)));
  pdf.rule();
  pdf.row(label.net, rupeesText(paise(line.net)), { bold: true, size: 13 });
  pdf.row(label.inWords, amountInWords(paise(line.net), language));
  if (line.yearToDate) {
    pdf.row(label.ytdGross, rupeesText(paise(line.yearToDate.gross)));
    pdf.row(label.ytdTds, rupeesText(paise(line.yearToDate.tds)));
  }
  if (input.paid) {
    pdf.row(label.paid, formatDate(input.paid.on));
    if (input.paid.reference) pdf.row(label.reference, input.paid.reference);
  }
  if (input.lectures.length > 0) {
    pdf.rule();
    pdf.text(label.lectureList, { bold: true });
    pdf.doc.moveDown(0.3);
    for (const lecture of input.lectures) {
      const note = lecture.source === 'substitute' ? ` · ${label.substitute}` : lecture.source === 'late' ? ` · ${label.late}` : lecture.source === 'correction' ? ` · ${label.correction}: ${lecture.reason ?? ''}` : '';
      pdf.row(`${formatDate(lecture.date)} · ${lecture.batchName}${note}`, `${lecture.count < 0 ? '−' : ''}${lecture.minutes} min · ${rupeesText(paise(lecture.amount))}`, { size: 9 });
    }
  }
  // The footer stays on the last page of figures: a smaller gap when the page is nearly full, never a page of its own for it.
  const room = pdf.doc.page.height - pdf.doc.page.margins.bottom - pdf.doc.y;
  pdf.doc.moveDown(room > 60 ? 1.5 : 0.3);
  pdf.text(label.footer, { size: 9, color: '#868e96', align: 'center' });
  return pdf.end();
}
