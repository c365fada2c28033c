import type { Language } from '../languages';

/**
 * Activity summaries stored as a key and values (decision 015, "texts the server makes from records"):
 * `recordAudit` stores `summary_key` + `summary_values` beside the English `summary`, and the Activity
 * screen, the History panels and the Activity CSV word the entry in the reader's language when read.
 * Each key has its sentence in English, मराठी and हिन्दी; `{name}` is a value put in as written (names,
 * titles, dates as DD-MM-YYYY, numbers). The English sentence is what `summary` stores, word for word
 * what the call sites wrote before keys existed. A call site without a key (or a key a later version
 * dropped) keeps working: its stored English `summary` is shown.
 */
export const AUDIT_TEXTS = {
  // Accounts and sign-in.
  'account.signed_in': ['{name} signed in', '{name} यांनी लॉगिन केले', '{name} ने लॉगिन किया'],
  'account.signin_refused': [
    'Sign-in refused after too many failed tries for {account} (address {ip})',
    '{account} साठी खूप वेळा चुकीचे प्रयत्न झाल्याने लॉगिन नाकारले (पत्ता {ip})',
    '{account} के लिए बहुत बार गलत कोशिश होने से लॉगिन रोका गया (पता {ip})',
  ],
  'account.password_changed': ['Changed their own password', 'स्वतःचा पासवर्ड बदलला', 'अपना पासवर्ड बदला'],
  'account.password_reset_link': ['Password set with an emailed link for {email}', '{email} साठी ईमेलमधील लिंकने पासवर्ड ठेवला', '{email} के लिए ईमेल की लिंक से पासवर्ड रखा गया'],
  'account.password_reset_cli': ['Password of {email} set from the command line', '{email} चा पासवर्ड कमांड लाइनवरून ठेवला', '{email} का पासवर्ड कमांड लाइन से रखा गया'],
  'account.profile_updated': ['Updated their own profile', 'स्वतःची प्रोफाइल बदलली', 'अपनी प्रोफ़ाइल बदली'],
  'account.calendar_created': [
    'Made a new calendar address (any earlier one stopped working)',
    'नवीन कॅलेंडर पत्ता बनवला (आधीचा पत्ता आता चालणार नाही)',
    'नया कैलेंडर पता बनाया (पहले वाला पता अब काम नहीं करेगा)',
  ],
  'account.calendar_deleted': ['Turned off their calendar address', 'स्वतःचा कॅलेंडर पत्ता बंद केला', 'अपना कैलेंडर पता बंद किया'],
  // Catalogue.
  'standard.created': ['Added standard {name}', 'इयत्ता {name} जोडली', 'कक्षा {name} जोड़ी'],
  'standard.updated': ['Updated standard {name}', 'इयत्ता {name} बदलली', 'कक्षा {name} बदली'],
  'standard.deleted': ['Deleted standard {name}', 'इयत्ता {name} हटवली', 'कक्षा {name} हटाई'],
  'subject.created': ['Added subject {name}', 'विषय {name} जोडला', 'विषय {name} जोड़ा'],
  'subject.updated': ['Updated subject {name}', 'विषय {name} बदलला', 'विषय {name} बदला'],
  'subject.deleted': ['Deleted subject {name}', 'विषय {name} हटवला', 'विषय {name} हटाया'],
  'teacher.created': ['Added teacher {name}', 'शिक्षक {name} जोडले', 'शिक्षक {name} जोड़े'],
  'teacher.updated': ['Updated teacher {name}', 'शिक्षक {name} यांची माहिती बदलली', 'शिक्षक {name} की जानकारी बदली'],
  'teacher.updated_password': [
    'Updated teacher {name} (new password set)',
    'शिक्षक {name} यांची माहिती बदलली (नवीन पासवर्ड ठेवला)',
    'शिक्षक {name} की जानकारी बदली (नया पासवर्ड रखा)',
  ],
  'teacher.deleted': ['Deleted teacher {name}', 'शिक्षक {name} यांना हटवले', 'शिक्षक {name} को हटाया'],
  'student.created': ['Added student {name}', 'विद्यार्थी {name} जोडला', 'छात्र {name} जोड़ा'],
  'student.updated': ['Updated student {name}', 'विद्यार्थी {name} ची माहिती बदलली', 'छात्र {name} की जानकारी बदली'],
  'student.updated_password': [
    'Updated student {name} (new password set)',
    'विद्यार्थी {name} ची माहिती बदलली (नवीन पासवर्ड ठेवला)',
    'छात्र {name} की जानकारी बदली (नया पासवर्ड रखा)',
  ],
  'student.archived': ['Archived student {name}', 'विद्यार्थी {name} संग्रहात हलवला', 'छात्र {name} को संग्रह में डाला'],
  // Batches and attendance.
  'batch.created': ['Added batch {name}', 'बॅच {name} जोडली', 'बैच {name} जोड़ा'],
  'batch.updated': ['Updated batch {name}', 'बॅच {name} बदलली', 'बैच {name} बदला'],
  'batch.deleted': ['Deleted batch {name}', 'बॅच {name} हटवली', 'बैच {name} हटाया'],
  'batch.enrolled': ['Enrolled {student} in {batch}', '{student} यांना {batch} बॅचमध्ये घेतले', '{student} को {batch} बैच में जोड़ा'],
  'attendance.marked': [
    'Marked attendance of {batch} for {date}: {present} present, {absent} absent, {late} late',
    '{batch} ची {date} ची हजेरी घेतली: {present} हजर, {absent} गैरहजर, {late} उशिरा',
    '{batch} की {date} की हाज़िरी ली: {present} उपस्थित, {absent} अनुपस्थित, {late} देर से',
  ],
  'attendance.corrected': [
    'Corrected attendance of {batch} for {date}: {present} present, {absent} absent, {late} late',
    '{batch} ची {date} ची हजेरी दुरुस्त केली: {present} हजर, {absent} गैरहजर, {late} उशिरा',
    '{batch} की {date} की हाज़िरी सुधारी: {present} उपस्थित, {absent} अनुपस्थित, {late} देर से',
  ],
  'absence.called': [
    'Ticked "called" for {student}, absent on {date}',
    '{date} रोजी गैरहजर {student} साठी "फोन केला" अशी खूण केली',
    '{date} को अनुपस्थित {student} के लिए "फ़ोन किया" का निशान लगाया',
  ],
  'absence.uncalled': [
    'Removed the "called" tick for {student} on {date}',
    '{date} रोजीची {student} साठीची "फोन केला" खूण काढली',
    '{date} की {student} के लिए "फ़ोन किया" का निशान हटाया',
  ],
  // Announcements and notes.
  'announcement.created': ['Added announcement "{title}"', 'सूचना "{title}" जोडली', 'सूचना "{title}" जोड़ी'],
  'announcement.updated': ['Updated announcement "{title}"', 'सूचना "{title}" बदलली', 'सूचना "{title}" बदली'],
  'announcement.deleted': ['Deleted announcement "{title}"', 'सूचना "{title}" हटवली', 'सूचना "{title}" हटाई'],
  'note.uploaded': ['Uploaded note "{title}" ({file})', 'नोट्स "{title}" अपलोड केल्या ({file})', 'नोट्स "{title}" अपलोड किए ({file})'],
  'note.updated': ['Updated note "{title}"', 'नोट्स "{title}" बदलल्या', 'नोट्स "{title}" बदले'],
  'note.updated_file': ['Updated note "{title}" (new file {file})', 'नोट्स "{title}" बदलल्या (नवीन फाइल {file})', 'नोट्स "{title}" बदले (नई फ़ाइल {file})'],
  'note.deleted': ['Deleted note "{title}"', 'नोट्स "{title}" हटवल्या', 'नोट्स "{title}" हटाए'],
  // Enquiries.
  'enquiry.public_form': ['Admission enquiry from {name} (public form)', '{name} यांची अ‍ॅडमिशन चौकशी (वेबसाइटवरील फॉर्म)', '{name} की एडमिशन पूछताछ (वेबसाइट का फॉर्म)'],
  'enquiry.office': ['Recorded an office enquiry from {name}', '{name} यांची ऑफिसमधील चौकशी नोंदवली', '{name} की ऑफ़िस में आई पूछताछ दर्ज की'],
  'enquiry.contact': ['Contact message from {name}', '{name} यांचा संपर्क संदेश', '{name} का संपर्क संदेश'],
  'enquiry.updated': ['Updated the enquiry of {name}', '{name} यांची चौकशी बदलली', '{name} की पूछताछ बदली'],
  'enquiry.deleted': ['Deleted the enquiry of {name}', '{name} यांची चौकशी हटवली', '{name} की पूछताछ हटाई'],
  'enquiry.converted': ['Converted the enquiry of {name} to a student', '{name} यांच्या चौकशीतून विद्यार्थी बनवला', '{name} की पूछताछ से छात्र बनाया'],
  // Backups.
  'backup.created': ['Made backup {name}', 'बॅकअप {name} बनवला', 'बैकअप {name} बनाया'],
  'backup.created_automatic': ['Made the automatic backup {name}', 'आपोआप होणारा बॅकअप {name} बनवला', 'अपने-आप होने वाला बैकअप {name} बनाया'],
  'backup.deleted': ['Deleted backup {name}', 'बॅकअप {name} हटवला', 'बैकअप {name} हटाया'],
  'backup.deleted_automatic': ['Removed the old automatic backup {name}', 'जुना आपोआप झालेला बॅकअप {name} काढला', 'पुराना अपने-आप बना बैकअप {name} हटाया'],
  'backup.uploaded': ['Uploaded backup {name}', 'बॅकअप {name} अपलोड केला', 'बैकअप {name} अपलोड किया'],
  'backup.restored': ['Restored backup {name}', 'बॅकअप {name} पुनर्संचयित केला', 'बैकअप {name} रिस्टोर किया'],
  'backup.restored_unsigned_cli': [
    'Restored backup {name} from the command line although it is not signed by this server (--trust-unsigned)',
    'बॅकअप {name} या सर्व्हरची सही नसतानाही कमांड लाइनवरून पुनर्संचयित केला (--trust-unsigned)',
    'बैकअप {name} इस सर्वर के हस्ताक्षर के बिना कमांड लाइन से रिस्टोर किया (--trust-unsigned)',
  ],
  // Enquiry moves ({from} and {to} are status codes, worded in the reader's language: see WORDED_VALUES).
  'enquiry.status': ['Moved the enquiry of {name} from {from} to {to}', '{name} यांची चौकशी "{from}" मधून "{to}" मध्ये हलवली', '{name} की पूछताछ "{from}" से "{to}" में की'],
  // Batches.
  'batch.unenrolled': ['Removed a student from {batch}', '{batch} बॅचमधून एक विद्यार्थी काढला', '{batch} बैच से एक छात्र हटाया'],
  'batch.unenrolled_dues': [
    'Removed a student from {batch} and cancelled their unpaid dues ({count})',
    '{batch} बॅचमधून एक विद्यार्थी काढला आणि त्याची न भरलेली देय फी रद्द केली ({count})',
    '{batch} बैच से एक छात्र हटाया और उसकी बिना भरी देय फीस रद्द की ({count})',
  ],
  // Parents.
  'parent.added': ['Added parent {name} for {student}', '{student} यांच्यासाठी पालक {name} जोडले', '{student} के लिए अभिभावक {name} जोड़े'],
  'parent.linked': ['Linked parent {name} to {student}', 'पालक {name} यांना {student} शी जोडले', 'अभिभावक {name} को {student} से जोड़ा'],
  'parent.linked_on_convert': [
    'Linked a parent to {student} on converting their enquiry',
    'चौकशीतून विद्यार्थी बनवताना {student} शी पालक जोडले',
    'पूछताछ से छात्र बनाते समय {student} से अभिभावक जोड़े',
  ],
  'parent.unlinked': ['Unlinked a parent from a student', 'विद्यार्थ्यापासून पालक वेगळे केले', 'छात्र से अभिभावक अलग किए'],
  'parent_message.retried_absence': ['Sent a failed absence alert again', 'न गेलेली गैरहजेरीची सूचना पुन्हा पाठवली', 'न पहुँची अनुपस्थिति की सूचना फिर से भेजी'],
  'parent_message.retried_fee_reminder': ['Sent a failed fee reminder again', 'न गेलेली फीची आठवण पुन्हा पाठवली', 'न पहुँचा फीस का रिमाइंडर फिर से भेजा'],
  'parent_message.retried_fee_receipt': ['Sent a failed fee receipt message again', 'न गेलेला फी पावतीचा संदेश पुन्हा पाठवला', 'न पहुँचा फीस रसीद का संदेश फिर से भेजा'],
  'parent_message.retried_report_card': ['Sent a failed report card message again', 'न गेलेला प्रगतिपत्रकाचा संदेश पुन्हा पाठवला', 'न पहुँचा रिपोर्ट कार्ड का संदेश फिर से भेजा'],
  'parent_message.retried': ['Sent a failed message to a parent again', 'पालकांना न गेलेला संदेश पुन्हा पाठवला', 'अभिभावक को न पहुँचा संदेश फिर से भेजा'],
  // Settings.
  'settings.updated': ['Updated the academy settings', 'अकॅडमीची सेटिंग्ज बदलली', 'अकैडमी की सेटिंग्स बदलीं'],
  'settings.parent_alerts': ['Updated the absence alerts and parent webhook', 'गैरहजेरीच्या सूचना आणि पालकांचा वेबहुक बदलला', 'अनुपस्थिति की सूचनाएँ और अभिभावकों का वेबहुक बदला'],
  'settings.parent_alerts_secret': [
    'Updated the absence alerts and parent webhook; webhook secret changed',
    'गैरहजेरीच्या सूचना आणि पालकांचा वेबहुक बदलला; वेबहुकचे सिक्रेट बदलले',
    'अनुपस्थिति की सूचनाएँ और अभिभावकों का वेबहुक बदला; वेबहुक का सीक्रेट बदला',
  ],
  'settings.webhook_secret': ['Webhook secret changed', 'वेबहुकचे सिक्रेट बदलले', 'वेबहुक का सीक्रेट बदला'],
  // Accounts made on the server's command line ({role} is worded in the reader's language).
  'account.created_cli': ['Created the {role} account {email} from the command line', '{email} हे {role} खाते कमांड लाइनवरून बनवले', '{email} {role} खाता कमांड लाइन से बनाया'],
  // Fees ({mode} is worded in the reader's language; amounts as ₹1,25,000).
  'fee_plan.created': ['Created fee plan {name} (₹{amount}) for {batch}', '{batch} साठी फी योजना {name} (₹{amount}) बनवली', '{batch} के लिए फीस योजना {name} (₹{amount}) बनाई'],
  'fee_plan.updated': ['Updated fee plan {name} for {batch}', '{batch} ची फी योजना {name} बदलली', '{batch} की फीस योजना {name} बदली'],
  'fee_plan.updated_moved': [
    'Updated fee plan {name} for {batch}; the future dues of enrolled students follow ({count})',
    '{batch} ची फी योजना {name} बदलली; बॅचमधील विद्यार्थ्यांची पुढची देय फीही बदलली ({count})',
    '{batch} की फीस योजना {name} बदली; बैच के छात्रों की आगे की देय फीस भी बदली ({count})',
  ],
  'fee_plan.deleted': ['Deleted fee plan {name}', 'फी योजना {name} हटवली', 'फीस योजना {name} हटाई'],
  'fee_receipt.created': ['Recorded payment {number} of ₹{amount} ({mode}) from {student}', '{student} यांचा ₹{amount} चा भरणा नोंदवला ({mode}), पावती {number}', '{student} का ₹{amount} का भुगतान दर्ज किया ({mode}), रसीद {number}'],
  'fee_receipt.cancelled': ['Cancelled receipt {number} (₹{amount}): {reason}', 'पावती {number} (₹{amount}) रद्द केली: {reason}', 'रसीद {number} (₹{amount}) रद्द की: {reason}'],
  'fee_concession.amount': ['Gave {student} a concession of ₹{amount}: {reason}', '{student} यांना ₹{amount} ची सवलत दिली: {reason}', '{student} को ₹{amount} की छूट दी: {reason}'],
  'fee_concession.percent': ['Gave {student} a concession of ₹{amount} ({percent}%): {reason}', '{student} यांना ₹{amount} ({percent}%) ची सवलत दिली: {reason}', '{student} को ₹{amount} ({percent}%) की छूट दी: {reason}'],
  'fee_reminder.sent': ['Sent fee reminders: {dues} dues of {students} students', 'फीची आठवण पाठवली: {students} विद्यार्थ्यांची {dues} देय फी', 'फीस का रिमाइंडर भेजा: {students} छात्रों की {dues} देय फीस'],
  // Tests and marks.
  'test.created': ['Created test {name} ({date}, out of {max}) in {batch}', '{batch} मध्ये टेस्ट {name} बनवली ({date}, {max} पैकी)', '{batch} में टेस्ट {name} बनाया ({date}, {max} में से)'],
  'test.updated': ['Updated test {name} in {batch}', '{batch} मधील टेस्ट {name} बदलली', '{batch} का टेस्ट {name} बदला'],
  'test.corrected': ['Corrected published test {name} in {batch}', '{batch} मधील प्रसिद्ध केलेली टेस्ट {name} दुरुस्त केली', '{batch} का प्रकाशित टेस्ट {name} सुधारा'],
  'test.deleted': ['Deleted test {name} ({date}) of {batch}', '{batch} ची टेस्ट {name} ({date}) हटवली', '{batch} का टेस्ट {name} ({date}) हटाया'],
  'test.marks_entered': ['Entered marks of {name} ({batch}): {marked} with marks, {absent} absent', '{name} ({batch}) चे गुण भरले: {marked} जणांना गुण, {absent} गैरहजर', '{name} ({batch}) के अंक भरे: {marked} के अंक, {absent} अनुपस्थित'],
  'test.marks_imported': ['Entered marks of {name} ({batch}) from a CSV file: {marked} with marks, {absent} absent', '{name} ({batch}) चे गुण CSV फाइलमधून भरले: {marked} जणांना गुण, {absent} गैरहजर', '{name} ({batch}) के अंक CSV फ़ाइल से भरे: {marked} के अंक, {absent} अनुपस्थित'],
  'test.marks_corrected': ['Corrected published marks of {name} ({batch}): {marked} with marks, {absent} absent', '{name} ({batch}) चे प्रसिद्ध केलेले गुण दुरुस्त केले: {marked} जणांना गुण, {absent} गैरहजर', '{name} ({batch}) के प्रकाशित अंक सुधारे: {marked} के अंक, {absent} अनुपस्थित'],
  'test.marks_corrected_imported': [
    'Corrected published marks of {name} ({batch}) from a CSV file: {marked} with marks, {absent} absent',
    '{name} ({batch}) चे प्रसिद्ध केलेले गुण CSV फाइलमधून दुरुस्त केले: {marked} जणांना गुण, {absent} गैरहजर',
    '{name} ({batch}) के प्रकाशित अंक CSV फ़ाइल से सुधारे: {marked} के अंक, {absent} अनुपस्थित',
  ],
  'test.published': ['Published results of {name} ({batch})', '{name} ({batch}) चा निकाल प्रसिद्ध केला', '{name} ({batch}) का परिणाम प्रकाशित किया'],
  'test.report_cards_mailed': ['Queued report cards of {count} students of {batch} for mailing', '{batch} च्या {count} विद्यार्थ्यांची प्रगतिपत्रके ईमेलने पाठवायला ठेवली', '{batch} के {count} छात्रों के रिपोर्ट कार्ड ईमेल से भेजने के लिए रखे'],
  'test.remark_written': ['Wrote the report card remark of {student} in {batch}', '{batch} मधील {student} यांच्या प्रगतिपत्रकाचा शेरा लिहिला', '{batch} में {student} के रिपोर्ट कार्ड की टिप्पणी लिखी'],
  'test.remark_removed': ['Removed the report card remark of {student} in {batch}', '{batch} मधील {student} यांच्या प्रगतिपत्रकाचा शेरा काढला', '{batch} में {student} के रिपोर्ट कार्ड की टिप्पणी हटाई'],
} as const satisfies Record<string, readonly [en: string, mr: string, hi: string]>;

