/**
 * The column headers of the office's CSV files (students, fee dues, Activity) in Marathi and Hindi
 * (decision 015: worded on the server in the requester's language; the values stay as stored).
 * `toCsv` (apps/api/src/lib/csv.ts) takes only these headers, so a new column cannot miss its words.
 */
export const CSV_HEADERS = [
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
] as const satisfies readonly (readonly [en: string, mr: string, hi: string])[];

export type CsvHeader = (typeof CSV_HEADERS)[number][0];
