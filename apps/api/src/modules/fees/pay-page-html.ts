import { formatDate } from '@academy/shared/calendar';
import { word, type CatalogText } from '@academy/shared/i18n/server-catalog';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@academy/shared/languages';
import { PAY_LINK_MESSAGES, type PayPage } from '@academy/shared/schemas/fees';
import { formatPaise } from '@academy/shared/money';
import { formatIndianPhone } from '@academy/shared/phone-format';
import { DEFAULT_BRAND_COLOUR, type PublicBrand } from '@academy/shared/brand';

/*
 * A fee reminder's pay link as the server draws it (issue 54, docs/decisions/050-admission-without-email-and-the-pay-link-page.md):
 * the family's dues, the amount, a Pay button (a plain upi:// link) and the QR code, and how to tell the
 * office after paying, in the family's language, as one small HTML answer with its styles inline and no
 * script. On slow mobile data the page is readable and payable from the first bytes, with or without the
 * app's code; a link to the app (sign in) is the only way into it.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
function escape(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character]!);
}

/** A catalog text as HTML: the words escaped, each value put in as the (already safe) HTML given. */
function html(text: CatalogText<'payPage'>, language: Language, values: Record<string, string> = {}): string {
  const marks = Object.fromEntries(Object.keys(values).map((name, index) => [name, `\u0000${index}\u0000`]));
  const worded = escape(word('payPage', text, language, marks));
  return Object.values(values).reduce((out, value, index) => out.replace(`\u0000${index}\u0000`, () => value), worded);
}

/** Rupees (two decimals at most) as the screens write them: ₹1,25,000 or ₹1,500.50. */
function rupees(amount: number): string {
  return `₹${formatPaise(Math.round(amount * 100))}`;
}

