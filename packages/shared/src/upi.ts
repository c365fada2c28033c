/**
 * UPI payment requests for fees (issue 38, DESIGN.md section 9): a standard `upi://pay` intent that
 * every UPI app (GPay, PhonePe, Paytm, BHIM) opens with the payee, amount and note filled in, and the
 * reference that names the student and the due, by which a bank statement's credit finds its due.
 */

/** The longest reference UPI carries in `tr`. */
export const UPI_REFERENCE_MAX = 35;
/** Notes longer than this are cut by some UPI apps and banks: the reference stands first in it. */
export const UPI_NOTE_MAX = 50;

/**
 * A due's reference: the student's ID made short, then the due's number for that student:
 * LAT-2026-0042 and the 2nd due → LAT26-0042-I2. Stable: neither part ever changes.
 */
export function upiReference(studentCode: string, dueNumber: number): string {
  const parts = /^([A-Z]+)-(\d{4})-(\d+)$/.exec(studentCode);
  const student = parts ? `${parts[1]}${parts[2]!.slice(2)}-${parts[3]}` : studentCode.replace(/[^A-Za-z0-9-]/g, '');
  return `${student}-I${dueNumber}`.slice(0, UPI_REFERENCE_MAX);
}

/** The reference in the form banks keep of it in a narration: capitals and digits only (LAT260042I2). */
export function compactReference(text: string): string {
  return text.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/**
 * The note the payer's app shows and the bank's narration usually keeps: the reference first (a bank
 * that cuts the note short still keeps it), then what is paid ("LAT26-0042-I2 Fees Aarav Patil Term 2").
 * Plain ASCII: narrations and some UPI apps garble anything else (a "·" in a due's label, accents).
 */
export function upiNote(reference: string, studentName: string, dueLabel: string): string {
  const ascii = `${reference} Fees ${studentName} ${dueLabel}`.normalize('NFKD').replace(/[^\x20-\x7E]/g, ' ');
  const note = ascii.replace(/\s+/g, ' ').trim();
  if (note.length <= UPI_NOTE_MAX) return note;
  // Cut at the last whole word that fits (issue 53: "Term 2 (Octo" read as a typo); the reference always stays.
  const cut = note.slice(0, UPI_NOTE_MAX + 1).replace(/\s+\S*$/, '');
  return (cut.length >= reference.length ? cut : note.slice(0, UPI_NOTE_MAX)).trim();
}

/** Whole paise as UPI's amount: rupees with two decimals (600000 → "6000.00"). */
export function upiAmount(paise: number): string {
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
}

/**
 * The UPI intent: `upi://pay?pa=<vpa>&pn=<payee>&am=<amount>&cu=INR&tn=<note>&tr=<reference>`, each value
 * percent-encoded (a space as %20: some apps show a "+" as it is), but for "@", which a query may carry
 * as it is and which some UPI apps read only that way in the UPI ID.
 */
export function upiPayLink(request: { vpa: string; payeeName: string; amountPaise: number; note: string; reference: string }): string {
  const values: [string, string][] = [
    ['pa', request.vpa],
    ['pn', request.payeeName],
    ['am', upiAmount(request.amountPaise)],
    ['cu', 'INR'],
    ['tn', request.note],
    ['tr', request.reference],
  ];
  return `upi://pay?${values.map(([name, value]) => `${name}=${encodeURIComponent(value).replaceAll('%40', '@')}`).join('&')}`;
}

/**
 * Twelve digits standing alone (no letter or digit either side: "UTR:611100000001", "611100000001.",
 * "UPI/611100000001/…"); a bank's reference column pads them to 16 with zeros.
 */
const UTR = /(?<![0-9A-Za-z])(?:0000)?(\d{12})(?![0-9A-Za-z])/g;

/**
 * The UPI transaction ID (UTR) in a text, normalised to its 12 digits, or null (issue 38; issue 53).
 * The one function by which a UTR is read wherever one is recorded: a payment's reference typed by the
 * office, a family's "I have paid", a bank statement's narration or reference. However it was spelt,
 * one payment has one UTR, so "one receipt per UTR" holds.
 */
export function extractUtr(text: string): string | null {
  for (const match of text.matchAll(UTR)) {
    const utr = match[1];
    if (utr && /[1-9]/.test(utr)) return utr;
  }
  return null;
}
