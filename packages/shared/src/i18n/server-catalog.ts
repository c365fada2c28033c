import type { Language } from '../languages';
import { SERVER_MESSAGES } from './server-messages';

/**
 * THE catalog of every text the server sends a person (docs/decisions/028-one-server-catalog.md): API
 * messages, mails and parents' messages, the receipt and report-card PDFs, Activity summaries, CSV
 * headers, notifications. Every entry has one shape, `[English, मराठी, हिन्दी]`; `{name}` marks a value
 * put in as written. Entries are grouped in sections (where a text is read); the same English may read
 * differently in two sections ("Date" is दिनांक on a receipt, तारीख on a report card), never within one.
 * The English is the message itself (as in the web's Lingui catalogs) and stays word for word what the
 * spec and the tests read. `word()` is the one way to word an entry; its type only takes an English
 * text that is in the section, so a text missing from the catalog does not type-check.
 *
 * The `api` section lives in server-messages.ts (the web app loads it alone, for Marathi and Hindi
 * pages, to word form checks); the reply hook (apps/api/src/lib/translate-reply.ts) matches the English
 * the services wrote against it, values and all. test: server-catalog.test.ts.
 */
export const SERVER_CATALOG = {
  api: SERVER_MESSAGES,

  /** The column headers of the office's CSV files (apps/api/src/lib/csv.ts); cells stay as stored. */
  csv: [
    // Students (students.service.ts).
    ['Name', 'नाव', 'नाम'],
    ['Email', 'ईमेल', 'ईमेल'],
    ['Phone (+91)', 'मोबाईल नंबर (+91)', 'मोबाइल नंबर (+91)'],
    ['Gender', 'लिंग', 'लिंग'],
    ['Date of birth', 'जन्मतारीख', 'जन्म तिथि'],
    ['Standard', 'इयत्ता', 'कक्षा'],
    ['School', 'शाळा', 'स्कूल'],
    ['Batches', 'बॅच', 'बैच'],
    ['Parent name', 'पालकांचे नाव', 'अभिभावक का नाम'],
    ['Parent phone (+91)', 'पालकांचा मोबाईल नंबर (+91)', 'अभिभावक का मोबाइल नंबर (+91)'],
    ['Parent email', 'पालकांचा ईमेल', 'अभिभावक का ईमेल'],
    ['Address', 'पत्ता', 'पता'],
    ['Admission date', 'प्रवेशाची तारीख', 'प्रवेश की तारीख'],
    ['Status', 'स्थिती', 'स्थिति'],
    // A gender or address nobody gave (decision 040): the one cell that is worded, not stored.
    ['Not given', 'दिलेले नाही', 'नहीं दिया'],
    // Fee dues (fees.service.ts).
    ['Student', 'विद्यार्थी', 'छात्र'],
    ['Batch', 'बॅच', 'बैच'],
    ['Due', 'हप्ता', 'किस्त'],
    ['Due date', 'देय तारीख', 'देय तिथि'],
    ['Amount (₹)', 'रक्कम (₹)', 'राशि (₹)'],
    ['Concession (₹)', 'सवलत (₹)', 'छूट (₹)'],
    ['Paid (₹)', 'भरलेली रक्कम (₹)', 'भुगतान की गई राशि (₹)'],
    ['Balance (₹)', 'बाकी (₹)', 'बाकी (₹)'],
    ['Days overdue', 'थकीत दिवस', 'तारीख निकले दिन'],
    ['Last reminder', 'शेवटची आठवण', 'आखिरी रिमाइंडर'],
    // Activity (audit.service.ts).
    ['When (UTC)', 'केव्हा (UTC)', 'कब (UTC)'],
    ['Who', 'कोणी', 'किसने'],
    ['Role', 'भूमिका', 'भूमिका'],
    ['Action', 'कृती', 'कार्य'],
    ['Record type', 'नोंदीचा प्रकार', 'रिकॉर्ड का प्रकार'],
    ['Record id', 'नोंदीचा आयडी', 'रिकॉर्ड आईडी'],
    ['Summary', 'सारांश', 'सारांश'],
    ['Changes', 'बदल', 'बदलाव'],
  ],

  /**
   * The academy workbook (GET /api/exports/academy.xlsx, apps/api/src/modules/exports): sheet names,
   * column headers and the product's own words in its cells (statuses, relations, modes, days).
   * Names, labels and other data stay as stored. A sheet name has at most 31 characters.
   */
  workbook: [
    // Sheets.
    ['Students', 'विद्यार्थी', 'छात्र'],
    ['Teachers', 'शिक्षक', 'शिक्षक'],
    ['Batches', 'बॅच', 'बैच'],
    ['Enrolments', 'बॅचमधील विद्यार्थी', 'बैच के छात्र'],
    ['Attendance', 'हजेरी', 'उपस्थिति'],
    ['Dues', 'देय फी', 'देय फीस'],
    ['Receipts', 'पावत्या', 'रसीदें'],
    ['Test marks', 'टेस्टचे गुण', 'टेस्ट के अंक'],
    // An online test's results (issue 40, GET /api/online-tests/{id}/results.xlsx).
    ['Results', 'निकाल', 'परिणाम'],
    ['Questions', 'प्रश्न', 'प्रश्न'],
    ['Rank', 'क्रमांक', 'रैंक'],
    ['Score', 'गुण', 'अंक'],
    ['Right', 'बरोबर', 'सही'],
    ['Wrong', 'चूक', 'गलत'],
    ['Left', 'सोडलेले', 'छोड़े गए'],
    ['Question', 'प्रश्न क्र.', 'प्रश्न क्र.'],
    ['Chapter', 'प्रकरण', 'अध्याय'],
    ['Answered', 'उत्तर दिलेले', 'उत्तर दिए'],
    ['% right', '% बरोबर', '% सही'],
    ['Discrimination', 'फरक क्षमता', 'भेद क्षमता'],
    // Headers.
    ['Student ID', 'विद्यार्थी आयडी', 'छात्र आईडी'],
    ['Name', 'नाव', 'नाम'],
    ['Email', 'ईमेल', 'ईमेल'],
    ['Phone (+91)', 'मोबाईल नंबर (+91)', 'मोबाइल नंबर (+91)'],
    ['Gender', 'लिंग', 'लिंग'],
    ['Date of birth', 'जन्मतारीख', 'जन्म तिथि'],
    ['Standard', 'इयत्ता', 'कक्षा'],
    ['School', 'शाळा', 'स्कूल'],
    ['Address', 'पत्ता', 'पता'],
    ['Status', 'स्थिती', 'स्थिति'],
    ['Admission date', 'प्रवेशाची तारीख', 'प्रवेश की तारीख'],
    ['Parent {n} name', 'पालक {n}: नाव', 'अभिभावक {n}: नाम'],
    // A student's gender or address nobody gave (decision 040); the register import reads it back as empty.
    ['Not given', 'दिलेले नाही', 'नहीं दिया'],
    ['Parent {n} relation', 'पालक {n}: नाते', 'अभिभावक {n}: रिश्ता'],
    ['Parent {n} phone (+91)', 'पालक {n}: मोबाईल नंबर (+91)', 'अभिभावक {n}: मोबाइल नंबर (+91)'],
    ['Parent {n} email', 'पालक {n}: ईमेल', 'अभिभावक {n}: ईमेल'],
    ['Qualification', 'शिक्षण', 'योग्यता'],
    ['Subjects', 'विषय', 'विषय'],
    ['Joining date', 'रुजू होण्याची तारीख', 'जुड़ने की तारीख'],
    ['Batch', 'बॅच', 'बैच'],
    ['Subject', 'विषय', 'विषय'],
    ['Teacher', 'शिक्षक', 'शिक्षक'],
    ['Days', 'दिवस', 'दिन'],
    ['Start time', 'सुरू होण्याची वेळ', 'शुरू होने का समय'],
    ['End time', 'संपण्याची वेळ', 'खत्म होने का समय'],
    ['Start date', 'सुरू होण्याची तारीख', 'शुरू होने की तारीख'],
    ['End date', 'संपण्याची तारीख', 'खत्म होने की तारीख'],
    ['Capacity', 'क्षमता', 'क्षमता'],
    ['Students enrolled', 'दाखल विद्यार्थी', 'दाखिल छात्र'],
    ['Student', 'विद्यार्थी', 'छात्र'],
    ['Enrolled on', 'बॅचमध्ये घेतल्याची तारीख', 'बैच में जोड़ने की तारीख'],
    ['Month', 'महिना', 'महीना'],
    ['Present', 'हजर', 'उपस्थित'],
    ['Late', 'उशिरा', 'देर से'],
    ['Absent', 'गैरहजर', 'अनुपस्थित'],
    ['Excused', 'रजा', 'अवकाश'],
    ['Days marked', 'हजेरी नोंदलेले दिवस', 'हाज़िरी दर्ज दिन'],
    ['Attendance %', 'हजेरी %', 'उपस्थिति %'],
    ['Due', 'हप्ता', 'किस्त'],
    ['Due date', 'देय तारीख', 'देय तिथि'],
    ['Amount (₹)', 'रक्कम (₹)', 'राशि (₹)'],
    ['Concession (₹)', 'सवलत (₹)', 'छूट (₹)'],
    ['Paid (₹)', 'भरलेली रक्कम (₹)', 'भुगतान की गई राशि (₹)'],
    ['Balance (₹)', 'बाकी (₹)', 'बाकी (₹)'],
    ['Receipt number', 'पावती क्रमांक', 'रसीद क्रमांक'],
    ['Date', 'तारीख', 'तारीख'],
    ['Mode', 'भरण्याची पद्धत', 'भुगतान का तरीका'],
    ['Reference', 'संदर्भ', 'संदर्भ'],
    ['Cancelled', 'रद्द', 'रद्द'],
    ['Reason for cancelling', 'रद्द करण्याचे कारण', 'रद्द करने का कारण'],
    ['Test', 'टेस्ट', 'टेस्ट'],
    ['Topic', 'विषयभाग', 'टॉपिक'],
    ['Marks', 'गुण', 'अंक'],
    ['Maximum marks', 'एकूण गुण', 'कुल अंक'],
    ['Published', 'प्रसिद्ध', 'प्रकाशित'],
    // Cells: the product's own words.
    ['Yes', 'होय', 'हाँ'],
    ['Male', 'पुरुष', 'पुरुष'],
    ['Female', 'स्त्री', 'महिला'],
    ['Other', 'इतर', 'अन्य'],
    ['Active', 'चालू', 'सक्रिय'],
    ['Archived', 'संग्रहित', 'संग्रहित'],
    ['Alumni', 'माजी विद्यार्थी', 'पूर्व छात्र'],
    ['Carried over', 'पुढील वर्षात नेले', 'अगले वर्ष में ले जाया गया'],
    ['Inactive', 'बंद', 'निष्क्रिय'],
    ['On leave', 'रजेवर', 'छुट्टी पर'],
    ['Mother', 'आई', 'माँ'],
    ['Father', 'वडील', 'पिता'],
    ['Guardian', 'गार्डियन', 'संरक्षक'],
    ['Paid', 'भरले', 'जमा'],
    ['To pay', 'भरायची', 'भरनी है'],
    ['Overdue', 'थकीत', 'तारीख निकली'],
    ['Cash', 'रोख', 'नकद'],
    ['UPI', 'UPI', 'UPI'],
    ['Cheque', 'चेक', 'चेक'],
    ['Bank transfer', 'बँक ट्रान्सफर', 'बैंक ट्रांसफ़र'],
    ['Card', 'कार्ड', 'कार्ड'],
    ['Opening balance (carried over)', 'आधीची जमा रक्कम (पुढे आणलेली)', 'पिछली जमा रकम (आगे लाई गई)'],
    ['Mon', 'सोम', 'सोम'],
    ['Tue', 'मंगळ', 'मंगल'],
    ['Wed', 'बुध', 'बुध'],
    ['Thu', 'गुरु', 'गुरु'],
    ['Fri', 'शुक्र', 'शुक्र'],
    ['Sat', 'शनि', 'शनि'],
    ['Sun', 'रवि', 'रवि'],
    // A student's board and medium (issue 39).
    ['Board', 'बोर्ड', 'बोर्ड'],
    ['Medium', 'माध्यम', 'माध्यम'],
    ['State board', 'राज्य मंडळ', 'राज्य बोर्ड'],
    ['CBSE', 'सीबीएसई', 'सीबीएसई'],
    ['ICSE', 'आयसीएसई', 'आईसीएसई'],
    ['Marathi', 'मराठी', 'मराठी'],
    ['English', 'इंग्रजी', 'अंग्रेज़ी'],
    ['Semi-English', 'सेमी इंग्रजी', 'सेमी अंग्रेज़ी'],
    ['Hindi', 'हिंदी', 'हिंदी'],
    ['Urdu', 'उर्दू', 'उर्दू'],
  ],

  /** The class calendar (.ics: the secret feed address and the download, apps/api/src/modules/batches/schedule.service.ts), in its owner's language. */
  calendar: [
    ['{academy}: classes', '{academy}: तासिका', '{academy}: कक्षाएँ'],
    ['Teacher: {name}', 'शिक्षक: {name}', 'शिक्षक: {name}'],
    ['Mon', 'सोम', 'सोम'],
    ['Tue', 'मंगळ', 'मंगल'],
    ['Wed', 'बुध', 'बुध'],
    ['Thu', 'गुरु', 'गुरु'],
    ['Fri', 'शुक्र', 'शुक्र'],
    ['Sat', 'शनि', 'शनि'],
    ['Sun', 'रवि', 'रवि'],
  ],

  /** The fee receipt's PDF (apps/api/src/modules/fees/receipt-pdf.ts). */
  receipt: [
    ['Fee receipt', 'फी पावती', 'फीस रसीद'],
    ['Receipt number', 'पावती क्रमांक', 'रसीद क्रमांक'],
    ['Date', 'दिनांक', 'तारीख'],
    ['Student', 'विद्यार्थी', 'छात्र'],
    ['Batch', 'बॅच', 'बैच'],
    ['Amount received', 'मिळालेली रक्कम', 'प्राप्त राशि'],
    ['In words', 'अक्षरी', 'शब्दों में'],
    ['Paid by', 'भरण्याची पद्धत', 'भुगतान का तरीका'],
    ['Reference', 'संदर्भ', 'संदर्भ'],
    ['Paid towards', 'कशासाठी भरले', 'किसके लिए भुगतान'],
    ['Balance after this payment', 'या भरण्यानंतर उरलेली रक्कम', 'इस भुगतान के बाद बाकी राशि'],
    ['CANCELLED', 'रद्द', 'रद्द'],
    ['Note', 'टीप', 'टिप्पणी'],
    ['This is a computer-generated receipt.', 'ही संगणकाने तयार केलेली पावती आहे.', 'यह कंप्यूटर से बनी रसीद है.'],
    // A tax invoice (issue 57).
    ['Fee receipt cum tax invoice', 'फी पावती तथा कर बीजक', 'फीस रसीद सह कर बीजक'],
    ['Invoice number', 'बीजक क्रमांक', 'बीजक क्रमांक'],
    ['Supplier', 'पुरवठादार', 'आपूर्तिकर्ता'],
    ['GSTIN', 'GSTIN', 'GSTIN'],
    ['Address', 'पत्ता', 'पता'],
    ['Place of supply', 'पुरवठ्याचे ठिकाण', 'आपूर्ति का स्थान'],
    ['SAC', 'SAC', 'SAC'],
    ['Taxable value', 'करपात्र मूल्य', 'कर योग्य मूल्य'],
    ['CGST', 'CGST', 'CGST'],
    ['SGST', 'SGST', 'SGST'],
    ['IGST', 'IGST', 'IGST'],
    ['Total', 'एकूण', 'कुल'],
    ['Payer', 'देयक', 'भुगतानकर्ता'],
    ["Payer's GSTIN", 'देयकाचा GSTIN', 'भुगतानकर्ता का GSTIN'],
    ['Exempt (no GST)', 'करमुक्त (GST नाही)', 'कर-मुक्त (GST नहीं)'],
    ['Credit note {number} dated {date} cancels this invoice.', 'दिनांक {date} ची क्रेडिट नोट {number} हे बीजक रद्द करते.', 'दिनांक {date} का क्रेडिट नोट {number} इस बीजक को रद्द करता है.'],
    // Receipt modes (RECEIPT_MODE_LABELS in schemas/fees.ts is the English).
    ['Cash', 'रोख', 'नकद'],
    ['UPI', 'UPI', 'UPI'],
    ['Cheque', 'चेक', 'चेक'],
    ['Bank transfer', 'बँक ट्रान्सफर', 'बैंक ट्रांसफ़र'],
    ['Opening balance (carried over)', 'आधीची जमा रक्कम (पुढे आणलेली)', 'पिछली जमा रकम (आगे लाई गई)'],
    ['Card', 'कार्ड', 'कार्ड'],
  ],

  /** The fee slip's PDF (apps/api/src/modules/fees/fee-slip.ts): one due, its amount, reference and UPI QR code. */
  feeSlip: [
    ['Fee slip', 'फी भरण्याची स्लिप', 'फीस भुगतान पर्ची'],
    ['Student', 'विद्यार्थी', 'छात्र'],
    ['Student ID', 'विद्यार्थी आयडी', 'छात्र आईडी'],
    ['Batch', 'बॅच', 'बैच'],
    ['Fee', 'फी', 'फीस'],
    ['Due date', 'देय तारीख', 'देय तिथि'],
    ['Amount to pay', 'भरायची रक्कम', 'भरने की राशि'],
    ['In words', 'अक्षरी', 'शब्दों में'],
    ['Reference', 'संदर्भ', 'संदर्भ'],
    ['Scan this code with any UPI app (GPay, PhonePe, Paytm, BHIM) to pay {payee}.', '{payee} यांना पैसे भरण्यासाठी कोणत्याही UPI ॲपने (GPay, PhonePe, Paytm, BHIM) हा कोड स्कॅन करा.', '{payee} को भुगतान करने के लिए किसी भी UPI ऐप (GPay, PhonePe, Paytm, BHIM) से यह कोड स्कैन करें.'],
    ['UPI ID: {vpa}', 'UPI ID: {vpa}', 'UPI ID: {vpa}'],
    ['If you pay another way, write the reference {reference} with the payment.', 'दुसऱ्या प्रकारे भरल्यास पेमेंटसोबत {reference} हा संदर्भ लिहा.', 'किसी और तरीके से भरें तो भुगतान के साथ {reference} संदर्भ लिखें.'],
    ['Please pay at the office and mention the reference {reference}.', 'कृपया ऑफिसमध्ये फी भरा आणि {reference} हा संदर्भ सांगा.', 'कृपया ऑफ़िस में फीस भरें और {reference} संदर्भ बताएँ.'],
    ['This is a computer-generated slip. The amount is what was left to pay on {date}.', 'ही संगणकाने तयार केलेली स्लिप आहे. रक्कम {date} रोजी भरायची बाकी होती तेवढी आहे.', 'यह कंप्यूटर से बनी पर्ची है. राशि वह है जो {date} को भरनी बाकी थी.'],
  ],

  /**
   * A student's sign-in slip (issue 42; apps/api/src/modules/students/sign-in-slip.ts): the address to
   * open, the student ID and the first password, in the family's language. The words the sign-in page
   * shows ("Email or student ID", "Login") are the web app's own, so the steps match the screen.
   */
  signInSlip: [
    ['Sign-in slip', 'लॉगिन स्लिप', 'लॉगिन पर्ची'],
    ['Student', 'विद्यार्थी', 'छात्र'],
    ['Open', 'हा पत्ता उघडा', 'यह पता खोलें'],
    ['Student ID', 'विद्यार्थी आयडी', 'छात्र आईडी'],
    ['Password', 'पासवर्ड', 'पासवर्ड'],
    ['How to sign in', 'लॉगिन कसे करायचे', 'लॉगिन कैसे करें'],
    ['1. Open the address above on a phone or computer.', '1. वरचा पत्ता फोनवर किंवा कॉम्प्युटरवर उघडा.', '1. ऊपर दिया पता फ़ोन या कंप्यूटर पर खोलें.'],
    ['2. In "{field}", type the student ID.', '2. "{field}" मध्ये विद्यार्थी आयडी लिहा.', '2. "{field}" में छात्र आईडी लिखें.'],
    ['3. Type the password exactly as printed (small letters, with the dash), then tap "{button}".', '3. पासवर्ड छापल्याप्रमाणेच लिहा (लहान अक्षरे, डॅशसह), मग "{button}" दाबा.', '3. पासवर्ड बिल्कुल छपे हुए जैसा लिखें (छोटे अक्षर, डैश के साथ), फिर "{button}" दबाएँ.'],
    ['Email or student ID', 'ईमेल किंवा विद्यार्थी आयडी', 'ईमेल या छात्र आईडी'],
    ['Login', 'लॉगिन', 'लॉगिन'],
    ['Keep this slip private: anyone who has it can sign in as the student. If it is lost, the office sets a new password.', 'ही स्लिप जपून ठेवा: ती ज्याच्याकडे असेल तो विद्यार्थी म्हणून लॉगिन करू शकतो. हरवल्यास ऑफिस नवीन पासवर्ड ठेवेल.', 'यह पर्ची संभालकर रखें: जिसके पास यह होगी, वह छात्र के नाम से लॉगिन कर सकता है. खो जाए तो ऑफ़िस नया पासवर्ड रखेगा.'],
    ['Printed on {date}.', '{date} रोजी छापली.', '{date} को छापी गई.'],
  ],

  /** The report card's PDF (apps/api/src/modules/exams/report-card.ts). */
  reportCard: [
    ['Report card', 'प्रगतिपत्रक', 'रिपोर्ट कार्ड'],
    ['Student', 'विद्यार्थी', 'छात्र'],
    ['Standard', 'इयत्ता', 'कक्षा'],
    ['Batches', 'बॅच', 'बैच'],
    ['Period', 'कालावधी', 'अवधि'],
    ['All tests so far', 'आतापर्यंतच्या सर्व टेस्ट', 'अब तक के सभी टेस्ट'],
    ['Attendance', 'हजेरी', 'उपस्थिति'],
    ['No attendance marked in this period', 'या कालावधीत हजेरी नोंदलेली नाही', 'इस अवधि में हाज़िरी दर्ज नहीं हुई'],
    ['Test', 'टेस्ट', 'टेस्ट'],
    ['Date', 'तारीख', 'तारीख'],
    ['Marks', 'गुण', 'अंक'],
    ['Rank', 'क्रमांक', 'रैंक'],
    ['Batch average', 'बॅचची सरासरी', 'बैच का औसत'],
    ['Absent', 'गैरहजर', 'अनुपस्थित'],
    ['No published tests in this period.', 'या कालावधीत प्रसिद्ध केलेली टेस्ट नाही.', 'इस अवधि में कोई प्रकाशित टेस्ट नहीं.'],
    ["Teacher's remark", 'शिक्षकांचा शेरा', 'शिक्षक की टिप्पणी'],
    ["Teachers' remarks", 'शिक्षकांचे शेरे', 'शिक्षकों की टिप्पणियाँ'],
    ['corrected', 'दुरुस्त केले', 'सुधारा गया'],
    ['to', 'ते', 'से'],
    ['Issued on', 'दिल्याचा दिनांक', 'जारी करने की तारीख'],
    ['Class teacher', 'वर्गशिक्षक', 'कक्षा अध्यापक'],
    ['Director', 'संचालक', 'निदेशक'],
  ],

  /** Mails (apps/api/src/lib/mail-templates.ts) and the parents' webhook notes (SMS/WhatsApp). */
  mail: [
    // Every mail.
    ['Hello {name},', 'नमस्कार {name},', 'नमस्ते {name},'],
    ['Hello,', 'नमस्कार,', 'नमस्ते,'],
    ['Dear parent,', 'आदरणीय पालक,', 'आदरणीय अभिभावक,'],
    ['If the button does not work, copy this address into your browser:', 'बटण चालत नसल्यास, हा पत्ता ब्राउझरमध्ये कॉपी करा:', 'अगर बटन काम न करे, तो यह पता ब्राउज़र में कॉपी करें:'],
    // Password reset.
    ['Reset your {academy} password', 'आपला {academy} पासवर्ड बदला', 'अपना {academy} पासवर्ड बदलें'],
    [
      'Someone (hopefully you) asked to reset the password of your {academy} account. Choose a new password with this link:',
      'कोणीतरी (बहुधा आपणच) आपल्या {academy} खात्याचा पासवर्ड बदलण्याची विनंती केली आहे. या लिंकने नवीन पासवर्ड निवडा:',
      'किसी ने (शायद आपने ही) आपके {academy} खाते का पासवर्ड बदलने का अनुरोध किया है. इस लिंक से नया पासवर्ड चुनें:',
    ],
    ['Reset password', 'पासवर्ड बदला', 'पासवर्ड बदलें'],
    [
      'The link works once and for {minutes} minutes. If you did not ask for it, ignore this mail: your password stays as it is.',
      'ही लिंक एकदाच आणि {minutes} मिनिटांसाठी चालेल. आपण विनंती केली नसल्यास हा ईमेल दुर्लक्षित करा: आपला पासवर्ड आहे तसाच राहील.',
      'यह लिंक एक ही बार और {minutes} मिनट तक चलेगा. अगर आपने अनुरोध नहीं किया, तो यह ईमेल अनदेखा करें: आपका पासवर्ड जैसा है वैसा ही रहेगा.',
    ],
    // Welcome (a new account made by the office); {role} is one of the four below.
    ['Welcome to {academy}: set your password', '{academy} मध्ये आपले स्वागत: आपला पासवर्ड ठेवा', '{academy} में आपका स्वागत है: अपना पासवर्ड बनाएँ'],
    [
      'The academy office has created your {academy} account as {role}. You sign in with this email address: {email}.',
      'अकॅडमीच्या ऑफिसने आपले {academy} खाते ({role}) तयार केले आहे. या ईमेल पत्त्याने लॉगिन करा: {email}.',
      'अकैडमी के ऑफ़िस ने आपका {academy} खाता ({role}) बनाया है. इस ईमेल पते से लॉगिन करें: {email}.',
    ],
    ['Choose your password with this link, then sign in:', 'या लिंकने आपला पासवर्ड निवडा, मग लॉगिन करा:', 'इस लिंक से अपना पासवर्ड चुनें, फिर लॉगिन करें:'],
    ['Set your password', 'पासवर्ड ठेवा', 'पासवर्ड बनाएँ'],
    [
      'The link works once and for {days} days. If it has expired, use "Forgot password" on the sign-in page to get a new one.',
      'ही लिंक एकदाच आणि {days} दिवसांसाठी चालेल. मुदत संपली असल्यास, लॉगिन पानावरील "पासवर्ड विसरलात?" वापरून नवीन लिंक मिळवा.',
      'यह लिंक एक ही बार और {days} दिन तक चलेगा. समय-सीमा खत्म हो गई हो, तो लॉगिन पेज पर "पासवर्ड भूल गए?" से नया लिंक पाएँ.',
    ],
    ['an administrator', 'प्रशासक', 'प्रशासक'],
    ['a teacher', 'शिक्षक', 'शिक्षक'],
    ['a student', 'विद्यार्थी', 'छात्र'],
    ['a parent', 'पालक', 'अभिभावक'],
    // The admission form's email code.
    ['{code} is your {academy} verification code', '{code} हा आपला {academy} पडताळणी कोड आहे', '{code} आपका {academy} सत्यापन कोड है'],
    ['Your code to verify this email address on the {academy} admission form is:', '{academy} च्या अ‍ॅडमिशन फॉर्मवर हा ईमेल पत्ता पडताळण्यासाठी आपला कोड:', '{academy} के एडमिशन फ़ॉर्म पर यह ईमेल पता सत्यापित करने के लिए आपका कोड:'],
    ['The code is valid for {minutes} minutes. If you did not ask for it, ignore this mail.', 'हा कोड {minutes} मिनिटे चालेल. आपण मागवला नसल्यास हा ईमेल दुर्लक्षित करा.', 'यह कोड {minutes} मिनट तक चलेगा. अगर आपने नहीं माँगा, तो यह ईमेल अनदेखा करें.'],
    // Start your academy (issue 55): the owner's email code.
    ['{code} is your code to start your academy', '{code} हा आपली अकॅडमी सुरू करण्याचा कोड आहे', '{code} आपकी अकैडमी शुरू करने का कोड है'],
    ['Your code to start your academy on {platform} is:', '{platform} वर आपली अकॅडमी सुरू करण्यासाठी आपला कोड:', '{platform} पर आपकी अकैडमी शुरू करने के लिए आपका कोड:'],
    // An enquiry received (admission or contact form).
    [
      'Thank you for applying for admission for {name}. We have received the application, and the office will call you to talk about batches, timings and fees.',
      '{name} साठी अ‍ॅडमिशनचा अर्ज केल्याबद्दल धन्यवाद. आपला अर्ज आम्हाला मिळाला आहे; बॅच, वेळा आणि फी याबद्दल बोलण्यासाठी ऑफिसमधून आपल्याला फोन येईल.',
      '{name} के एडमिशन के लिए आवेदन करने के लिए धन्यवाद. आपका आवेदन हमें मिल गया है; बैच, समय और फीस के बारे में बात करने के लिए ऑफ़िस से आपको फ़ोन आएगा.',
    ],
    [
      'Your reference number is {reference}. Please keep it, and say it when you call or visit the office.',
      'तुमचा संदर्भ क्रमांक {reference} आहे. तो जपून ठेवा आणि ऑफिसला फोन करताना किंवा भेट देताना सांगा.',
      'आपका संदर्भ नंबर {reference} है. इसे संभालकर रखें और ऑफिस को फ़ोन करते या मिलने आते समय बताएँ.',
    ],
    ['Thank you for your message. We have received it and will reply soon.', 'आपल्या संदेशाबद्दल धन्यवाद. तो आम्हाला मिळाला आहे; आम्ही लवकरच उत्तर देऊ.', 'आपके संदेश के लिए धन्यवाद. यह हमें मिल गया है; हम जल्द ही जवाब देंगे.'],
    ['We have received your admission enquiry — {academy}', 'आपली अ‍ॅडमिशन चौकशी मिळाली — {academy}', 'आपकी एडमिशन पूछताछ मिल गई — {academy}'],
    ['We have received your message — {academy}', 'आपला संदेश मिळाला — {academy}', 'आपका संदेश मिल गया — {academy}'],
    ['If you have a question in the meantime, call us on {phones} ({hours}).', 'दरम्यान काही प्रश्न असल्यास {phones} वर फोन करा ({hours}).', 'इस बीच कोई सवाल हो, तो {phones} पर फ़ोन करें ({hours}).'],
    // Report cards.
    ['Report card of {name} — {academy}', '{name} यांचे प्रगतिपत्रक — {academy}', '{name} का रिपोर्ट कार्ड — {academy}'],
    ['The report card of {name} for {period} is attached to this mail as a PDF.', '{name} यांचे {period} या काळाचे प्रगतिपत्रक या ईमेलसोबत PDF म्हणून जोडले आहे.', '{name} का {period} का रिपोर्ट कार्ड इस ईमेल के साथ PDF के रूप में जुड़ा है.'],
    [
      'It shows the marks, ranks and batch averages of each test and the attendance for the period.',
      'त्यात प्रत्येक चाचणीचे गुण, क्रमांक, बॅचची सरासरी आणि या काळातील हजेरी दिली आहे.',
      'इसमें हर टेस्ट के अंक, रैंक, बैच का औसत और इस अवधि की हाज़िरी दी गई है.',
    ],
    ['The report card of {name} for {period} has been sent to your email as a PDF.', '{name} यांचे {period} या काळाचे प्रगतिपत्रक आपल्या ईमेलवर PDF म्हणून पाठवले आहे.', '{name} का {period} का रिपोर्ट कार्ड आपके ईमेल पर PDF के रूप में भेजा गया है.'],
    // Fee reminders (to the student, and to the parents).
    ['{academy}: fee reminder for {name}', '{academy}: {name} यांच्या फीची आठवण', '{academy}: {name} की फीस की याद'],
    ['This is a reminder that these fees are due:', 'ही फी भरायची बाकी आहे, याची आठवण करून देत आहोत:', 'यह याद दिलाने के लिए कि यह फीस भरनी बाकी है:'],
    ['See the fees and pay by UPI', 'फी पाहा आणि UPI ने भरा', 'फीस देखें और UPI से भरें'],
    ['See these fees and pay them by UPI: {link}', 'ही फी पाहा आणि UPI ने भरा: {link}', 'यह फीस देखें और UPI से भरें: {link}'],
    ['This is a reminder that these fees of {name} are due:', '{name} यांची ही फी भरायची बाकी आहे, याची आठवण करून देत आहोत:', 'यह याद दिलाने के लिए कि {name} की यह फीस भरनी बाकी है:'],
    ['Total due: ₹{total}.', 'एकूण बाकी: ₹{total}.', 'कुल बाकी: ₹{total}.'],
    [
      'Please pay at the office or call {phone} if you have any question. If you have already paid, thank you and please ignore this mail.',
      'कृपया ऑफिसमध्ये फी भरा; काही प्रश्न असल्यास {phone} वर फोन करा. आपण आधीच भरली असल्यास, धन्यवाद; हा ईमेल दुर्लक्षित करा.',
      'कृपया ऑफ़िस में फीस भरें; कोई सवाल हो तो {phone} पर फ़ोन करें. अगर आप पहले ही भर चुके हैं, तो धन्यवाद; इस ईमेल को अनदेखा करें.',
    ],
    [
      'Please pay at the office. If you have already paid, thank you and please ignore this mail.',
      'कृपया ऑफिसमध्ये फी भरा. आपण आधीच भरली असल्यास, धन्यवाद; हा ईमेल दुर्लक्षित करा.',
      'कृपया ऑफ़िस में फीस भरें. अगर आप पहले ही भर चुके हैं, तो धन्यवाद; इस ईमेल को अनदेखा करें.',
    ],
    [
      'Please pay at the office or call {phone} if you have any question. If you have already paid, thank you and please ignore this message.',
      'कृपया ऑफिसमध्ये फी भरा; काही प्रश्न असल्यास {phone} वर फोन करा. आपण आधीच भरली असल्यास, धन्यवाद; हा संदेश दुर्लक्षित करा.',
      'कृपया ऑफ़िस में फीस भरें; कोई सवाल हो तो {phone} पर फ़ोन करें. अगर आप पहले ही भर चुके हैं, तो धन्यवाद; इस संदेश को अनदेखा करें.',
    ],
    [
      'Please pay at the office. If you have already paid, thank you and please ignore this message.',
      'कृपया ऑफिसमध्ये फी भरा. आपण आधीच भरली असल्यास, धन्यवाद; हा संदेश दुर्लक्षित करा.',
      'कृपया ऑफ़िस में फीस भरें. अगर आप पहले ही भर चुके हैं, तो धन्यवाद; इस संदेश को अनदेखा करें.',
    ],
    // Fee receipts.
    ['{academy}: receipt {number} for {name}', '{academy}: {name} यांची पावती {number}', '{academy}: {name} की रसीद {number}'],
    ['We received ₹{amount} for the fees of {name} on {date}: receipt {number}.', '{name} यांच्या फीसाठी {date} रोजी ₹{amount} मिळाले: पावती {number}.', '{name} की फीस के लिए {date} को ₹{amount} मिले: रसीद {number}.'],
    ['Balance still due: ₹{balance}.', 'अजून बाकी: ₹{balance}.', 'अभी बाकी: ₹{balance}.'],
    ['The receipt is attached to this mail as a PDF. Thank you.', 'पावती या ईमेलसोबत PDF म्हणून जोडली आहे. धन्यवाद.', 'रसीद इस ईमेल के साथ PDF के रूप में जुड़ी है. धन्यवाद.'],
    ['The receipt has been sent to your email as a PDF. Thank you.', 'पावती आपल्या ईमेलवर PDF म्हणून पाठवली आहे. धन्यवाद.', 'रसीद आपके ईमेल पर PDF के रूप में भेजी गई है. धन्यवाद.'],
    // Absence alerts' subject (the text is the academy's own template, from Settings).
    ['{child} was marked {status} today', '{child} आज {status} आहे', '{child} आज {status} है'],
    // Results published and announcements for parents (issue 37).
    ['Results of {test}: {child}', '{test} चा निकाल: {child}', '{test} का परिणाम: {child}'],
    ['New online test: {test}', 'नवीन ऑनलाइन टेस्ट: {test}', 'नया ऑनलाइन टेस्ट: {test}'],
    ['{parent}, your child has a new online test: {test}. It opens {opens} and closes {closes}.', '{parent}, आपल्या पाल्यासाठी नवीन ऑनलाइन टेस्ट: {test}. ती {opens} ला सुरू होईल आणि {closes} ला बंद होईल.', '{parent}, आपके बच्चे के लिए नया ऑनलाइन टेस्ट: {test}. यह {opens} को शुरू होगा और {closes} को बंद होगा.'],
    ['{parent}, the results of {test} are out. {child}: {score}.', '{parent}, {test} चा निकाल लागला आहे. {child}: {score}.', '{parent}, {test} का परिणाम आ गया है. {child}: {score}.'],
    ['{parent}, a new announcement from {academy}: {title}', '{parent}, {academy} कडून नवीन सूचना: {title}', '{parent}, {academy} की ओर से नई सूचना: {title}'],
    // A parent's sign-in code by WhatsApp or SMS (issue 37).
    ['Your sign-in code for {academy}', '{academy} साठी आपला साइन-इन कोड', '{academy} के लिए आपका साइन-इन कोड'],
    [
      '{code} is your sign-in code for {academy}. It works for {minutes} minutes. Do not share it with anyone.',
      '{code} हा {academy} साठी आपला साइन-इन कोड आहे. तो {minutes} मिनिटे चालेल. तो कोणालाही सांगू नका.',
      '{code} {academy} के लिए आपका साइन-इन कोड है. यह {minutes} मिनट चलेगा. इसे किसी को न बताएँ.',
    ],
    // A demo class booked for an enquiry (issue 41): to the family, who have no parent account yet.
    ['Demo class on {date} — {academy}', '{date} रोजी डेमो क्लास — {academy}', '{date} को डेमो क्लास — {academy}'],
    // An enquiry made a student without an email (issue 54): the family learns the student ID and how to sign in.
    ['{academy}: {student} is admitted', '{academy}: {student} यांचा प्रवेश झाला', '{academy}: {student} का प्रवेश हो गया'],
    ['{academy}: {student} is now our student. Student ID: {studentId}. To sign in, open {link} and type the student ID and the first password the office gives you (it is on the sign-in slip).', '{academy}: {student} आता आमचा विद्यार्थी आहे. विद्यार्थी आयडी: {studentId}. लॉगिन करण्यासाठी {link} उघडा आणि विद्यार्थी आयडी व ऑफिसने दिलेला पहिला पासवर्ड लिहा (तो लॉगिन स्लिपवर आहे).', '{academy}: {student} अब हमारा छात्र है. छात्र आईडी: {studentId}. लॉगिन के लिए {link} खोलें और छात्र आईडी व ऑफ़िस का दिया पहला पासवर्ड लिखें (वह लॉगिन पर्ची पर है).'],
    [
      '{academy}: a demo class for {student} is booked in {batch} on {date}, {time}. Address: {address}.',
      '{academy}: {student} यांचा {batch} मधील डेमो क्लास {date} रोजी ठरला आहे, वेळ {time}. पत्ता: {address}.',
      '{academy}: {student} की {batch} में डेमो क्लास {date} को तय है, समय {time}. पता: {address}.',
    ],
    // An application received from a family who proved its phone, not an email (issue 54): its reference, on its phone.
    ['Application {reference} received — {academy}', 'अर्ज {reference} मिळाला — {academy}', 'आवेदन {reference} मिल गया — {academy}'],
    [
      '{academy}: we have received the application for {student}. Your reference is {reference}; say it when you call us. We will call you soon.',
      '{academy}: {student} यांचा प्रवेश अर्ज आम्हाला मिळाला आहे. आपला संदर्भ क्रमांक {reference} आहे; फोन करताना तो सांगा. आम्ही लवकरच आपल्याला फोन करू.',
      '{academy}: {student} का प्रवेश आवेदन हमें मिल गया है. आपका संदर्भ नंबर {reference} है; फ़ोन करते समय इसे बताएँ. हम जल्द ही आपको फ़ोन करेंगे.',
    ],
    // A parent the office linked who has no email (issue 54): how to sign in, on their phone.
    ['How to sign in to {academy}', '{academy} मध्ये साइन इन कसे करावे', '{academy} में साइन इन कैसे करें'],
    [
      '{parent}, {academy} has added you as a parent of {child}. To see attendance, marks and fees, open {link}, choose "Parent? Sign in with a code sent to your phone" and enter this number; we send you a code.',
      '{parent}, {academy} ने आपल्याला {child} यांचे पालक म्हणून जोडले आहे. हजेरी, गुण आणि फी पाहण्यासाठी {link} उघडा, "पालक? फोनवर आलेल्या कोडने साइन इन करा" निवडा आणि हा नंबर टाका; आम्ही आपल्याला कोड पाठवू.',
      '{parent}, {academy} ने आपको {child} के अभिभावक के रूप में जोड़ा है. हाज़िरी, अंक और फ़ीस देखने के लिए {link} खोलें, "अभिभावक? फ़ोन पर आए कोड से साइन इन करें" चुनें और यह नंबर डालें; हम आपको कोड भेजेंगे.',
    ],
  ],

  /**
   * Activity summaries (audit-texts.ts maps each stored key to its English here). Values are put in as
   * written, except the product's own words of the `auditValues` section (a status, a mode, a role).
   */
  audit: [
    ['{name} signed in', '{name} यांनी लॉगिन केले', '{name} ने लॉगिन किया'],
    ['Sign-in refused after too many failed tries for {account} (address {ip})', '{account} साठी खूप वेळा चुकीचे प्रयत्न झाल्याने लॉगिन नाकारले (पत्ता {ip})', '{account} के लिए बहुत बार गलत कोशिश होने से लॉगिन रोका गया (पता {ip})'],
    ['Changed their own password', 'स्वतःचा पासवर्ड बदलला', 'अपना पासवर्ड बदला'],
    ['Password set with an emailed link for {email}', '{email} साठी ईमेलमधील लिंकने पासवर्ड ठेवला', '{email} के लिए ईमेल की लिंक से पासवर्ड रखा गया'],
    ['Password of {email} set from the command line', '{email} चा पासवर्ड कमांड लाइनवरून ठेवला', '{email} का पासवर्ड कमांड लाइन से रखा गया'],
    ['Updated their own profile', 'स्वतःची प्रोफाइल बदलली', 'अपनी प्रोफ़ाइल बदली'],
    ['Made a new calendar address (any earlier one stopped working)', 'नवीन कॅलेंडर पत्ता बनवला (आधीचा पत्ता आता चालणार नाही)', 'नया कैलेंडर पता बनाया (पहले वाला पता अब काम नहीं करेगा)'],
    ['Turned off their calendar address', 'स्वतःचा कॅलेंडर पत्ता बंद केला', 'अपना कैलेंडर पता बंद किया'],
    ['Added standard {name}', 'इयत्ता {name} जोडली', 'कक्षा {name} जोड़ी'],
    ['Updated standard {name}', 'इयत्ता {name} बदलली', 'कक्षा {name} बदली'],
    ['Deleted standard {name}', 'इयत्ता {name} हटवली', 'कक्षा {name} हटाई'],
    ['Added subject {name}', 'विषय {name} जोडला', 'विषय {name} जोड़ा'],
    ['Updated subject {name}', 'विषय {name} बदलला', 'विषय {name} बदला'],
    ['Deleted subject {name}', 'विषय {name} हटवला', 'विषय {name} हटाया'],
    ['Added teacher {name}', 'शिक्षक {name} जोडले', 'शिक्षक {name} जोड़े'],
    ['Updated teacher {name}', 'शिक्षक {name} यांची माहिती बदलली', 'शिक्षक {name} की जानकारी बदली'],
    ['Updated teacher {name} (new password set)', 'शिक्षक {name} यांची माहिती बदलली (नवीन पासवर्ड ठेवला)', 'शिक्षक {name} की जानकारी बदली (नया पासवर्ड रखा)'],
    ['Deleted teacher {name}', 'शिक्षक {name} यांना हटवले', 'शिक्षक {name} को हटाया'],
    ['Added student {name}', 'विद्यार्थी {name} जोडला', 'छात्र {name} जोड़ा'],
    ['Updated student {name}', 'विद्यार्थी {name} ची माहिती बदलली', 'छात्र {name} की जानकारी बदली'],
    ['Updated student {name} (new password set)', 'विद्यार्थी {name} ची माहिती बदलली (नवीन पासवर्ड ठेवला)', 'छात्र {name} की जानकारी बदली (नया पासवर्ड रखा)'],
    ['Set a new password for student {name} and printed their sign-in slip', 'विद्यार्थी {name} साठी नवीन पासवर्ड ठेवला आणि लॉगिन स्लिप छापली', 'छात्र {name} के लिए नया पासवर्ड रखा और लॉगिन पर्ची छापी'],
    ['Archived student {name}', 'विद्यार्थी {name} संग्रहात हलवला', 'छात्र {name} को संग्रह में डाला'],
    ['Added batch {name}', 'बॅच {name} जोडली', 'बैच {name} जोड़ा'],
    ['Updated batch {name}', 'बॅच {name} बदलली', 'बैच {name} बदला'],
    ['Deleted batch {name}', 'बॅच {name} हटवली', 'बैच {name} हटाया'],
    ['Enrolled {student} in {batch}', '{student} यांना {batch} बॅचमध्ये घेतले', '{student} को {batch} बैच में जोड़ा'],
    ['Enrolled {student} in {batch} (moved from {fromBatch})', '{student} यांना {batch} बॅचमध्ये घेतले ({fromBatch} मधून हलवले)', '{student} को {batch} बैच में जोड़ा ({fromBatch} से भेजा गया)'],
    ['Moved {student} from {fromBatch} to {toBatch}', '{student} यांना {fromBatch} मधून {toBatch} मध्ये हलवले', '{student} को {fromBatch} से {toBatch} में भेजा'],
    [
      'Moved {student} from {fromBatch} to {toBatch} and cancelled their unpaid dues of {fromBatch} ({count})',
      '{student} यांना {fromBatch} मधून {toBatch} मध्ये हलवले आणि {fromBatch} ची न भरलेली देय फी रद्द केली ({count})',
      '{student} को {fromBatch} से {toBatch} में भेजा और {fromBatch} की बिना भरी देय फीस रद्द की ({count})',
    ],
    ['Marked attendance of {batch} for {date}: {present} present, {absent} absent, {late} late', '{batch} ची {date} ची हजेरी घेतली: {present} हजर, {absent} गैरहजर, {late} उशिरा', '{batch} की {date} की हाज़िरी ली: {present} उपस्थित, {absent} अनुपस्थित, {late} देर से'],
    ['Corrected attendance of {batch} for {date}: {present} present, {absent} absent, {late} late', '{batch} ची {date} ची हजेरी दुरुस्त केली: {present} हजर, {absent} गैरहजर, {late} उशिरा', '{batch} की {date} की हाज़िरी सुधारी: {present} उपस्थित, {absent} अनुपस्थित, {late} देर से'],
    ['Ticked "called" for {student}, absent on {date}', '{date} रोजी गैरहजर {student} साठी "फोन केला" अशी खूण केली', '{date} को अनुपस्थित {student} के लिए "फ़ोन किया" का निशान लगाया'],
    ['Removed the "called" tick for {student} on {date}', '{date} रोजीची {student} साठीची "फोन केला" खूण काढली', '{date} की {student} के लिए "फ़ोन किया" का निशान हटाया'],
    ['Added announcement "{title}"', 'सूचना "{title}" जोडली', 'सूचना "{title}" जोड़ी'],
    ['Updated announcement "{title}"', 'सूचना "{title}" बदलली', 'सूचना "{title}" बदली'],
    ['Deleted announcement "{title}"', 'सूचना "{title}" हटवली', 'सूचना "{title}" हटाई'],
    ['Uploaded note "{title}" ({file})', 'नोट्स "{title}" अपलोड केल्या ({file})', 'नोट्स "{title}" अपलोड किए ({file})'],
    ['Updated note "{title}"', 'नोट्स "{title}" बदलल्या', 'नोट्स "{title}" बदले'],
    ['Updated note "{title}" (new file {file})', 'नोट्स "{title}" बदलल्या (नवीन फाइल {file})', 'नोट्स "{title}" बदले (नई फ़ाइल {file})'],
    ['Deleted note "{title}"', 'नोट्स "{title}" हटवल्या', 'नोट्स "{title}" हटाए'],
    ['Set homework "{title}"', 'गृहपाठ "{title}" दिला', 'होमवर्क "{title}" दिया'],
    ['Added {files} files to homework "{title}"', 'गृहपाठ "{title}" मध्ये {files} फाइल्स जोडल्या', 'होमवर्क "{title}" में {files} फ़ाइलें जोड़ीं'],
    ['Handed in homework "{title}" ({pages} pages)', 'गृहपाठ "{title}" जमा केला ({pages} पाने)', 'होमवर्क "{title}" जमा किया ({pages} पन्ने)'],
    ['Handed in homework "{title}" late ({pages} pages)', 'गृहपाठ "{title}" उशिरा जमा केला ({pages} पाने)', 'होमवर्क "{title}" देर से जमा किया ({pages} पन्ने)'],
    ['Checked homework "{title}" of {student}: done', '{student} यांचा गृहपाठ "{title}" तपासला: पूर्ण', '{student} का होमवर्क "{title}" जाँचा: पूरा'],
    ['Checked homework "{title}" of {student}: redo', '{student} यांचा गृहपाठ "{title}" तपासला: पुन्हा करा', '{student} का होमवर्क "{title}" जाँचा: फिर से करें'],
    ['Admission enquiry from {name} (public form)', '{name} यांची अ‍ॅडमिशन चौकशी (वेबसाइटवरील फॉर्म)', '{name} की एडमिशन पूछताछ (वेबसाइट का फॉर्म)'],
    ['Recorded an office enquiry from {name}', '{name} यांची ऑफिसमधील चौकशी नोंदवली', '{name} की ऑफ़िस में आई पूछताछ दर्ज की'],
    ['Contact message from {name}', '{name} यांचा संपर्क संदेश', '{name} का संपर्क संदेश'],
    ['Updated the enquiry of {name}', '{name} यांची चौकशी बदलली', '{name} की पूछताछ बदली'],
    ['Deleted the enquiry of {name}', '{name} यांची चौकशी हटवली', '{name} की पूछताछ हटाई'],
    ['Converted the enquiry of {name} to a student', '{name} यांच्या चौकशीतून विद्यार्थी बनवला', '{name} की पूछताछ से छात्र बनाया'],
    ['Made backup {name}', 'बॅकअप {name} बनवला', 'बैकअप {name} बनाया'],
    ['Made the automatic backup {name}', 'आपोआप होणारा बॅकअप {name} बनवला', 'अपने-आप होने वाला बैकअप {name} बनाया'],
    ['Deleted backup {name}', 'बॅकअप {name} हटवला', 'बैकअप {name} हटाया'],
    ['Removed the old automatic backup {name}', 'जुना आपोआप झालेला बॅकअप {name} काढला', 'पुराना अपने-आप बना बैकअप {name} हटाया'],
    ['Uploaded backup {name}', 'बॅकअप {name} अपलोड केला', 'बैकअप {name} अपलोड किया'],
    ['Restored backup {name}', 'बॅकअप {name} पुनर्संचयित केला', 'बैकअप {name} रिस्टोर किया'],
    ['Restored backup {name} from the bucket off the machine', 'बॅकअप {name} बाहेरील बकेटमधून पुनर्संचयित केला', 'बैकअप {name} बाहर की बकेट से रिस्टोर किया'],
    ['Restored backup {name} from the command line although it is not signed by this server (--trust-unsigned)', 'बॅकअप {name} या सर्व्हरची सही नसतानाही कमांड लाइनवरून पुनर्संचयित केला (--trust-unsigned)', 'बैकअप {name} इस सर्वर के हस्ताक्षर के बिना कमांड लाइन से रिस्टोर किया (--trust-unsigned)'],
    ['Moved the enquiry of {name} from {from} to {to}', '{name} यांची चौकशी "{from}" मधून "{to}" मध्ये हलवली', '{name} की पूछताछ "{from}" से "{to}" में की'],
    ['Updated the follow-up of the enquiry of {name}', '{name} यांच्या चौकशीचा पाठपुरावा बदलला', '{name} की पूछताछ का फ़ॉलो-अप बदला'],
    ['Logged a contact with the family of {name}', '{name} यांच्या कुटुंबाशी झालेल्या संपर्काची नोंद केली', '{name} के परिवार से हुए संपर्क को दर्ज किया'],
    ['Removed a student from {batch}', '{batch} बॅचमधून एक विद्यार्थी काढला', '{batch} बैच से एक छात्र हटाया'],
    ['Removed a student from {batch} and cancelled their unpaid dues ({count})', '{batch} बॅचमधून एक विद्यार्थी काढला आणि त्याची न भरलेली देय फी रद्द केली ({count})', '{batch} बैच से एक छात्र हटाया और उसकी बिना भरी देय फीस रद्द की ({count})'],
    ['Added parent {name} for {student}', '{student} यांच्यासाठी पालक {name} जोडले', '{student} के लिए अभिभावक {name} जोड़े'],
    ['Linked parent {name} to {student}', 'पालक {name} यांना {student} शी जोडले', 'अभिभावक {name} को {student} से जोड़ा'],
    ['Linked a parent to {student} on converting their enquiry', 'चौकशीतून विद्यार्थी बनवताना {student} शी पालक जोडले', 'पूछताछ से छात्र बनाते समय {student} से अभिभावक जोड़े'],
    ['Unlinked a parent from a student', 'विद्यार्थ्यापासून पालक वेगळे केले', 'छात्र से अभिभावक अलग किए'],
    ['Sent a failed absence alert again', 'न गेलेली गैरहजेरीची सूचना पुन्हा पाठवली', 'न पहुँची अनुपस्थिति की सूचना फिर से भेजी'],
    ['Sent a failed fee reminder again', 'न गेलेली फीची आठवण पुन्हा पाठवली', 'न पहुँचा फीस का रिमाइंडर फिर से भेजा'],
    ['Sent a failed fee receipt message again', 'न गेलेला फी पावतीचा संदेश पुन्हा पाठवला', 'न पहुँचा फीस रसीद का संदेश फिर से भेजा'],
    ['Sent a failed report card message again', 'न गेलेला प्रगतिपत्रकाचा संदेश पुन्हा पाठवला', 'न पहुँचा रिपोर्ट कार्ड का संदेश फिर से भेजा'],
    ['Sent a failed message to a parent again', 'पालकांना न गेलेला संदेश पुन्हा पाठवला', 'अभिभावक को न पहुँचा संदेश फिर से भेजा'],
    ['Sent a message held by the quiet hours now', 'शांत वेळेमुळे थांबलेला संदेश लगेच पाठवला', 'शांत समय के कारण रुका संदेश तुरंत भेजा'],
    ['Started the academy {name} at the address {address}', 'अकॅडमी {name} {address} या पत्त्यावर सुरू केली', 'अकैडमी {name} {address} पते पर शुरू की'],
    ['Updated the academy settings', 'अकॅडमीची सेटिंग्ज बदलली', 'अकैडमी की सेटिंग्स बदलीं'],
    ['Updated the absence alerts and parent webhook', 'गैरहजेरीच्या सूचना आणि पालकांचा वेबहुक बदलला', 'अनुपस्थिति की सूचनाएँ और अभिभावकों का वेबहुक बदला'],
    ['Updated the absence alerts and parent webhook; webhook secret changed', 'गैरहजेरीच्या सूचना आणि पालकांचा वेबहुक बदलला; वेबहुकचे सिक्रेट बदलले', 'अनुपस्थिति की सूचनाएँ और अभिभावकों का वेबहुक बदला; वेबहुक का सीक्रेट बदला'],
    ['Webhook secret changed', 'वेबहुकचे सिक्रेट बदलले', 'वेबहुक का सीक्रेट बदला'],
    ['Updated the message settings', 'संदेशांची सेटिंग्ज बदलली', 'संदेशों की सेटिंग्स बदलीं'],
    ['Updated the bucket for backups off the machine', 'बाहेरील बॅकअपसाठीची बकेट बदलली', 'बाहर के बैकअप की बकेट बदली'],
    ['Updated the bucket for backups off the machine; its access keys changed', 'बाहेरील बॅकअपसाठीची बकेट बदलली; तिच्या ॲक्सेस कीज बदलल्या', 'बाहर के बैकअप की बकेट बदली; उसकी एक्सेस कुंजियाँ बदलीं'],
    ['Turned off backups off the machine', 'बाहेरील बॅकअप बंद केले', 'बाहर के बैकअप बंद किए'],
    ['Downloaded the recovery sheet of the backups off the machine', 'बाहेरील बॅकअपची रिकव्हरी शीट डाउनलोड केली', 'बाहर के बैकअप की रिकवरी शीट डाउनलोड की'],
    ['Updated the payment settings (UPI)', 'पेमेंटची सेटिंग्ज (UPI) बदलली', 'भुगतान की सेटिंग्स (UPI) बदलीं'],
    ['Saved the tax settings: GST registered with GSTIN {gstin} from {date}', 'कराची सेटिंग्ज जतन केली: {date} पासून GSTIN {gstin} सह GST नोंदणीकृत', 'कर की सेटिंग्स सहेजीं: {date} से GSTIN {gstin} के साथ GST पंजीकृत'],
    ['Saved the tax settings: not registered for GST from {date}', 'कराची सेटिंग्ज जतन केली: {date} पासून GST नोंदणी नाही', 'कर की सेटिंग्स सहेजीं: {date} से GST पंजीकरण नहीं'],
    ['Added the domain {domain}', '{domain} हे डोमेन जोडले', '{domain} डोमेन जोड़ा'],
    ['Proved the domain {domain} is ours: the site answers there', '{domain} हे डोमेन आपले असल्याचे सिद्ध केले: साइट तिथे उघडते', '{domain} डोमेन हमारा होना साबित किया: साइट वहाँ खुलती है'],
    ['Removed the domain {domain}', '{domain} हे डोमेन काढले', '{domain} डोमेन हटाया'],
    ['Made a new address for MSG91 delivery reports (the old one stopped working)', 'MSG91 च्या डिलिव्हरी अहवालांसाठी नवीन पत्ता बनवला (जुना पत्ता आता चालत नाही)', 'MSG91 की डिलीवरी रिपोर्ट के लिए नया पता बनाया (पुराना पता अब काम नहीं करता)'],
    ['Updated the message settings; a provider credential changed', 'संदेशांची सेटिंग्ज बदलली; सेवा देणाऱ्याची गुप्त माहिती बदलली', 'संदेशों की सेटिंग्स बदलीं; सेवा प्रदाता की गोपनीय जानकारी बदली'],
    ['Changed how {name} gets messages', '{name} यांना संदेश कसे जातात ते बदलले', '{name} को संदेश कैसे जाते हैं, यह बदला'],
    ['{name} replied STOP on WhatsApp: no more WhatsApp messages', '{name} यांनी WhatsApp वर STOP पाठवले: पुढे WhatsApp संदेश नाहीत', '{name} ने WhatsApp पर STOP भेजा: आगे WhatsApp संदेश नहीं'],
    ['{name} signed in with a code sent to their phone', '{name} फोनवर आलेल्या कोडने साइन इन झाले', '{name} फ़ोन पर आए कोड से साइन इन हुए'],
    ['Created the {role} account {email} from the command line', '{email} हे {role} खाते कमांड लाइनवरून बनवले', '{email} {role} खाता कमांड लाइन से बनाया'],
    ['Created fee plan {name} (₹{amount}) for {batch}', '{batch} साठी फी योजना {name} (₹{amount}) बनवली', '{batch} के लिए फीस योजना {name} (₹{amount}) बनाई'],
    ['Updated fee plan {name} for {batch}', '{batch} ची फी योजना {name} बदलली', '{batch} की फीस योजना {name} बदली'],
    ['Updated fee plan {name} for {batch}; the future dues of enrolled students follow ({count})', '{batch} ची फी योजना {name} बदलली; बॅचमधील विद्यार्थ्यांची पुढची देय फीही बदलली ({count})', '{batch} की फीस योजना {name} बदली; बैच के छात्रों की आगे की देय फीस भी बदली ({count})'],
    ['Deleted fee plan {name}', 'फी योजना {name} हटवली', 'फीस योजना {name} हटाई'],
    ['Recorded payment {number} of ₹{amount} ({mode}) from {student}', '{student} यांचा ₹{amount} चा भरणा नोंदवला ({mode}), पावती {number}', '{student} का ₹{amount} का भुगतान दर्ज किया ({mode}), रसीद {number}'],
    ['Imported the register {file}: {created} new students, {updated} updated', 'रजिस्टर {file} आयात केले: {created} नवीन विद्यार्थी, {updated} बदलले', 'रजिस्टर {file} आयात किया: {created} नए छात्र, {updated} बदले'],
    ['Undid the import of the register {file} ({created} students removed)', 'रजिस्टर {file} ची आयात रद्द केली ({created} विद्यार्थी काढले)', 'रजिस्टर {file} का आयात रद्द किया ({created} छात्र हटाए)'],
    ['Began the academic year {to}: {promoted} students moved up, {alumni} left as alumni', 'शैक्षणिक वर्ष {to} सुरू केले: {promoted} विद्यार्थी पुढच्या इयत्तेत, {alumni} माजी विद्यार्थी झाले', 'शैक्षणिक वर्ष {to} शुरू किया: {promoted} छात्र अगली कक्षा में, {alumni} पूर्व छात्र बने'],
    ['Undid the start of the academic year {to}; back to {from}', 'शैक्षणिक वर्ष {to} ची सुरुवात रद्द केली; पुन्हा {from}', 'शैक्षणिक वर्ष {to} की शुरुआत रद्द की; वापस {from}'],
    ['Uploaded the bank statement {file}: {credits} new credits', 'बँक स्टेटमेंट {file} अपलोड केले: {credits} नवीन जमा रकमा', 'बैंक स्टेटमेंट {file} अपलोड किया: {credits} नई जमा रकमें'],
    ['Saved the columns of the bank statement', 'बँक स्टेटमेंटचे कॉलम जतन केले', 'बैंक स्टेटमेंट के कॉलम सहेजे'],
    ['Reported a UPI payment of ₹{amount} (UTR {utr})', '₹{amount} चे UPI पेमेंट कळवले (UTR {utr})', '₹{amount} का UPI भुगतान बताया (UTR {utr})'],
    ['Rejected the report of a UPI payment of ₹{amount} (UTR {utr}): {reason}', '₹{amount} च्या UPI पेमेंटची नोंद नाकारली (UTR {utr}): {reason}', '₹{amount} के UPI भुगतान की सूचना अस्वीकार की (UTR {utr}): {reason}'],
    ['The office recorded the UPI payment of ₹{amount} (UTR {utr}) itself; the report was closed', 'ऑफिसने ₹{amount} चे UPI पेमेंट (UTR {utr}) स्वतः नोंदवले; कळवलेली नोंद बंद केली', 'ऑफिस ने ₹{amount} का UPI भुगतान (UTR {utr}) खुद दर्ज किया; बताई गई सूचना बंद की'],
    ['Set aside the bank credit of ₹{amount} of {date}: {note}', '{date} ची ₹{amount} ची बँक जमा रक्कम बाजूला ठेवली: {note}', '{date} की ₹{amount} की बैंक जमा रकम अलग रखी: {note}'],
    ['Put back the bank credit of ₹{amount} of {date}', '{date} ची ₹{amount} ची बँक जमा रक्कम परत यादीत आणली', '{date} की ₹{amount} की बैंक जमा रकम वापस सूची में लाई'],
    ['Cancelled receipt {number} (₹{amount}): {reason}', 'पावती {number} (₹{amount}) रद्द केली: {reason}', 'रसीद {number} (₹{amount}) रद्द की: {reason}'],
    ['Gave {student} a concession of ₹{amount}: {reason}', '{student} यांना ₹{amount} ची सवलत दिली: {reason}', '{student} को ₹{amount} की छूट दी: {reason}'],
    ['Gave {student} a concession of ₹{amount} ({percent}%): {reason}', '{student} यांना ₹{amount} ({percent}%) ची सवलत दिली: {reason}', '{student} को ₹{amount} ({percent}%) की छूट दी: {reason}'],
    ['Sent fee reminders: {dues} dues of {students} students', 'फीची आठवण पाठवली: {students} विद्यार्थ्यांची {dues} देय फी', 'फीस का रिमाइंडर भेजा: {students} छात्रों की {dues} देय फीस'],
    ['Created test {name} ({date}, out of {max}) in {batch}', '{batch} मध्ये टेस्ट {name} बनवली ({date}, {max} पैकी)', '{batch} में टेस्ट {name} बनाया ({date}, {max} में से)'],
    ['Updated test {name} in {batch}', '{batch} मधील टेस्ट {name} बदलली', '{batch} का टेस्ट {name} बदला'],
    ['Corrected published test {name} in {batch}', '{batch} मधील प्रसिद्ध केलेली टेस्ट {name} दुरुस्त केली', '{batch} का प्रकाशित टेस्ट {name} सुधारा'],
    ['Deleted test {name} ({date}) of {batch}', '{batch} ची टेस्ट {name} ({date}) हटवली', '{batch} का टेस्ट {name} ({date}) हटाया'],
    ['Entered marks of {name} ({batch}): {marked} with marks, {absent} absent', '{name} ({batch}) चे गुण भरले: {marked} जणांना गुण, {absent} गैरहजर', '{name} ({batch}) के अंक भरे: {marked} के अंक, {absent} अनुपस्थित'],
    ['Entered marks of {name} ({batch}) from a CSV file: {marked} with marks, {absent} absent', '{name} ({batch}) चे गुण CSV फाइलमधून भरले: {marked} जणांना गुण, {absent} गैरहजर', '{name} ({batch}) के अंक CSV फ़ाइल से भरे: {marked} के अंक, {absent} अनुपस्थित'],
    ['Corrected published marks of {name} ({batch}): {marked} with marks, {absent} absent', '{name} ({batch}) चे प्रसिद्ध केलेले गुण दुरुस्त केले: {marked} जणांना गुण, {absent} गैरहजर', '{name} ({batch}) के प्रकाशित अंक सुधारे: {marked} के अंक, {absent} अनुपस्थित'],
    ['Corrected published marks of {name} ({batch}) from a CSV file: {marked} with marks, {absent} absent', '{name} ({batch}) चे प्रसिद्ध केलेले गुण CSV फाइलमधून दुरुस्त केले: {marked} जणांना गुण, {absent} गैरहजर', '{name} ({batch}) के प्रकाशित अंक CSV फ़ाइल से सुधारे: {marked} के अंक, {absent} अनुपस्थित'],
    ['Published results of {name} ({batch})', '{name} ({batch}) चा निकाल प्रसिद्ध केला', '{name} ({batch}) का परिणाम प्रकाशित किया'],
    ['Queued report cards of {count} students of {batch} for mailing', '{batch} च्या {count} विद्यार्थ्यांची प्रगतिपत्रके ईमेलने पाठवायला ठेवली', '{batch} के {count} छात्रों के रिपोर्ट कार्ड ईमेल से भेजने के लिए रखे'],
    ['Wrote the report card remark of {student} in {batch}', '{batch} मधील {student} यांच्या प्रगतिपत्रकाचा शेरा लिहिला', '{batch} में {student} के रिपोर्ट कार्ड की टिप्पणी लिखी'],
    ['Removed the report card remark of {student} in {batch}', '{batch} मधील {student} यांच्या प्रगतिपत्रकाचा शेरा काढला', '{batch} में {student} के रिपोर्ट कार्ड की टिप्पणी हटाई'],
    ['Downloaded the whole academy as an Excel workbook ({file})', 'संपूर्ण अकॅडमीची माहिती Excel फाइलमध्ये डाउनलोड केली ({file})', 'पूरी अकैडमी की जानकारी Excel फ़ाइल में डाउनलोड की ({file})'],
    // Demo classes (issue 41).
    ['Booked a demo class for {name} in {batch} on {date}', '{name} यांचा {batch} मध्ये {date} रोजी डेमो क्लास ठरवला', '{name} की {batch} में {date} को डेमो क्लास तय की'],
    ['Cancelled the demo class of {name} in {batch} on {date}', '{name} यांचा {batch} मधील {date} रोजीचा डेमो क्लास रद्द केला', '{name} की {batch} में {date} की डेमो क्लास रद्द की'],
    ['Marked {name} present at the demo class of {batch} on {date}', '{batch} च्या {date} रोजीच्या डेमो क्लासला {name} हजर असल्याची नोंद केली', '{batch} की {date} की डेमो क्लास में {name} को उपस्थित दर्ज किया'],
    ['Marked {name} absent at the demo class of {batch} on {date}', '{batch} च्या {date} रोजीच्या डेमो क्लासला {name} गैरहजर असल्याची नोंद केली', '{batch} की {date} की डेमो क्लास में {name} को अनुपस्थित दर्ज किया'],
    ['Added a question to the bank ({subject}, {chapter})', 'प्रश्नसंचात प्रश्न जोडला ({subject}, {chapter})', 'प्रश्न बैंक में प्रश्न जोड़ा ({subject}, {chapter})'],
    ['Updated a question of the bank ({subject}, {chapter})', 'प्रश्नसंचातील प्रश्न बदलला ({subject}, {chapter})', 'प्रश्न बैंक का प्रश्न बदला ({subject}, {chapter})'],
    ['Deleted a question from the bank ({subject}, {chapter})', 'प्रश्नसंचातून प्रश्न हटवला ({subject}, {chapter})', 'प्रश्न बैंक से प्रश्न हटाया ({subject}, {chapter})'],
    ['Removed a question from the bank ({subject}, {chapter}); the tests that use it keep it', 'प्रश्नसंचातून प्रश्न काढला ({subject}, {chapter}); ज्या टेस्टमध्ये तो आहे त्यांत तो राहतो', 'प्रश्न बैंक से प्रश्न निकाला ({subject}, {chapter}); जिन टेस्ट में वह है, उनमें बना रहता है'],
    ['Imported {created} questions from {file}', '{file} मधून {created} प्रश्न आयात केले', '{file} से {created} प्रश्न आयात किए'],
    ['Created online test {title} ({count} questions)', 'ऑनलाइन टेस्ट {title} तयार केली ({count} प्रश्न)', 'ऑनलाइन टेस्ट {title} बनाया ({count} प्रश्न)'],
    ['Updated online test {title}', 'ऑनलाइन टेस्ट {title} बदलली', 'ऑनलाइन टेस्ट {title} बदला'],
    ['Deleted online test {title}', 'ऑनलाइन टेस्ट {title} काढून टाकली', 'ऑनलाइन टेस्ट {title} हटाया'],
    ['Published online test {title} to its batches', 'ऑनलाइन टेस्ट {title} तिच्या बॅचसाठी प्रसिद्ध केली', 'ऑनलाइन टेस्ट {title} उसके बैचों के लिए प्रकाशित किया'],
    // The platform operator (issue 55).
    [
      'Platform operator {operator} suspended the academy (site and sign-ins closed, records kept)',
      'प्लॅटफॉर्म ऑपरेटर {operator} यांनी अकॅडमी थांबवली (साइट आणि साइन-इन बंद, नोंदी सुरक्षित)',
      'प्लैटफ़ॉर्म ऑपरेटर {operator} ने अकैडमी रोकी (साइट और साइन-इन बंद, रिकॉर्ड सुरक्षित)',
    ],
    ['Platform operator {operator} opened the academy again', 'प्लॅटफॉर्म ऑपरेटर {operator} यांनी अकॅडमी पुन्हा सुरू केली', 'प्लैटफ़ॉर्म ऑपरेटर {operator} ने अकैडमी फिर से शुरू की'],
    [
      'Platform operator {operator} closed the academy (records and files removed after {days} days unless it is resumed)',
      'प्लॅटफॉर्म ऑपरेटर {operator} यांनी अकॅडमी बंद केली (पुन्हा सुरू न केल्यास नोंदी आणि फाइल्स {days} दिवसांनी काढल्या जातील)',
      'प्लैटफ़ॉर्म ऑपरेटर {operator} ने अकैडमी बंद की (फिर से शुरू न करने पर रिकॉर्ड और फ़ाइलें {days} दिन बाद हटा दी जाएँगी)',
    ],
  ],

  /** Codes worded inside Activity summaries ({from}/{to} enquiry statuses, {mode}, {role}). */
  auditValues: [
    ['new', 'नवीन', 'नई'],
    ['contacted', 'संपर्क झाला', 'संपर्क हुआ'],
    ['admitted', 'अ‍ॅडमिशन झाले', 'एडमिशन हुआ'],
    ['rejected', 'नाकारली', 'अस्वीकृत'],
    ['lost', 'गमावली', 'छूट गई'],
    ['cash', 'रोख', 'नकद'],
    ['UPI', 'UPI', 'UPI'],
    ['cheque', 'चेक', 'चेक'],
    ['bank transfer', 'बँक ट्रान्सफर', 'बैंक ट्रांसफ़र'],
    ['card', 'कार्ड', 'कार्ड'],
    ['admin', 'ऑफिस (अ‍ॅडमिन)', 'ऑफ़िस (एडमिन)'],
    ['teacher', 'शिक्षक', 'शिक्षक'],
    ['student', 'विद्यार्थी', 'छात्र'],
    ['parent', 'पालक', 'अभिभावक'],
  ],

  /** Notifications stored as a key and values (server-text.ts NOTIFICATION_TEXTS), worded when read. */
  /** The register template and import (issue 39; modules/imports): headers, list values, sheet names. */
  register: [
    // Headers (REGISTER_HEADERS in schemas/imports.ts is the English).
    ['Student ID', 'विद्यार्थी आयडी', 'छात्र आईडी'],
    ['Student name', 'विद्यार्थ्याचे नाव', 'छात्र का नाम'],
    ['Date of birth (DD-MM-YYYY)', 'जन्मतारीख (DD-MM-YYYY)', 'जन्म तिथि (DD-MM-YYYY)'],
    ['Gender', 'लिंग', 'लिंग'],
    ['Standard', 'इयत्ता', 'कक्षा'],
    ['Board', 'बोर्ड', 'बोर्ड'],
    ['Medium', 'माध्यम', 'माध्यम'],
    ['School', 'शाळा', 'स्कूल'],
    ['Student phone', 'विद्यार्थ्याचा मोबाईल', 'छात्र का मोबाइल'],
    ['Student email', 'विद्यार्थ्याचा ईमेल', 'छात्र का ईमेल'],
    ['Address', 'पत्ता', 'पता'],
    ['Parent name', 'पालकांचे नाव', 'अभिभावक का नाम'],
    ['Relation', 'नाते', 'रिश्ता'],
    ['Parent phone', 'पालकांचा मोबाईल', 'अभिभावक का मोबाइल'],
    ['Parent email', 'पालकांचा ईमेल', 'अभिभावक का ईमेल'],
    ['Batch', 'बॅच', 'बैच'],
    ['Fee plan', 'फी योजना', 'फ़ीस योजना'],
    ['Already paid (₹)', 'आधी भरलेली फी (₹)', 'पहले भरी फ़ीस (₹)'],
    ['Admission date (DD-MM-YYYY)', 'प्रवेशाची तारीख (DD-MM-YYYY)', 'प्रवेश की तारीख (DD-MM-YYYY)'],
    // The drop-downs' values.
    ['Male', 'मुलगा', 'लड़का'],
    ['Female', 'मुलगी', 'लड़की'],
    ['Other', 'इतर', 'अन्य'],
    ['State board', 'राज्य मंडळ', 'राज्य बोर्ड'],
    ['CBSE', 'सीबीएसई', 'सीबीएसई'],
    ['ICSE', 'आयसीएसई', 'आईसीएसई'],
    ['Marathi', 'मराठी', 'मराठी'],
    ['English', 'इंग्रजी', 'अंग्रेज़ी'],
    ['Semi-English', 'सेमी इंग्रजी', 'सेमी अंग्रेज़ी'],
    ['Hindi', 'हिंदी', 'हिंदी'],
    ['Urdu', 'उर्दू', 'उर्दू'],
    ['Mother', 'आई', 'माँ'],
    ['Father', 'वडील', 'पिता'],
    ['Guardian', 'पालक', 'अभिभावक'],
    // Words registers use that the import also reads (a header "Name", a gender "Woman").
    ['Name', 'नाव', 'नाम'],
    ['Mobile', 'मोबाईल', 'मोबाइल'],
    ['Man', 'पुरुष', 'पुरुष'],
    ['Woman', 'स्त्री', 'महिला'],
    ['Semi', 'सेमी', 'सेमी'],
    // The sheets and the Lists sheet's columns.
    ['Students', 'विद्यार्थी', 'छात्र'],
    ['Lists', 'यादी', 'सूची'],
    ['Standards', 'इयत्ता', 'कक्षाएँ'],
    ['Batches', 'बॅच', 'बैच'],
    ['Fee plans', 'फी योजना', 'फ़ीस योजनाएँ'],
    ['Boards', 'बोर्ड', 'बोर्ड'],
    ['Mediums', 'माध्यम', 'माध्यम'],
    ['Relations', 'नाती', 'रिश्ते'],
    ['Genders', 'लिंग', 'लिंग'],
    ['One row per student. Only the name is required. Pick standards, batches and fee plans from the lists. A second batch: a second row with the same student.', 'प्रत्येक विद्यार्थ्यासाठी एक ओळ. फक्त नाव आवश्यक आहे. इयत्ता, बॅच आणि फी योजना यादीतून निवडा. दुसरी बॅच: त्याच विद्यार्थ्याची दुसरी ओळ.', 'हर छात्र के लिए एक पंक्ति. केवल नाम ज़रूरी है. कक्षा, बैच और फ़ीस योजना सूची से चुनें. दूसरा बैच: उसी छात्र की दूसरी पंक्ति.'],
  ],
  /** The question bank's sheet (issue 40; apps/api/src/modules/questions): its headers (QUESTION_IMPORT_HEADERS), sheets and lists. */
  questionSheet: [
    ['Subject', 'विषय', 'विषय'],
    ['Chapter', 'प्रकरण', 'अध्याय'],
    ['Topic', 'विषयभाग', 'टॉपिक'],
    ['Difficulty', 'काठिण्य पातळी', 'कठिनाई स्तर'],
    ['Type', 'प्रकार', 'प्रकार'],
    ['Question', 'प्रश्न', 'प्रश्न'],
    ['Option A', 'पर्याय A', 'विकल्प A'],
    ['Option B', 'पर्याय B', 'विकल्प B'],
    ['Option C', 'पर्याय C', 'विकल्प C'],
    ['Option D', 'पर्याय D', 'विकल्प D'],
    ['Correct', 'बरोबर पर्याय', 'सही विकल्प'],
    ['Answer', 'उत्तर', 'उत्तर'],
    ['Tolerance', 'मान्य फरक', 'स्वीकार्य अंतर'],
    ['Solution', 'उकल', 'हल'],
    ['Language', 'भाषा', 'भाषा'],
    ['Questions', 'प्रश्न', 'प्रश्न'],
    ['Lists', 'यादी', 'सूची'],
    ['Subjects', 'विषय', 'विषय'],
    ['Difficulties', 'काठिण्य पातळ्या', 'कठिनाई स्तर'],
    ['Types', 'प्रकार', 'प्रकार'],
    ['Languages', 'भाषा', 'भाषाएँ'],
    [
      'One row per question. Type: single (one right option), multiple (one or more) or numeric (a number). Correct: the letters of the right options, for example B or A,C. A numeric question has no options: write its Answer and, if needed, a Tolerance. Math goes between $ signs, for example $x^2$.',
      'प्रत्येक प्रश्नासाठी एक ओळ. प्रकार: single (एकच बरोबर पर्याय), multiple (एक किंवा अधिक) किंवा numeric (संख्या). बरोबर पर्याय: त्या पर्यायांची अक्षरे, उदा. B किंवा A,C. numeric प्रश्नाला पर्याय नसतात: त्याचे उत्तर आणि गरज असल्यास मान्य फरक लिहा. गणित $ चिन्हांच्या मध्ये लिहा, उदा. $x^2$.',
      'हर प्रश्न के लिए एक पंक्ति. प्रकार: single (एक सही विकल्प), multiple (एक या अधिक) या numeric (एक संख्या). सही विकल्प: उन विकल्पों के अक्षर, जैसे B या A,C. numeric प्रश्न के विकल्प नहीं होते: उसका उत्तर और ज़रूरत हो तो स्वीकार्य अंतर लिखें. गणित $ चिह्नों के बीच लिखें, जैसे $x^2$.',
    ],
  ],
  /** An online test's printed paper and answer key (issue 40; apps/api/src/modules/online-tests/paper-pdf.ts). */
  questionPaper: [
    ['Question paper', 'प्रश्नपत्रिका', 'प्रश्न पत्र'],
    ['Answer key', 'उत्तरसूची', 'उत्तर कुंजी'],
    ['For teachers only', 'फक्त शिक्षकांसाठी', 'केवल शिक्षकों के लिए'],
    ['Batches', 'बॅच', 'बैच'],
    ['Opens', 'सुरू', 'शुरू'],
    ['Time', 'वेळ', 'समय'],
    ['{minutes} minutes', '{minutes} मिनिटे', '{minutes} मिनट'],
    ['Maximum marks', 'एकूण गुण', 'पूर्णांक'],
    ['Marking', 'गुणदान', 'अंकन'],
    ['{correct} for a right answer, {wrong} for a wrong one, {unanswered} if left', 'बरोबर उत्तराला {correct}, चुकीच्या उत्तराला {wrong}, सोडल्यास {unanswered}', 'सही उत्तर पर {correct}, गलत पर {wrong}, छोड़ने पर {unanswered}'],
    ['Name', 'नाव', 'नाम'],
    ['Student ID', 'विद्यार्थी आयडी', 'छात्र आईडी'],
    ['Q{number}.', 'प्र.{number}', 'प्र.{number}'],
    ['One or more options are right.', 'एक किंवा अधिक पर्याय बरोबर आहेत.', 'एक या अधिक विकल्प सही हैं.'],
    ['Write the number:', 'संख्या लिहा:', 'संख्या लिखें:'],
    ['Right answer: {answer}', 'बरोबर उत्तर: {answer}', 'सही उत्तर: {answer}'],
    ['{value}, within {tolerance}', '{value}, {tolerance} पर्यंत फरक मान्य', '{value}, {tolerance} तक का अंतर मान्य'],
    ['Solution', 'उकल', 'हल'],
    ['picture: see it in the app', 'चित्र: ॲपमध्ये पाहा', 'चित्र: ऐप में देखें'],
  ],
  notification: [
    ['New announcement: {title}', 'नवीन सूचना: {title}', 'नई सूचना: {title}'],
    ['New note: {title}', 'नवीन नोट्स: {title}', 'नए नोट्स: {title}'],
    ['New online test: {title}, opens {opens}', 'नवीन ऑनलाइन टेस्ट: {title}, सुरू {opens}', 'नया ऑनलाइन टेस्ट: {title}, शुरू {opens}'],
    ['New homework: {title}', 'नवीन गृहपाठ: {title}', 'नया होमवर्क: {title}'],
  ],
  /**
   * The public site as search engines and shared links see it (issue 41, apps/api/src/modules/public-site):
   * the share images' words (the pages' titles as the web app's catalogs word them) and the course
   * descriptions of the structured data when the office wrote none.
   */
  publicSite: [
    ['Courses', 'कोर्स', 'कोर्स'],
    ['About Us', 'आमच्याविषयी', 'हमारे बारे में'],
    ['Contact Us', 'संपर्क', 'संपर्क करें'],
    ['Resources', 'अभ्यास साहित्य', 'अध्ययन सामग्री'],
    ['Registration', 'नोंदणी', 'रजिस्ट्रेशन'],
    ['Login', 'लॉगिन', 'लॉगिन'],
    ['Forgot Password', 'पासवर्ड विसरलात', 'पासवर्ड भूल गए'],
    ['Terms of Service', 'सेवा अटी', 'सेवा की शर्तें'],
    ['Privacy Policy', 'गोपनीयता धोरण', 'गोपनीयता नीति'],
    ['Cookies Policy', 'कुकी धोरण', 'कुकी नीति'],
    ['Every day', 'रोज', 'हर दिन'],
    ['Monday to Saturday', 'सोमवार ते शनिवार', 'सोमवार से शनिवार'],
    ['Teacher: {name}', 'शिक्षक: {name}', 'शिक्षक: {name}'],
    ['{start} to {end}', '{start} ते {end}', '{start} से {end} तक'],
    ['Admissions open', 'प्रवेश सुरू आहेत', 'एडमिशन शुरू हैं'],
    ['Courses at {academy}', '{academy} येथील कोर्स', '{academy} के कोर्स'],
    [
      '{subject} for {standard}: {days}, {times}, from {start} to {end}. Teacher: {teacher}.',
      '{standard}, {subject}: {days}, {times}, {start} ते {end}. शिक्षक: {teacher}.',
      '{standard}, {subject}: {days}, {times}, {start} से {end} तक. शिक्षक: {teacher}.',
    ],
  ],
  /**
   * A fee reminder's pay link as the server draws it (issue 54, apps/api/src/modules/fees/pay-page-html.ts):
   * readable and payable before, or without, the app's code. Worded as the web app's pay page.
   */
  payPage: [
    ['Pay the fees', 'फी भरा', 'फीस भरें'],
    ['Pay the fees — {academy}', 'फी भरा — {academy}', 'फीस भरें — {academy}'],
    ['See what is left to pay and pay it by UPI.', 'भरायची बाकी फी पाहा आणि UPI ने भरा.', 'बाकी फीस देखें और UPI से भरें.'],
    ['{academy}: fees of {student}. Left to pay: {total}.', '{academy}: {student} यांची फी. भरायची बाकी: {total}.', '{academy}: {student} की फीस. भरनी बाकी: {total}.'],
    ['Nothing is left to pay for {student} now. Thank you!', '{student} यांची आता काहीही फी भरायची बाकी नाही. धन्यवाद!', '{student} की अब कोई फीस भरनी बाकी नहीं है. धन्यवाद!'],
    ['Pay {amount} by UPI', 'UPI ने {amount} भरा', 'UPI से {amount} भरें'],
    ['Scan this code with any UPI app on your phone to pay {amount}.', '{amount} भरण्यासाठी फोनवरच्या कोणत्याही UPI ॲपने हा कोड स्कॅन करा.', '{amount} भरने के लिए फ़ोन के किसी भी UPI ऐप से यह कोड स्कैन करें.'],
    ['Reference: {reference}', 'संदर्भ: {reference}', 'संदर्भ: {reference}'],
    ['Show the QR code', 'QR कोड दाखवा', 'QR कोड दिखाएँ'],
    ['QR code to pay {amount} by UPI', 'UPI ने {amount} भरण्यासाठी QR कोड', 'UPI से {amount} भरने के लिए QR कोड'],
    ['Overdue', 'थकीत', 'तारीख निकली'],
    ['Due date {date}', 'देय तारीख {date}', 'देय तिथि {date}'],
    ['Reported', 'कळवले', 'बताया गया'],
    ['Payment reported · waiting for the office to confirm', 'पेमेंट कळवले · ऑफिसकडून नक्की होण्याची वाट', 'भुगतान बताया गया · ऑफिस के पक्का करने का इंतज़ार'],
    ['Pay again', 'पुन्हा भरा', 'फिर से भरें'],
    ["Please pay at the academy's office.", 'कृपया अकॅडमीच्या ऑफिसमध्ये फी भरा.', 'कृपया अकादमी के ऑफ़िस में फीस भरें.'],
    ['After you pay', 'पैसे भरल्यानंतर', 'भुगतान के बाद'],
    ['The office matches your payment with its bank statement, and the receipt appears on the Fees screen of the app.', 'ऑफिस आपले पेमेंट बँक स्टेटमेंटशी जुळवते, आणि पावती ॲपच्या फी स्क्रीनवर दिसते.', 'ऑफ़िस आपका भुगतान बैंक स्टेटमेंट से मिलाता है, और रसीद ऐप की फीस स्क्रीन पर दिखती है.'],
    ['To tell the office sooner: {signIn} and tap "I have paid" on the Fees screen, with the UPI transaction ID (UTR).', 'ऑफिसला लवकर कळवण्यासाठी: {signIn} आणि फी स्क्रीनवर UPI व्यवहार आयडी (UTR) देऊन "मी पैसे भरले" दाबा.', 'ऑफ़िस को जल्दी बताने के लिए: {signIn} और फीस स्क्रीन पर UPI ट्रांज़ैक्शन आईडी (UTR) के साथ "मैंने भुगतान कर दिया" दबाएँ.'],
    ['sign in', 'लॉगिन करा', 'लॉगिन करें'],
    ['Sign in', 'लॉगिन करा', 'लॉगिन करें'],
    ['Questions? Call {phone}.', 'काही प्रश्न? {phone} वर फोन करा.', 'कोई सवाल? {phone} पर फ़ोन करें.'],
    ['Language', 'भाषा', 'भाषा'],
  ],
} as const satisfies Record<string, readonly (readonly [en: string, mr: string, hi: string])[]>;

