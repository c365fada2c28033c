import { formatIndianPhone } from '@academy/shared/phone-format';
import { word, type CatalogText } from '@academy/shared/i18n/server-catalog';
import type { Language } from '@academy/shared/languages';
import type { MailContent } from './mailer';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Every value placed in a mail's HTML goes through this: names and settings are typed by people. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

/**
 * The academy's brand in its mails (issue 78, decision 085): its colour on the heading and the button
 * (dark enough for white text: the server refuses lighter ones), and its logo by absolute address (a mail
 * is read far from the academy's site), or none when the academy has no logo or no known address.
 */
export type MailBrand = { colour: string; logoUrl: string | null };

/** The product's blue, for a mail sent before an academy has a brand (the platform's own mails). */
const PLAIN_BRAND: MailBrand = { colour: '#1c7ed6', logoUrl: null };

type MailLayout = {
  language: Language;
  academyName: string;
  brand?: MailBrand | undefined;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Small print under the action. */
  footnote?: string;
};

/** One plain layout for every mail: a heading with the academy's name, text, an optional button. */
function renderMail(mail: MailLayout): MailContent {
  const text = [
    mail.greeting,
    '',
    ...mail.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(mail.action ? [`${mail.action.label}:`, mail.action.url, ''] : []),
    ...(mail.footnote ? [mail.footnote, ''] : []),
    `— ${mail.academyName}`,
  ].join('\n');

  const brand = mail.brand ?? PLAIN_BRAND;
  const colour = /^#[0-9a-f]{6}$/i.test(brand.colour) ? brand.colour : PLAIN_BRAND.colour;
  const paragraph = (content: string) => `<p style="margin:0 0 16px">${escapeHtml(content)}</p>`;
  const action = mail.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(mail.action.url)}" style="background:${colour};color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(mail.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555">${escapeHtml(word('mail', 'If the button does not work, copy this address into your browser:', mail.language))}<br><a href="${escapeHtml(mail.action.url)}" style="word-break:break-all">${escapeHtml(mail.action.url)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="${mail.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(mail.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#212529">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px;border-top:4px solid ${colour}">
${brand.logoUrl ? `<img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(mail.academyName)}" height="48" style="display:block;height:48px;width:auto;max-width:100%;margin:0 0 12px;border:0">` : ''}
<h1 style="margin:0 0 24px;font-size:20px;color:${colour}">${escapeHtml(mail.academyName)}</h1>
${paragraph(mail.greeting)}
${mail.paragraphs.map(paragraph).join('\n')}
${action}
${mail.footnote ? `<p style="margin:0 0 16px;font-size:13px;color:#555">${escapeHtml(mail.footnote)}</p>` : ''}
<p style="margin:24px 0 0">— ${escapeHtml(mail.academyName)}</p>
</div>
</body></html>`;
  return { subject: mail.subject, text, html };
}

/*
 * Every mail in the recipient's language (issue 20; docs/glossary.md): a signed-in person's
 * `users.language`, a visitor's the language of the page they used. English is the default. The words
 * are the server catalog's `mail` section (packages/shared/src/i18n/server-catalog.ts, decision 028).
 */

export function passwordResetMail(input: { academyName: string; userName: string; resetUrl: string; validMinutes: number; language?: Language; brand?: MailBrand }): MailContent {
  const language = input.language ?? 'en';
  const values = { academy: input.academyName, name: input.userName, minutes: input.validMinutes };
  return renderMail({
    language,
    academyName: input.academyName,
    brand: input.brand,
    subject: word('mail', 'Reset your {academy} password', language, values),
    greeting: word('mail', 'Hello {name},', language, values),
    paragraphs: [word('mail', 'Someone (hopefully you) asked to reset the password of your {academy} account. Choose a new password with this link:', language, values)],
    action: { label: word('mail', 'Reset password', language), url: input.resetUrl },
    footnote: word('mail', 'The link works once and for {minutes} minutes. If you did not ask for it, ignore this mail: your password stays as it is.', language, values),
  });
}

const ROLE_WORDS = { admin: 'an administrator', teacher: 'a teacher', student: 'a student', parent: 'a parent' } as const satisfies Record<string, CatalogText<'mail'>>;

/** A new account created by the office: the person chooses their own password with the link. */
export function welcomeMail(input: {
  academyName: string;
  userName: string;
  email: string;
  role: keyof typeof ROLE_WORDS;
  setPasswordUrl: string;
  validDays: number;
  language?: Language;
  brand?: MailBrand;
}): MailContent {
  const language = input.language ?? 'en';
  const values = { academy: input.academyName, name: input.userName, email: input.email, days: input.validDays, role: word('mail', ROLE_WORDS[input.role], language) };
  return renderMail({
    language,
    academyName: input.academyName,
    brand: input.brand,
    subject: word('mail', 'Welcome to {academy}: set your password', language, values),
    greeting: word('mail', 'Hello {name},', language, values),
    paragraphs: [
      word('mail', 'The academy office has created your {academy} account as {role}. You sign in with this email address: {email}.', language, values),
      word('mail', 'Choose your password with this link, then sign in:', language),
    ],
    action: { label: word('mail', 'Set your password', language), url: input.setPasswordUrl },
    footnote: word('mail', 'The link works once and for {days} days. If it has expired, use "Forgot password" on the sign-in page to get a new one.', language, values),
  });
}

/** The one-time code that proves an applicant owns the email address of the admission form. */
export function verificationCodeMail(input: { academyName: string; code: string; validMinutes: number; language?: Language; brand?: MailBrand }): MailContent {
  const language = input.language ?? 'en';
  const values = { academy: input.academyName, code: input.code };
  return codeMail(input, language, {
    subject: word('mail', '{code} is your {academy} verification code', language, values),
    lead: word('mail', 'Your code to verify this email address on the {academy} admission form is:', language, values),
  });
}

/** The code that proves a new academy's owner reads this email (issue 55, "Start your academy"). */
export function academySignupCodeMail(input: { platformName: string; code: string; validMinutes: number; language?: Language }): MailContent {
  const language = input.language ?? 'en';
  const values = { platform: input.platformName, code: input.code };
  return codeMail({ academyName: input.platformName, code: input.code, validMinutes: input.validMinutes }, language, {
    subject: word('mail', '{code} is your code to start your academy', language, values),
    lead: word('mail', 'Your code to start your academy on {platform} is:', language, values),
  });
}

/** A mail carrying a one-time code: its subject, the line that leads to the code, the code, and how long it is valid. */
function codeMail(input: { academyName: string; code: string; validMinutes: number; brand?: MailBrand }, language: Language, text: { subject: string; lead: string }): MailContent {
  return renderMail({
    language,
    academyName: input.academyName,
    brand: input.brand,
    subject: text.subject,
    greeting: word('mail', 'Hello,', language),
    paragraphs: [text.lead, input.code],
    footnote: word('mail', 'The code is valid for {minutes} minutes. If you did not ask for it, ignore this mail.', language, { minutes: input.validMinutes }),
  });
}

/** Tells an applicant (or someone who wrote from /contact) that the office has their enquiry. */
export function enquiryReceivedMail(input: {
  academyName: string;
  name: string;
  /** Who applied for the child (admission): greeted by name; without one the greeting names nobody. */
  parentName?: string;
  source: 'admission' | 'contact';
  /** An admission's reference ("ENQ-0042"), as the form's confirmation showed it: the family says it on the phone. */
  reference?: string;
  officeHours: string;
  phones: string[];
  language?: Language;
  brand?: MailBrand;
}): MailContent {
  const language = input.language ?? 'en';
  const values = { academy: input.academyName, name: input.name, phones: input.phones.map(formatIndianPhone).join(', '), hours: input.officeHours, reference: input.reference ?? '' };
  const admission = input.source === 'admission';
  return renderMail({
    language,
    academyName: input.academyName,
    brand: input.brand,
    subject: admission ? word('mail', 'We have received your admission enquiry — {academy}', language, values) : word('mail', 'We have received your message — {academy}', language, values),
    // A contact form's address was never proved: its mail carries none of the visitor's words (not
    // even the name), so the form cannot be used to send someone else a text of the sender's choosing.
    // An admission greets the parent who applied, and names the child once, below (greeting the child
    // and then thanking them "for applying for {child}" read as two different people).
    greeting: admission && input.parentName ? word('mail', 'Hello {name},', language, { name: input.parentName }) : word('mail', 'Hello,', language),
    paragraphs: [
      admission
        ? word('mail', 'Thank you for applying for admission for {name}. We have received the application, and the office will call you to talk about batches, timings and fees.', language, values)
        : word('mail', 'Thank you for your message. We have received it and will reply soon.', language),
      ...(admission && input.reference ? [word('mail', 'Your reference number is {reference}. Please keep it, and say it when you call or visit the office.', language, values)] : []),
      ...(input.phones.length > 0 ? [word('mail', 'If you have a question in the meantime, call us on {phones} ({hours}).', language, values)] : []),
    ],
  });
}

/** A student's report card, attached as a PDF (issue 23). `period` is already worded ('01-06-2026 to 30-06-2026'). */
export function reportCardMail(input: { academyName: string; studentName: string; period: string; language?: Language; brand?: MailBrand }): MailContent {
  const language = input.language ?? 'en';
  const values = { academy: input.academyName, name: input.studentName, period: input.period };
  return renderMail({
    language,
    academyName: input.academyName,
    brand: input.brand,
    subject: word('mail', 'Report card of {name} — {academy}', language, values),
    greeting: word('mail', 'Hello,', language),
    paragraphs: [
      word('mail', 'The report card of {name} for {period} is attached to this mail as a PDF.', language, values),
      word('mail', 'It shows the marks, ranks and batch averages of each test and the attendance for the period.', language),
    ],
  });
}

/** A fee reminder (issue 22): the dues still open, each with its date and balance, and the total. */
export function feeReminderMail(input: {
  academyName: string;
  studentName: string;
  dues: { label: string; dueDate: string; balance: string }[];
  total: string;
  officePhone?: string;
  payLink?: string;
  language?: Language;
  brand?: MailBrand;
}): MailContent {
  const language = input.language ?? 'en';
  const values = { academy: input.academyName, name: input.studentName, total: input.total, phone: input.officePhone ? formatIndianPhone(input.officePhone) : '' };
  const lines = input.dues.map((due) => `${due.label} — ${due.dueDate}: ₹${due.balance}`);
  return renderMail({
    language,
    academyName: input.academyName,
    brand: input.brand,
    subject: word('mail', '{academy}: fee reminder for {name}', language, values),
    greeting: word('mail', 'Hello {name},', language, values),
    paragraphs: [
      word('mail', 'This is a reminder that these fees are due:', language),
      ...lines,
      word('mail', 'Total due: ₹{total}.', language, values),
      input.officePhone
        ? word('mail', 'Please pay at the office or call {phone} if you have any question. If you have already paid, thank you and please ignore this mail.', language, values)
        : word('mail', 'Please pay at the office. If you have already paid, thank you and please ignore this mail.', language),
    ],
    ...(input.payLink ? { action: { label: word('mail', 'See the fees and pay by UPI', language), url: input.payLink } } : {}),
  });
}

/**
 * A fee reminder for a student's parents, in every language (the parent messages' mail adds "Dear
 * parent,"; the webhook sends the text as it is). `{parent}` is not used: the greeting is the family's.
 */
export function feeReminderParentMessages(input: {
  academyName: string;
  studentName: string;
  dues: { label: string; dueDate: string; balance: string }[];
  total: string;
  officePhone?: string;
  /** The pay link in each language (issue 54): a Marathi reader's opens in Marathi. */
  payLinks?: Record<Language, string>;
}): Record<Language, { subject: string; text: string }> {
  const values = { academy: input.academyName, name: input.studentName, total: input.total, phone: input.officePhone ? formatIndianPhone(input.officePhone) : '' };
  const lines = input.dues.map((due) => `${due.label} — ${due.dueDate}: ₹${due.balance}`);
  const note = (language: Language) => ({
    subject: word('mail', '{academy}: fee reminder for {name}', language, values),
    text: [
      word('mail', 'This is a reminder that these fees of {name} are due:', language, values),
      ...lines,
      word('mail', 'Total due: ₹{total}.', language, values),
      ...(input.payLinks ? [word('mail', 'See these fees and pay them by UPI: {link}', language, { link: input.payLinks[language] })] : []),
      input.officePhone
        ? word('mail', 'Please pay at the office or call {phone} if you have any question. If you have already paid, thank you and please ignore this message.', language, values)
        : word('mail', 'Please pay at the office. If you have already paid, thank you and please ignore this message.', language),
    ].join('\n'),
  });
  return { en: note('en'), mr: note('mr'), hi: note('hi') };
}

/** The short note to parents' webhook (SMS/WhatsApp) when a report card has been mailed to them. */
export function reportCardParentMessages(input: { academyName: string; studentName: string; period: Record<Language, string> }): Record<Language, { subject: string; text: string }> {
  const note = (language: Language) => {
    const values = { academy: input.academyName, name: input.studentName, period: input.period[language] };
    return { subject: word('mail', 'Report card of {name} — {academy}', language, values), text: word('mail', 'The report card of {name} for {period} has been sent to your email as a PDF.', language, values) };
  };
  return { en: note('en'), mr: note('mr'), hi: note('hi') };
}

/** What a receipt mail and its SMS/WhatsApp note say: already-formatted figures ('18,000'), date DD-MM-YYYY. */
export type FeeReceiptFacts = { academyName: string; studentName: string; number: string; date: string; amount: string; balanceAfter: string };

/** The words of a receipt, per language: the subject, and the sentences about the payment (issue 22). */
function feeReceiptWords(facts: FeeReceiptFacts, language: Language): { subject: string; paid: string; balance: string; attached: string; sent: string } {
  const values = { academy: facts.academyName, name: facts.studentName, number: facts.number, date: facts.date, amount: facts.amount, balance: facts.balanceAfter };
  return {
    subject: word('mail', '{academy}: receipt {number} for {name}', language, values),
    paid: word('mail', 'We received ₹{amount} for the fees of {name} on {date}: receipt {number}.', language, values),
    balance: word('mail', 'Balance still due: ₹{balance}.', language, values),
    attached: word('mail', 'The receipt is attached to this mail as a PDF. Thank you.', language),
    sent: word('mail', 'The receipt has been sent to your email as a PDF. Thank you.', language),
  };
}

/** A fee receipt mailed with its PDF attached, to a parent (or to the student, `toStudent`, when no parent is linked), in their language. */
export function feeReceiptMail(input: FeeReceiptFacts & { language: Language; toStudent?: boolean; brand?: MailBrand }): MailContent {
  const words = feeReceiptWords(input, input.language);
  const greeting = input.toStudent ? word('mail', 'Hello {name},', input.language, { name: input.studentName }) : word('mail', 'Dear parent,', input.language);
  return renderMail({ language: input.language, academyName: input.academyName, brand: input.brand, subject: words.subject, greeting, paragraphs: [words.paid, words.balance, words.attached] });
}

/** The short note to parents' webhook (SMS/WhatsApp) when a receipt has been mailed to them. */
export function feeReceiptParentMessages(facts: FeeReceiptFacts): Record<Language, { subject: string; text: string }> {
  const note = (language: Language) => {
    const words = feeReceiptWords(facts, language);
    return { subject: words.subject, text: [words.paid, words.balance, words.sent].join('\n') };
  };
  return { en: note('en'), mr: note('mr'), hi: note('hi') };
}

/** A message from the academy to a parent (absence alerts; later fee reminders): the text is already in their language. */
/** `toParent: false`: a family without a parent account yet (an enquiry's demo class), greeted plainly. */
export function parentMessageMail(input: { academyName: string; subject: string; text: string; language: Language; toParent?: boolean; brand?: MailBrand }): MailContent {
  return renderMail({
    language: input.language,
    academyName: input.academyName,
    brand: input.brand,
    subject: input.subject,
    greeting: word('mail', input.toParent === false ? 'Hello,' : 'Dear parent,', input.language),
    paragraphs: input.text.split(/\n+/).filter(Boolean),
  });
}
