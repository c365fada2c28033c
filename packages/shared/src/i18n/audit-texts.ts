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
} as const satisfies Record<string, readonly [en: string, mr: string, hi: string]>;

export type AuditTextKey = keyof typeof AUDIT_TEXTS;
export type AuditText = { key: AuditTextKey; values?: Record<string, string | number> };

const PLACEHOLDER = /\{(\w+)\}/g;

/**
 * An Activity entry's summary in a language, from its stored key and values; null for an unknown key
 * (the caller then shows the stored English summary). Values are put in as written.
 */
export function wordAuditSummary(key: string, values: Record<string, unknown> | null | undefined, language: Language): string | null {
  const texts = (AUDIT_TEXTS as Record<string, readonly [string, string, string]>)[key];
  if (!texts) return null;
  const pattern = texts[language === 'mr' ? 1 : language === 'hi' ? 2 : 0];
  return pattern.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values?.[name];
    return value === undefined || value === null ? whole : String(value);
  });
}