export type CatalogSection = keyof typeof SERVER_CATALOG;
/** The English texts of a section: the only texts `word()` takes. */
export type CatalogText<S extends CatalogSection> = (typeof SERVER_CATALOG)[S][number][0];
export type CsvHeader = CatalogText<'csv'>;
export type CatalogValues = Readonly<Record<string, string | number>>;

const PLACEHOLDER = /\{(\w+)\}/g;
const indexes = new Map<CatalogSection, Map<string, readonly [string, string, string]>>();

function entryOf(section: CatalogSection, text: string): readonly [string, string, string] | undefined {
  let index = indexes.get(section);
  if (!index) {
    index = new Map(SERVER_CATALOG[section].map((entry) => [entry[0], entry] as const));
    indexes.set(section, index);
  }
  return index.get(text);
}

/**
 * THE way to word a server text: the entry of `text` in `section`, in `language`, with its `{name}`
 * values put in as written (a value's own braces are not read again). A placeholder without a value
 * stays as it is. A text missing at run time (only possible through a cast) stays English.
 */
export function word<S extends CatalogSection>(section: S, text: CatalogText<S>, language: Language, values?: CatalogValues): string {
  const entry = language === 'en' ? undefined : entryOf(section, text);
  const wording = entry ? entry[language === 'mr' ? 1 : 2] : text;
  return values ? wording.replace(PLACEHOLDER, (whole, name: string) => (values[name] === undefined ? whole : String(values[name]))) : wording;
}

/** A table of fixed texts (labels) in each language at once: `wordTable('receipt', { title: 'Fee receipt' }).mr.title`. */
export function wordTable<S extends CatalogSection, K extends string>(section: S, texts: Record<K, CatalogText<S>>): Record<Language, Record<K, string>> {
  const inLanguage = (language: Language) => Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, word(section, text as CatalogText<S>, language)])) as Record<K, string>;
  return { en: inLanguage('en'), mr: inLanguage('mr'), hi: inLanguage('hi') };
}