/** The address of the pay link in a language: /pay/{token}, /mr/pay/{token}, /hi/pay/{token}. */
export function payPagePath(token: string, language: Language): string {
  return `${language === 'en' ? '' : `/${language}`}/pay/${encodeURIComponent(token)}`;
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 "Noto Sans Devanagari",system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:#212529;background:#f1f3f5}
main{max-width:520px;margin:0 auto;padding:16px}
.sheet{background:#fff;border:1px solid #dee2e6;border-top:4px solid var(--accent);border-radius:8px;padding:16px}
header{display:flex;flex-wrap:wrap;justify-content:space-between;gap:8px;align-items:center;margin-bottom:8px}
.academy{display:flex;align-items:center;gap:8px;font-weight:700;overflow-wrap:anywhere;color:var(--accent);min-width:0}
.academy img{display:block;margin:0;height:40px;width:auto;max-width:120px;object-fit:contain}
nav{display:flex;gap:12px}
nav a{color:var(--accent)}
h1{font-size:1.5rem;margin:0 0 12px}
h2{font-size:1.05rem;margin:20px 0 6px}
ul{list-style:none;margin:12px 0;padding:0}
li{border:1px solid #dee2e6;border-radius:8px;padding:12px;margin-bottom:12px}
.row{display:flex;flex-wrap:wrap;justify-content:space-between;gap:4px 8px}
.label{font-weight:600;overflow-wrap:anywhere}
.dim{color:#495057;font-size:.875rem}
.badge{display:inline-block;border-radius:4px;padding:0 6px;font-size:.75rem;font-weight:700;text-transform:uppercase;background:#e7f5ff;color:#1971c2}
.badge.overdue{background:#fff5f5;color:#c92a2a}
.reported{background:#e7f5ff;border-radius:6px;padding:8px;margin:8px 0;font-size:.875rem}
.pay{display:block;text-align:center;background:var(--accent);color:#fff;border-radius:6px;padding:12px;font-weight:600;text-decoration:none;margin:8px 0}
code{font-size:.875rem;background:#f1f3f5;padding:0 4px;border-radius:4px;overflow-wrap:anywhere}
summary{color:var(--accent);cursor:pointer;margin:6px 0}
img{display:block;margin:8px 0}
a{color:var(--accent)}
.alert{border-radius:6px;padding:12px;background:#ebfbee;color:#2b8a3e}
.alert.error{background:#fff5f5;color:#c92a2a}
@media (pointer:fine){.touch{display:none}}
@media (pointer:coarse){.fine{display:none}}
`;

/** The web app's Devanagari font files (pay-page.routes.ts), when the app is built. */
export type PageFonts = { regular?: string; bold?: string };

/** The academy's brand on its pay page (issue 78): its logo beside its name, its colour on the links and the Pay button. */
export type PageBrand = Pick<PublicBrand, 'colour' | 'logoUrl'>;
const PLAIN: PageBrand = { colour: DEFAULT_BRAND_COLOUR, logoUrl: null };

type PageFrame = { language: Language; token: string; academyName: string; title: string; body: string; fonts: PageFonts; brand: PageBrand };

/** The app's subset (Devanagari code points only): an English page never downloads it. */
function fontFaces(fonts: PageFonts): string {
  const face = (url: string, weight: number) =>
    `@font-face{font-family:"Noto Sans Devanagari";font-style:normal;font-display:swap;font-weight:${weight};src:url("${escape(url)}") format("woff2");unicode-range:U+0900-097F,U+1CD0-1CF9,U+200C-200D,U+25CC,U+A830-A839,U+A8E0-A8FF}`;
  return [fonts.regular ? face(fonts.regular, 400) : '', fonts.bold ? face(fonts.bold, 700) : ''].join('');
}

/** The whole document: language, title, the inline styles, links to the same page in the other languages. */
function documentOf({ language, token, academyName, title, body, fonts, brand }: PageFrame): string {
  // The server refuses a colour too light for white text (decision 080): white on it, and it on white, read at AA.
  const accent = /^#[0-9a-f]{6}$/i.test(brand.colour) ? brand.colour : DEFAULT_BRAND_COLOUR;
  const logo = brand.logoUrl ? `<img src="${escape(brand.logoUrl)}" alt="" width="120" height="40" data-testid="academy-logo">` : '';
  const others = LANGUAGES.filter((other) => other !== language)
    .map((other) => `<a href="${escape(payPagePath(token, other))}" hreflang="${other}" lang="${other}">${escape(LANGUAGE_NAMES[other])}</a>`)
    .join('');
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<meta name="theme-color" content="${accent}">
<meta name="description" content="${escape(word('payPage', 'See what is left to pay and pay it by UPI.', language))}">
<title>${escape(title)}</title>
<style>${fontFaces(fonts)}:root{--accent:${accent}}${STYLE}</style>
</head>
<body>
<main>
<div class="sheet">
<header><span class="academy">${logo}<span>${escape(academyName)}</span></span><nav aria-label="${escape(word('payPage', 'Language', language))}">${others}</nav></header>
<h1>${escape(word('payPage', 'Pay the fees', language))}</h1>
${body}
</div>
</main>
</body>
</html>`;
}

/** One due: its name, date and state, and how to pay it (or that it was reported paid, paying again one step away). */
function dueHtml(due: PayPage['dues'][number], token: string, language: Language): string {
  // With prices excluding GST what is paid (and what the UPI request asks for) is the balance + GST.
  const amount = rupees(due.gst?.total ?? due.balance);
  const badge = due.reported
    ? `<span class="badge">${html('Reported', language)}</span>`
    : due.status === 'overdue'
      ? `<span class="badge overdue">${html('Overdue', language)}</span>`
      : '';
  const head = `<div class="row"><span class="label">${escape(due.label)}</span><span class="dim">${html('Due date {date}', language, { date: escape(formatDate(due.dueDate)) })} ${badge}</span></div>`;
  const gst = due.gst ? `<div class="dim" data-gst>${html('{balance} + GST {tax} = {total}', language, { balance: escape(rupees(due.balance)), tax: escape(rupees(due.gst.tax)), total: escape(amount) })}</div>` : '';
  if (!due.upi) return `<li data-testid="upi-due">${head}<div><b>${escape(amount)}</b></div>${gst}</li>`;
  const qrUrl = `/api/pay/${encodeURIComponent(token)}/dues/${encodeURIComponent(due._id)}/upi-qr.svg`;
  const qrAlt = escape(word('payPage', 'QR code to pay {amount} by UPI', language, { amount }));
  // A phone (coarse pointer) gets the button that opens its UPI app, the QR code one tap away; a computer the QR code.
  // Hidden images are not fetched (loading=lazy), so each reader downloads one QR code at most.
  const pay = [
    `<a class="pay touch" href="${escape(due.upi.link)}">${html('Pay {amount} by UPI', language, { amount: escape(amount) })}</a>`,
    `<p class="fine">${html('Scan this code with any UPI app on your phone to pay {amount}.', language, { amount: `<b>${escape(amount)}</b>` })}</p>`,
    `<div class="dim">${html('Reference: {reference}', language, { reference: `<code>${escape(due.upi.reference)}</code>` })}</div>`,
    `<img class="fine" src="${escape(qrUrl)}" alt="${qrAlt}" width="200" height="200" loading="lazy">`,
    `<details class="touch"><summary>${html('Show the QR code', language)}</summary><img src="${escape(qrUrl)}" alt="${qrAlt}" width="200" height="200" loading="lazy"></details>`,
  ].join('\n');
  if (!due.reported) return `<li data-testid="upi-due">${head}${gst}\n${pay}</li>`;
  const reported = `<div class="reported"><b>${html('Payment reported · waiting for the office to confirm', language)}</b><br>${escape(rupees(due.reported.amount))} · UTR <code>${escape(due.reported.utr)}</code></div>`;
  // Paying again is one deliberate step away, so nobody pays twice by mistake.
  return `<li data-testid="upi-due">${head}${gst}\n${reported}<details><summary>${html('Pay again', language)}</summary>${pay}</details></li>`;
}

/** The pay link's page for the dues the family still has to pay. */
export function payPageHtml(page: PayPage, token: string, language: Language, fonts: PageFonts = {}, brand: PageBrand = PLAIN): string {
  const title = word('payPage', 'Pay the fees — {academy}', language, { academy: page.academy.name });
  const login = `${language === 'en' ? '' : `/${language}`}/login`;
  if (page.dues.length === 0) {
    const body = `<p class="alert">${html('Nothing is left to pay for {student} now. Thank you!', language, { student: `<b>${escape(page.student.name)}</b>` })}</p>`;
    return documentOf({ language, token, academyName: page.academy.name, title, body, fonts, brand });
  }
  const call = page.academy.phone
    ? ` ${html('Questions? Call {phone}.', language, { phone: `<a href="tel:${escape(page.academy.phone)}">${escape(formatIndianPhone(page.academy.phone))}</a>` })}`
    : '';
  const body = [
    `<p>${html('{academy}: fees of {student}. Left to pay: {total}.', language, { academy: escape(page.academy.name), student: `<b>${escape(page.student.name)}</b>`, total: `<b data-total>${escape(rupees(page.gst?.total ?? page.total))}</b>` })}</p>`,
    page.gst
      ? `<p class="dim" data-gst>${html('Fees are quoted excluding GST: {balance} + GST {tax} = {total}.', language, { balance: escape(rupees(page.total)), tax: escape(rupees(page.gst.tax)), total: escape(rupees(page.gst.total)) })}</p>`
      : '',
    `<ul>${page.dues.map((due) => dueHtml(due, token, language)).join('\n')}</ul>`,
    page.dues.some((due) => !due.upi) ? `<p>${html("Please pay at the academy's office.", language)}</p>` : '',
    `<h2>${html('After you pay', language)}</h2>`,
    `<p class="dim">${html('The office matches your payment with its bank statement, and the receipt appears on the Fees screen of the app.', language)}${call}</p>`,
    `<p class="dim">${html('To tell the office sooner: {signIn} and tap "I have paid" on the Fees screen, with the UPI transaction ID (UTR).', language, { signIn: `<a href="${escape(login)}">${html('sign in', language)}</a>` })}</p>`,
  ].join('\n');
  return documentOf({ language, token, academyName: page.academy.name, title, body, fonts, brand });
}

/** A link that is malformed, forged, past its day, or of a student gone: what to do, in the family's language (404). */
export function payLinkInvalidHtml(token: string, language: Language, academyName: string, fonts: PageFonts = {}, brand: PageBrand = PLAIN): string {
  const login = `${language === 'en' ? '' : `/${language}`}/login`;
  const body = `<p class="alert error" role="alert">${escape(word('api', PAY_LINK_MESSAGES.invalid, language))}</p>
<p><a href="${escape(login)}">${html('Sign in', language)}</a></p>`;
  return documentOf({ language, token, academyName, title: word('payPage', 'Pay the fees — {academy}', language, { academy: academyName }), body, fonts, brand });
}
