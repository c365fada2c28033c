import type { MailContent } from './mailer';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Every value placed in a mail's HTML goes through this: names and settings are typed by people. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

type MailLayout = {
  academyName: string;
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

  const paragraph = (content: string) => `<p style="margin:0 0 16px">${escapeHtml(content)}</p>`;
  const action = mail.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(mail.action.url)}" style="background:#1c7ed6;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(mail.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555">If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(mail.action.url)}">${escapeHtml(mail.action.url)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(mail.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#212529">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<h1 style="margin:0 0 24px;font-size:20px;color:#1c7ed6">${escapeHtml(mail.academyName)}</h1>
${paragraph(mail.greeting)}
${mail.paragraphs.map(paragraph).join('\n')}
${action}
${mail.footnote ? `<p style="margin:0 0 16px;font-size:13px;color:#555">${escapeHtml(mail.footnote)}</p>` : ''}
<p style="margin:24px 0 0">— ${escapeHtml(mail.academyName)}</p>
</div>
</body></html>`;
  return { subject: mail.subject, text, html };
}

export function passwordResetMail(input: { academyName: string; userName: string; resetUrl: string; validMinutes: number }): MailContent {
  return renderMail({
    academyName: input.academyName,
    subject: `Reset your ${input.academyName} password`,
    greeting: `Hello ${input.userName},`,
    paragraphs: [`Someone (hopefully you) asked to reset the password of your ${input.academyName} account. Choose a new password with this link:`],
    action: { label: 'Reset password', url: input.resetUrl },
    footnote: `The link works once and for ${input.validMinutes} minutes. If you did not ask for it, ignore this mail: your password stays as it is.`,
  });
}

const ROLE_WORDS = { admin: 'an administrator', teacher: 'a teacher', student: 'a student' } as const;

/** A new account created by the office: the person chooses their own password with the link. */
export function welcomeMail(input: {
  academyName: string;
  userName: string;
  email: string;
  role: keyof typeof ROLE_WORDS;
  setPasswordUrl: string;
  validDays: number;
}): MailContent {
  return renderMail({
    academyName: input.academyName,
    subject: `Welcome to ${input.academyName}: set your password`,
    greeting: `Hello ${input.userName},`,
    paragraphs: [
      `The academy office has created your ${input.academyName} account as ${ROLE_WORDS[input.role]}. You sign in with this email address: ${input.email}.`,
      'Choose your password with this link, then sign in:',
    ],
    action: { label: 'Set your password', url: input.setPasswordUrl },
    footnote: `The link works once and for ${input.validDays} days. If it has expired, use "Forgot password" on the sign-in page to get a new one.`,
  });
}

/** The one-time code that proves an applicant owns the email address of the admission form. */
export function verificationCodeMail(input: { academyName: string; code: string; validMinutes: number }): MailContent {
  return renderMail({
    academyName: input.academyName,
    subject: `${input.code} is your ${input.academyName} verification code`,
    greeting: 'Hello,',
    paragraphs: [`Your code to verify this email address on the ${input.academyName} admission form is:`, input.code],
    footnote: `The code is valid for ${input.validMinutes} minutes. If you did not ask for it, ignore this mail.`,
  });
}

/** Tells an applicant (or someone who wrote from /contact) that the office has their enquiry. */
export function enquiryReceivedMail(input: { academyName: string; name: string; source: 'admission' | 'contact'; officeHours: string; phones: string[] }): MailContent {
  const received =
    input.source === 'admission'
      ? `Thank you for applying for admission for ${input.name}. We have received the application, and the office will call you to talk about batches, timings and fees.`
      : 'Thank you for your message. We have received it and will reply soon.';
  return renderMail({
    academyName: input.academyName,
    subject: input.source === 'admission' ? `We have received your admission enquiry — ${input.academyName}` : `We have received your message — ${input.academyName}`,
    // A contact form's address was never proved: its mail carries none of the visitor's words (not
    // even the name), so the form cannot be used to send someone else a text of the sender's choosing.
    greeting: input.source === 'admission' ? `Hello ${input.name},` : 'Hello,',
    paragraphs: [
      received,
      ...(input.phones.length > 0 ? [`If you have a question in the meantime, call us on ${input.phones.join(', ')} (${input.officeHours}).`] : []),
    ],
  });
}
