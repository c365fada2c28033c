import type { Language } from '@academy/shared/languages';
import type { MailContent } from './mailer';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Every value placed in a mail's HTML goes through this: names and settings are typed by people. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

type MailLayout = {
  language: Language;
  academyName: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Small print under the action. */
  footnote?: string;
};

const BUTTON_FALLBACK: Record<Language, string> = {
  en: 'If the button does not work, copy this address into your browser:',
  mr: 'बटण चालत नसल्यास, हा पत्ता ब्राउझरमध्ये कॉपी करा:',
  hi: 'अगर बटन काम न करे, तो यह पता ब्राउज़र में कॉपी करें:',
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
      `<p style="margin:0 0 16px;font-size:13px;color:#555">${escapeHtml(BUTTON_FALLBACK[mail.language])}<br><a href="${escapeHtml(mail.action.url)}">${escapeHtml(mail.action.url)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="${mail.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(mail.subject)}</title></head>
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

/*
 * Every mail in the recipient's language (issue 20; docs/glossary.md): a signed-in person's
 * `users.language`, a visitor's the language of the page they used. English is the default.
 */

export function passwordResetMail(input: { academyName: string; userName: string; resetUrl: string; validMinutes: number; language?: Language }): MailContent {
  const { academyName: academy, userName: name, validMinutes: minutes } = input;
  const words = {
    en: {
      subject: `Reset your ${academy} password`,
      greeting: `Hello ${name},`,
      text: `Someone (hopefully you) asked to reset the password of your ${academy} account. Choose a new password with this link:`,
      label: 'Reset password',
      footnote: `The link works once and for ${minutes} minutes. If you did not ask for it, ignore this mail: your password stays as it is.`,
    },
    mr: {
      subject: `आपला ${academy} पासवर्ड बदला`,
      greeting: `नमस्कार ${name},`,
      text: `कोणीतरी (बहुधा आपणच) आपल्या ${academy} खात्याचा पासवर्ड बदलण्याची विनंती केली आहे. या लिंकने नवीन पासवर्ड निवडा:`,
      label: 'पासवर्ड बदला',
      footnote: `ही लिंक एकदाच आणि ${minutes} मिनिटांसाठी चालेल. आपण विनंती केली नसल्यास हा ईमेल दुर्लक्षित करा: आपला पासवर्ड आहे तसाच राहील.`,
    },
    hi: {
      subject: `अपना ${academy} पासवर्ड बदलें`,
      greeting: `नमस्ते ${name},`,
      text: `किसी ने (शायद आपने ही) आपके ${academy} खाते का पासवर्ड बदलने का अनुरोध किया है. इस लिंक से नया पासवर्ड चुनें:`,
      label: 'पासवर्ड बदलें',
      footnote: `यह लिंक एक ही बार और ${minutes} मिनट तक चलेगा. अगर आपने अनुरोध नहीं किया, तो यह ईमेल अनदेखा करें: आपका पासवर्ड जैसा है वैसा ही रहेगा.`,
    },
  }[input.language ?? 'en'];
  return renderMail({
    language: input.language ?? 'en',
    academyName: academy,
    subject: words.subject,
    greeting: words.greeting,
    paragraphs: [words.text],
    action: { label: words.label, url: input.resetUrl },
    footnote: words.footnote,
  });
}

const ROLE_WORDS = {
  en: { admin: 'an administrator', teacher: 'a teacher', student: 'a student', parent: 'a parent' },
  mr: { admin: 'प्रशासक', teacher: 'शिक्षक', student: 'विद्यार्थी', parent: 'पालक' },
  hi: { admin: 'प्रशासक', teacher: 'शिक्षक', student: 'छात्र', parent: 'अभिभावक' },
} as const;

/** A new account created by the office: the person chooses their own password with the link. */
export function welcomeMail(input: {
  academyName: string;
  userName: string;
  email: string;
  role: keyof (typeof ROLE_WORDS)['en'];
  setPasswordUrl: string;
  validDays: number;
  language?: Language;
}): MailContent {
  const language = input.language ?? 'en';
  const { academyName: academy, userName: name, email, validDays: days } = input;
  const role = ROLE_WORDS[language][input.role];
  const words = {
    en: {
      subject: `Welcome to ${academy}: set your password`,
      greeting: `Hello ${name},`,
      paragraphs: [`The academy office has created your ${academy} account as ${role}. You sign in with this email address: ${email}.`, 'Choose your password with this link, then sign in:'],
      label: 'Set your password',
      footnote: `The link works once and for ${days} days. If it has expired, use "Forgot password" on the sign-in page to get a new one.`,
    },
    mr: {
      subject: `${academy} मध्ये आपले स्वागत: आपला पासवर्ड ठेवा`,
      greeting: `नमस्कार ${name},`,
      paragraphs: [`अकॅडमीच्या ऑफिसने आपले ${academy} खाते (${role}) तयार केले आहे. या ईमेल पत्त्याने लॉगिन करा: ${email}.`, 'या लिंकने आपला पासवर्ड निवडा, मग लॉगिन करा:'],
      label: 'पासवर्ड ठेवा',
      footnote: `ही लिंक एकदाच आणि ${days} दिवसांसाठी चालेल. मुदत संपली असल्यास, लॉगिन पानावरील "पासवर्ड विसरलात?" वापरून नवीन लिंक मिळवा.`,
    },
    hi: {
      subject: `${academy} में आपका स्वागत है: अपना पासवर्ड बनाएँ`,
      greeting: `नमस्ते ${name},`,
      paragraphs: [`अकैडमी के ऑफ़िस ने आपका ${academy} खाता (${role}) बनाया है. इस ईमेल पते से लॉगिन करें: ${email}.`, 'इस लिंक से अपना पासवर्ड चुनें, फिर लॉगिन करें:'],
      label: 'पासवर्ड बनाएँ',
      footnote: `यह लिंक एक ही बार और ${days} दिन तक चलेगा. समय-सीमा खत्म हो गई हो, तो लॉगिन पेज पर "पासवर्ड भूल गए?" से नया लिंक पाएँ.`,
    },
  }[language];
  return renderMail({
    language,
    academyName: academy,
    subject: words.subject,
    greeting: words.greeting,
    paragraphs: words.paragraphs,
    action: { label: words.label, url: input.setPasswordUrl },
    footnote: words.footnote,
  });
}

/** The one-time code that proves an applicant owns the email address of the admission form. */
export function verificationCodeMail(input: { academyName: string; code: string; validMinutes: number; language?: Language }): MailContent {
  const language = input.language ?? 'en';
  const { academyName: academy, code, validMinutes: minutes } = input;
  const words = {
    en: {
      subject: `${code} is your ${academy} verification code`,
      greeting: 'Hello,',
      text: `Your code to verify this email address on the ${academy} admission form is:`,
      footnote: `The code is valid for ${minutes} minutes. If you did not ask for it, ignore this mail.`,
    },
    mr: {
      subject: `${code} हा आपला ${academy} पडताळणी कोड आहे`,
      greeting: 'नमस्कार,',
      text: `${academy} च्या अ‍ॅडमिशन फॉर्मवर हा ईमेल पत्ता पडताळण्यासाठी आपला कोड:`,
      footnote: `हा कोड ${minutes} मिनिटे चालेल. आपण मागवला नसल्यास हा ईमेल दुर्लक्षित करा.`,
    },
    hi: {
      subject: `${code} आपका ${academy} सत्यापन कोड है`,
      greeting: 'नमस्ते,',
      text: `${academy} के एडमिशन फ़ॉर्म पर यह ईमेल पता सत्यापित करने के लिए आपका कोड:`,
      footnote: `यह कोड ${minutes} मिनट तक चलेगा. अगर आपने नहीं माँगा, तो यह ईमेल अनदेखा करें.`,
    },
  }[language];
  return renderMail({ language, academyName: academy, subject: words.subject, greeting: words.greeting, paragraphs: [words.text, code], footnote: words.footnote });
}

/** Tells an applicant (or someone who wrote from /contact) that the office has their enquiry. */
export function enquiryReceivedMail(input: {
  academyName: string;
  name: string;
  source: 'admission' | 'contact';
  officeHours: string;
  phones: string[];
  language?: Language;
}): MailContent {
  const language = input.language ?? 'en';
  const { academyName: academy, name, officeHours: hours } = input;
  const phones = input.phones.join(', ');
  const admission = input.source === 'admission';
  const words = {
    en: {
      received: admission
        ? `Thank you for applying for admission for ${name}. We have received the application, and the office will call you to talk about batches, timings and fees.`
        : 'Thank you for your message. We have received it and will reply soon.',
      subject: admission ? `We have received your admission enquiry — ${academy}` : `We have received your message — ${academy}`,
      greeting: admission ? `Hello ${name},` : 'Hello,',
      call: `If you have a question in the meantime, call us on ${phones} (${hours}).`,
    },
    mr: {
      received: admission
        ? `${name} साठी अ‍ॅडमिशनचा अर्ज केल्याबद्दल धन्यवाद. आपला अर्ज आम्हाला मिळाला आहे; बॅच, वेळा आणि फी याबद्दल बोलण्यासाठी ऑफिसमधून आपल्याला फोन येईल.`
        : 'आपल्या संदेशाबद्दल धन्यवाद. तो आम्हाला मिळाला आहे; आम्ही लवकरच उत्तर देऊ.',
      subject: admission ? `आपली अ‍ॅडमिशन चौकशी मिळाली — ${academy}` : `आपला संदेश मिळाला — ${academy}`,
      greeting: admission ? `नमस्कार ${name},` : 'नमस्कार,',
      call: `दरम्यान काही प्रश्न असल्यास ${phones} वर फोन करा (${hours}).`,
    },
    hi: {
      received: admission
        ? `${name} के एडमिशन के लिए आवेदन करने के लिए धन्यवाद. आपका आवेदन हमें मिल गया है; बैच, समय और फीस के बारे में बात करने के लिए ऑफ़िस से आपको फ़ोन आएगा.`
        : 'आपके संदेश के लिए धन्यवाद. यह हमें मिल गया है; हम जल्द ही जवाब देंगे.',
      subject: admission ? `आपकी एडमिशन पूछताछ मिल गई — ${academy}` : `आपका संदेश मिल गया — ${academy}`,
      greeting: admission ? `नमस्ते ${name},` : 'नमस्ते,',
      call: `इस बीच कोई सवाल हो, तो ${phones} पर फ़ोन करें (${hours}).`,
    },
  }[language];
  return renderMail({
    language,
    academyName: academy,
    subject: words.subject,
    // A contact form's address was never proved: its mail carries none of the visitor's words (not
    // even the name), so the form cannot be used to send someone else a text of the sender's choosing.
    greeting: words.greeting,
    paragraphs: [words.received, ...(input.phones.length > 0 ? [words.call] : [])],
  });
}

/** A student's report card, attached as a PDF (issue 23). `period` is already worded ('01-06-2026 to 30-06-2026'). */
export function reportCardMail(input: { academyName: string; studentName: string; period: string; language?: Language }): MailContent {
  const language = input.language ?? 'en';
  const { academyName: academy, studentName: name, period } = input;
  const words = {
    en: {
      subject: `Report card of ${name} — ${academy}`,
      greeting: 'Hello,',
      paragraphs: [`The report card of ${name} for ${period} is attached to this mail as a PDF.`, 'It shows the marks, ranks and batch averages of each test and the attendance for the period.'],
    },
    mr: {
      subject: `${name} यांचे प्रगतिपत्रक — ${academy}`,
      greeting: 'नमस्कार,',
      paragraphs: [`${name} यांचे ${period} या काळाचे प्रगतिपत्रक या ईमेलसोबत PDF म्हणून जोडले आहे.`, 'त्यात प्रत्येक चाचणीचे गुण, क्रमांक, बॅचची सरासरी आणि या काळातील हजेरी दिली आहे.'],
    },
    hi: {
      subject: `${name} का रिपोर्ट कार्ड — ${academy}`,
      greeting: 'नमस्ते,',
      paragraphs: [`${name} का ${period} का रिपोर्ट कार्ड इस ईमेल के साथ PDF के रूप में जुड़ा है.`, 'इसमें हर टेस्ट के अंक, रैंक, बैच का औसत और इस अवधि की हाज़िरी दी गई है.'],
    },
  }[language];
  return renderMail({ language, academyName: academy, subject: words.subject, greeting: words.greeting, paragraphs: words.paragraphs });
}

/** A fee reminder (issue 22): the dues still open, each with its date and balance, and the total. */
export function feeReminderMail(input: {
  academyName: string;
  studentName: string;
  dues: { label: string; dueDate: string; balance: string }[];
  total: string;
  officePhone?: string;
  language?: Language;
}): MailContent {
  const language = input.language ?? 'en';
  const { academyName: academy, studentName: name, total } = input;
  const lines = input.dues.map((due) => `${due.label} — ${due.dueDate}: ₹${due.balance}`);
  const phone = input.officePhone;
  const words = {
    en: {
      subject: `${academy}: fee reminder for ${name}`,
      greeting: `Hello ${name},`,
      intro: 'This is a reminder that these fees are due:',
      total: `Total due: ₹${total}.`,
      close: phone ? `Please pay at the office or call ${phone} if you have any question. If you have already paid, thank you and please ignore this mail.` : 'Please pay at the office. If you have already paid, thank you and please ignore this mail.',
    },
    mr: {
      subject: `${academy}: ${name} यांच्या फीची आठवण`,
      greeting: `नमस्कार ${name},`,
      intro: 'ही फी भरायची बाकी आहे, याची आठवण करून देत आहोत:',
      total: `एकूण बाकी: ₹${total}.`,
      close: phone ? `कृपया ऑफिसमध्ये फी भरा; काही प्रश्न असल्यास ${phone} वर फोन करा. आपण आधीच भरली असल्यास, धन्यवाद; हा ईमेल दुर्लक्षित करा.` : 'कृपया ऑफिसमध्ये फी भरा. आपण आधीच भरली असल्यास, धन्यवाद; हा ईमेल दुर्लक्षित करा.',
    },
    hi: {
      subject: `${academy}: ${name} की फीस की याद`,
      greeting: `नमस्ते ${name},`,
      intro: 'यह याद दिलाने के लिए कि यह फीस भरनी बाकी है:',
      total: `कुल बाकी: ₹${total}.`,
      close: phone ? `कृपया ऑफ़िस में फीस भरें; कोई सवाल हो तो ${phone} पर फ़ोन करें. अगर आप पहले ही भर चुके हैं, तो धन्यवाद; इस ईमेल को अनदेखा करें.` : 'कृपया ऑफ़िस में फीस भरें. अगर आप पहले ही भर चुके हैं, तो धन्यवाद; इस ईमेल को अनदेखा करें.',
    },
  }[language];
  return renderMail({ language, academyName: academy, subject: words.subject, greeting: words.greeting, paragraphs: [words.intro, ...lines, words.total, words.close] });
}

/**
 * A fee reminder for a student's parents, in every language (the parent messages' mail adds "Dear
 * parent,"; the webhook sends the text as it is). `{parent}` is not used: the greeting is the family's.
 */
export function feeReminderParentMessages(input: { academyName: string; studentName: string; dues: { label: string; dueDate: string; balance: string }[]; total: string; officePhone?: string }): Record<Language, { subject: string; text: string }> {
  const { academyName: academy, studentName: name, total, officePhone: phone } = input;
  const lines = input.dues.map((due) => `${due.label} — ${due.dueDate}: ₹${due.balance}`);
  const text = (intro: string, totalLine: string, close: string) => [intro, ...lines, totalLine, close].join('\n');
  return {
    en: {
      subject: `${academy}: fee reminder for ${name}`,
      text: text(
        `This is a reminder that these fees of ${name} are due:`,
        `Total due: ₹${total}.`,
        phone ? `Please pay at the office or call ${phone} if you have any question. If you have already paid, thank you and please ignore this message.` : 'Please pay at the office. If you have already paid, thank you and please ignore this message.',
      ),
    },
    mr: {
      subject: `${academy}: ${name} यांच्या फीची आठवण`,
      text: text(
        `${name} यांची ही फी भरायची बाकी आहे, याची आठवण करून देत आहोत:`,
        `एकूण बाकी: ₹${total}.`,
        phone ? `कृपया ऑफिसमध्ये फी भरा; काही प्रश्न असल्यास ${phone} वर फोन करा. आपण आधीच भरली असल्यास, धन्यवाद; हा संदेश दुर्लक्षित करा.` : 'कृपया ऑफिसमध्ये फी भरा. आपण आधीच भरली असल्यास, धन्यवाद; हा संदेश दुर्लक्षित करा.',
      ),
    },
    hi: {
      subject: `${academy}: ${name} की फीस की याद`,
      text: text(
        `यह याद दिलाने के लिए कि ${name} की यह फीस भरनी बाकी है:`,
        `कुल बाकी: ₹${total}.`,
        phone ? `कृपया ऑफ़िस में फीस भरें; कोई सवाल हो तो ${phone} पर फ़ोन करें. अगर आप पहले ही भर चुके हैं, तो धन्यवाद; इस संदेश को अनदेखा करें.` : 'कृपया ऑफ़िस में फीस भरें. अगर आप पहले ही भर चुके हैं, तो धन्यवाद; इस संदेश को अनदेखा करें.',
      ),
    },
  };
}

/** The short note to parents' webhook (SMS/WhatsApp) when a report card has been mailed to them. */
export function reportCardParentMessages(input: { academyName: string; studentName: string; period: Record<Language, string> }): Record<Language, { subject: string; text: string }> {
  const { academyName: academy, studentName: name, period } = input;
  return {
    en: { subject: `Report card of ${name} — ${academy}`, text: `The report card of ${name} for ${period.en} has been sent to your email as a PDF.` },
    mr: { subject: `${name} यांचे प्रगतिपत्रक — ${academy}`, text: `${name} यांचे ${period.mr} या काळाचे प्रगतिपत्रक आपल्या ईमेलवर PDF म्हणून पाठवले आहे.` },
    hi: { subject: `${name} का रिपोर्ट कार्ड — ${academy}`, text: `${name} का ${period.hi} का रिपोर्ट कार्ड आपके ईमेल पर PDF के रूप में भेजा गया है.` },
  };
}

const FAMILY_GREETING: Record<Language, string> = { en: 'Dear parent,', mr: 'आदरणीय पालक,', hi: 'आदरणीय अभिभावक,' };

/** What a receipt mail and its SMS/WhatsApp note say: already-formatted figures ('18,000'), date DD-MM-YYYY. */
export type FeeReceiptFacts = { academyName: string; studentName: string; number: string; date: string; amount: string; balanceAfter: string };

/** The words of a receipt, per language: the subject, and the sentences about the payment (issue 22). */
function feeReceiptWords(facts: FeeReceiptFacts): Record<Language, { subject: string; paid: string; balance: string; attached: string; sent: string }> {
  const { academyName: academy, studentName: name, number, date, amount, balanceAfter: balance } = facts;
  return {
    en: {
      subject: `${academy}: receipt ${number} for ${name}`,
      paid: `We received ₹${amount} for the fees of ${name} on ${date}: receipt ${number}.`,
      balance: `Balance still due: ₹${balance}.`,
      attached: 'The receipt is attached to this mail as a PDF. Thank you.',
      sent: 'The receipt has been sent to your email as a PDF. Thank you.',
    },
    mr: {
      subject: `${academy}: ${name} यांची पावती ${number}`,
      paid: `${name} यांच्या फीसाठी ${date} रोजी ₹${amount} मिळाले: पावती ${number}.`,
      balance: `अजून बाकी: ₹${balance}.`,
      attached: 'पावती या ईमेलसोबत PDF म्हणून जोडली आहे. धन्यवाद.',
      sent: 'पावती आपल्या ईमेलवर PDF म्हणून पाठवली आहे. धन्यवाद.',
    },
    hi: {
      subject: `${academy}: ${name} की रसीद ${number}`,
      paid: `${name} की फीस के लिए ${date} को ₹${amount} मिले: रसीद ${number}.`,
      balance: `अभी बाकी: ₹${balance}.`,
      attached: 'रसीद इस ईमेल के साथ PDF के रूप में जुड़ी है. धन्यवाद.',
      sent: 'रसीद आपके ईमेल पर PDF के रूप में भेजी गई है. धन्यवाद.',
    },
  };
}

/** A fee receipt mailed with its PDF attached, to a parent (or to the student, `toStudent`, when no parent is linked), in their language. */
export function feeReceiptMail(input: FeeReceiptFacts & { language: Language; toStudent?: boolean }): MailContent {
  const words = feeReceiptWords(input)[input.language];
  const greeting = input.toStudent ? { en: `Hello ${input.studentName},`, mr: `नमस्कार ${input.studentName},`, hi: `नमस्ते ${input.studentName},` }[input.language] : FAMILY_GREETING[input.language];
  return renderMail({ language: input.language, academyName: input.academyName, subject: words.subject, greeting, paragraphs: [words.paid, words.balance, words.attached] });
}

/** The short note to parents' webhook (SMS/WhatsApp) when a receipt has been mailed to them. */
export function feeReceiptParentMessages(facts: FeeReceiptFacts): Record<Language, { subject: string; text: string }> {
  const words = feeReceiptWords(facts);
  const note = (language: Language) => ({ subject: words[language].subject, text: [words[language].paid, words[language].balance, words[language].sent].join('\n') });
  return { en: note('en'), mr: note('mr'), hi: note('hi') };
}

/** A message from the academy to a parent (absence alerts; later fee reminders): the text is already in their language. */
export function parentMessageMail(input: { academyName: string; subject: string; text: string; language: Language }): MailContent {
  return renderMail({
    language: input.language,
    academyName: input.academyName,
    subject: input.subject,
    greeting: FAMILY_GREETING[input.language],
    paragraphs: input.text.split(/\n+/).filter(Boolean),
  });
}