export type AuditTextKey = keyof typeof AUDIT_TEXTS;
export type AuditText = { key: AuditTextKey; values?: Record<string, string | number> };

const PLACEHOLDER = /\{(\w+)\}/g;

/**
 * Values that are the product's own words, not names: stored as their code ('contacted', 'upi',
 * 'teacher') under these placeholder names, and worded in the reader's language (the glossary's words).
 */
const ENQUIRY_STATUS_WORDS: Record<string, readonly [string, string, string]> = {
  new: ['new', 'नवीन', 'नई'],
  contacted: ['contacted', 'संपर्क झाला', 'संपर्क हुआ'],
  admitted: ['admitted', 'अ‍ॅडमिशन झाले', 'एडमिशन हुआ'],
  rejected: ['rejected', 'नाकारली', 'अस्वीकृत'],
};
const WORDED_VALUES: Record<string, Record<string, readonly [string, string, string]>> = {
  from: ENQUIRY_STATUS_WORDS,
  to: ENQUIRY_STATUS_WORDS,
  mode: {
    cash: ['cash', 'रोख', 'नकद'],
    upi: ['UPI', 'UPI', 'UPI'],
    cheque: ['cheque', 'चेक', 'चेक'],
    bank_transfer: ['bank transfer', 'बँक ट्रान्सफर', 'बैंक ट्रांसफ़र'],
    card: ['card', 'कार्ड', 'कार्ड'],
  },
  role: {
    admin: ['admin', 'ऑफिस (अ‍ॅडमिन)', 'ऑफ़िस (एडमिन)'],
    teacher: ['teacher', 'शिक्षक', 'शिक्षक'],
    student: ['student', 'विद्यार्थी', 'छात्र'],
    parent: ['parent', 'पालक', 'अभिभावक'],
  },
};

/**
 * An Activity entry's summary in a language, from its stored key and values; null for an unknown key
 * (the caller then shows the stored English summary). Values are put in as written, except the
 * product's own words in WORDED_VALUES (a status, a payment mode, a role).
 */
export function wordAuditSummary(key: string, values: Record<string, unknown> | null | undefined, language: Language): string | null {
  const texts = (AUDIT_TEXTS as Record<string, readonly [string, string, string]>)[key];
  if (!texts) return null;
  const index = language === 'mr' ? 1 : language === 'hi' ? 2 : 0;
  const pattern = texts[index];
  return pattern.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values?.[name];
    if (value === undefined || value === null) return whole;
    return WORDED_VALUES[name]?.[String(value)]?.[index] ?? String(value);
  });
}
