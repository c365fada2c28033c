import { B2CL_THRESHOLD_PAISE, GST_STATES, gstPeriodRange } from '@academy/shared/gst';
import { paiseToRupees as rupees } from '@academy/shared/money';

/**
 * GSTR-1 for a month or a quarter from its tax documents (issue 57, docs/decisions/057-gst.md), pure:
 * the JSON the GST portal's offline tool takes and the figures the XLSX and the screen show. Amounts
 * are summed in paise and turned into rupees once.
 *
 * Which table a document goes to:
 * - an invoice to a payer with a GSTIN: `b2b` (its credit note: `cdnr`);
 * - an inter-state invoice to an unregistered person worth more than ₹1 lakh: `b2cl` (its credit note:
 *   `cdnur`, type B2CL);
 * - every other invoice: `b2cs`, by supply type, place of supply and rate; its credit note reduces the
 *   same `b2cs` row (cdnur is only for B2C large and exports);
 * - what a payment paid into exempt fee plans: `nil` (`expt_amt`), by supply type, credit notes netted.
 * The SAC summary is split as the portal wants since May 2025: `hsn_b2b` (b2b and cdnr) and `hsn_b2c`
 * (everything else), exempt value as a 0 % row.
 */
export type TaxDocument = {
  /** A revised invoice (s.31(3)(a), decision 063) is reported as an invoice, and in Table 13 as its own nature. */
  kind: 'invoice' | 'revised_invoice' | 'credit_note';
  number: string;
  /** The series the number belongs to (a financial year), for doc_issue. */
  series: string;
  seq: number;
  date: string;
  placeOfSupply: string;
  supplierState: string;
  sac: string;
  rateBp: number;
  /** The whole invoice's value (what was paid), the b2cl threshold's measure. */
  value: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  /** What went to exempt plans (no GST). */
  exempt: number;
  /** A registered payer's GSTIN: the document is B2B. */
  payerGstin: string | null;
};

export type Gstr1Table = 'b2b' | 'b2cl' | 'b2cs' | 'cdnr' | 'cdnur' | 'nil';

type Figures = { taxable: number; cgst: number; sgst: number; igst: number; exempt: number; value: number };
const zero = (): Figures => ({ taxable: 0, cgst: 0, sgst: 0, igst: 0, exempt: 0, value: 0 });

function add(into: Figures, doc: TaxDocument, sign: 1 | -1 = doc.kind === 'credit_note' ? -1 : 1): void {
  into.taxable += sign * doc.taxable;
  into.cgst += sign * doc.cgst;
  into.sgst += sign * doc.sgst;
  into.igst += sign * doc.igst;
  into.exempt += sign * doc.exempt;
  into.value += sign * doc.value;
}

const interState = (doc: TaxDocument) => doc.placeOfSupply !== doc.supplierState;

/** The GSTR-1 table a document's taxable part is reported in ('nil' when it has none: wholly exempt). */
export function gstr1TableOf(doc: TaxDocument): Gstr1Table {
  if (doc.taxable === 0 && doc.cgst + doc.sgst + doc.igst === 0) return 'nil';
  const credit = doc.kind === 'credit_note';
  if (doc.payerGstin) return credit ? 'cdnr' : 'b2b';
  if (interState(doc) && doc.value > B2CL_THRESHOLD_PAISE) return credit ? 'cdnur' : 'b2cl';
  return 'b2cs';
}

export type B2csRow = { supplyType: 'INTRA' | 'INTER'; placeOfSupply: string; rateBp: number } & Figures;
export type HsnRow = { sac: string; rateBp: number } & Figures;
export type NilRow = { supplyType: 'INTRB2B' | 'INTRAB2B' | 'INTRB2C' | 'INTRAB2C'; exempt: number };
export type DocSeries = { nature: TaxDocument['kind']; from: string; to: string; total: number; cancelled: number };

/**
 * Table 13's natures of document as the offline tool numbers and names them (doc_num): 1 Invoices for
 * outward supply, 3 Revised Invoice, 5 Credit Note.
 */
export const DOC_NATURES: Record<TaxDocument['kind'], { docNum: number; label: string }> = {
  invoice: { docNum: 1, label: 'Invoices for outward supply' },
  revised_invoice: { docNum: 3, label: 'Revised Invoice' },
  credit_note: { docNum: 5, label: 'Credit Note' },
};

export type Gstr1Summary = {
  fp: string;
  b2b: TaxDocument[];
  b2cl: TaxDocument[];
  b2cs: B2csRow[];
  cdnr: TaxDocument[];
  cdnur: TaxDocument[];
  nil: NilRow[];
  hsnB2b: HsnRow[];
  hsnB2c: HsnRow[];
  docs: DocSeries[];
  totals: Figures;
};

function addHsn(rows: Map<string, HsnRow>, sac: string, rateBp: number, figures: Omit<Figures, 'exempt'>, sign: 1 | -1): void {
  const key = `${sac}|${rateBp}`;
  if (!rows.has(key)) rows.set(key, { sac, rateBp, ...zero() });
  const row = rows.get(key)!;
  row.taxable += sign * figures.taxable;
  row.cgst += sign * figures.cgst;
  row.sgst += sign * figures.sgst;
  row.igst += sign * figures.igst;
  row.value += sign * figures.value;
}

/** The period's GSTR-1 figures from its invoices and credit notes (`period` YYYY-MM or YYYY-YY-Qn). */
export function summariseGstr1(period: string, documents: readonly TaxDocument[]): Gstr1Summary {
  const b2cs = new Map<string, B2csRow>();
  const hsnB2b = new Map<string, HsnRow>();
  const hsnB2c = new Map<string, HsnRow>();
  const nil = new Map<NilRow['supplyType'], NilRow>();
  const lists = { b2b: [] as TaxDocument[], b2cl: [] as TaxDocument[], cdnr: [] as TaxDocument[], cdnur: [] as TaxDocument[] };
  const totals = zero();
  for (const doc of documents) {
    const sign = doc.kind === 'credit_note' ? -1 : 1;
    const table = gstr1TableOf(doc);
    if (table === 'b2cs') {
      const supplyType = interState(doc) ? 'INTER' : 'INTRA';
      const key = `${supplyType}|${doc.placeOfSupply}|${doc.rateBp}`;
      if (!b2cs.has(key)) b2cs.set(key, { supplyType, placeOfSupply: doc.placeOfSupply, rateBp: doc.rateBp, ...zero() });
      const row = b2cs.get(key)!;
      row.taxable += sign * doc.taxable;
      row.cgst += sign * doc.cgst;
      row.sgst += sign * doc.sgst;
      row.igst += sign * doc.igst;
      row.value += sign * (doc.taxable + doc.cgst + doc.sgst + doc.igst);
    } else if (table !== 'nil') lists[table].push(doc);
    const hsn = doc.payerGstin ? hsnB2b : hsnB2c;
    if (table !== 'nil') addHsn(hsn, doc.sac, doc.rateBp, { taxable: doc.taxable, cgst: doc.cgst, sgst: doc.sgst, igst: doc.igst, value: doc.taxable + doc.cgst + doc.sgst + doc.igst }, sign);
    if (doc.exempt > 0) {
      const supplyType = `${interState(doc) ? 'INTR' : 'INTRA'}${doc.payerGstin ? 'B2B' : 'B2C'}` as NilRow['supplyType'];
      if (!nil.has(supplyType)) nil.set(supplyType, { supplyType, exempt: 0 });
      nil.get(supplyType)!.exempt += sign * doc.exempt;
      addHsn(hsn, doc.sac, 0, { taxable: doc.exempt, cgst: 0, sgst: 0, igst: 0, value: doc.exempt }, sign);
    }
    add(totals, doc);
  }
  const docs: DocSeries[] = [];
  for (const nature of ['invoice', 'revised_invoice', 'credit_note'] as const) {
    const bySeries = new Map<string, TaxDocument[]>();
    for (const doc of documents) if (doc.kind === nature) bySeries.set(doc.series, [...(bySeries.get(doc.series) ?? []), doc]);
    for (const list of [...bySeries.values()]) {
      const sorted = [...list].sort((a, b) => a.seq - b.seq);
      // Numbers are gap-free and never withdrawn (a cancelled fee receipt stays issued; its credit note answers it).
      docs.push({ nature, from: sorted[0]!.number, to: sorted.at(-1)!.number, total: sorted.length, cancelled: 0 });
    }
  }
  const order = (a: { placeOfSupply: string; rateBp: number }, b: { placeOfSupply: string; rateBp: number }) => a.placeOfSupply.localeCompare(b.placeOfSupply) || a.rateBp - b.rateBp;
  const hsnOrder = (a: HsnRow, b: HsnRow) => a.sac.localeCompare(b.sac) || b.rateBp - a.rateBp;
  return {
    fp: filingPeriod(period),
    ...lists,
    b2cs: [...b2cs.values()].sort(order),
    nil: [...nil.values()],
    hsnB2b: [...hsnB2b.values()].sort(hsnOrder),
    hsnB2c: [...hsnB2c.values()].sort(hsnOrder),
    docs,
    totals,
  };
}

/** '2026-11' → '112026'; a quarter '2026-27-Q3' → '122026' (GSTR-1's `fp`, MMYYYY, a quarter's last month). */
export function filingPeriod(period: string): string {
  const range = gstPeriodRange(period);
  if (!range) throw new RangeError(`not a GST period: ${period}`);
  return range.fp;
}

/** A rate in basis points as GSTR-1's `rt` (18). */
const rt = (rateBp: number) => rateBp / 100;

/** '2026-11-02' → '02-11-2026' (GSTR-1's dates). */
export function gstr1Date(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}-${month}-${year}`;
}

/** One item at the document's rate: IGST across states, CGST + SGST within. */
function item(doc: TaxDocument) {
  const taxes = interState(doc) ? { iamt: rupees(doc.igst) } : { camt: rupees(doc.cgst), samt: rupees(doc.sgst) };
  return [{ num: 1, itm_det: { rt: rt(doc.rateBp), txval: rupees(doc.taxable), ...taxes, csamt: 0 } }];
}

/** Documents grouped by the payer's GSTIN (b2b and cdnr are lists per recipient). */
function byRecipient(documents: readonly TaxDocument[]): [string, TaxDocument[]][] {
  const groups = new Map<string, TaxDocument[]>();
  for (const doc of documents) groups.set(doc.payerGstin!, [...(groups.get(doc.payerGstin!) ?? []), doc]);
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}

const hsnRows = (rows: readonly HsnRow[]) =>
  rows.map((row, index) => ({
    num: index + 1,
    hsn_sc: row.sac,
    desc: 'Coaching services',
    uqc: 'NA',
    qty: 0,
    rt: rt(row.rateBp),
    txval: rupees(row.taxable),
    iamt: rupees(row.igst),
    camt: rupees(row.cgst),
    samt: rupees(row.sgst),
    csamt: 0,
  }));

/**
 * The JSON the GST portal's offline tool imports for GSTR-1, version GST3.2.4 (the schema with the
 * SAC summary split into hsn_b2b / hsn_b2c, from the May 2025 period). Tables with nothing in them
 * are left out, as the offline tool writes them.
 */
export const GSTR1_JSON_VERSION = 'GST3.2.4';
export function gstr1Json(gstin: string, summary: Gstr1Summary) {
  const optional = <K extends string, V>(key: K, value: V[]): Partial<Record<K, V[]>> => (value.length > 0 ? ({ [key]: value } as Record<K, V[]>) : {});
  return {
    gstin,
    fp: summary.fp,
    version: GSTR1_JSON_VERSION,
    hash: 'hash',
    ...optional(
      'b2b',
      byRecipient(summary.b2b).map(([ctin, invoices]) => ({
        ctin,
        inv: invoices.map((doc) => ({ inum: doc.number, idt: gstr1Date(doc.date), val: rupees(doc.value), pos: doc.placeOfSupply, rchrg: 'N', inv_typ: 'R', itms: item(doc) })),
      })),
    ),
    ...optional(
      'b2cl',
      [...new Set(summary.b2cl.map((doc) => doc.placeOfSupply))].sort().map((pos) => ({
        pos,
        inv: summary.b2cl.filter((doc) => doc.placeOfSupply === pos).map((doc) => ({ inum: doc.number, idt: gstr1Date(doc.date), val: rupees(doc.value), itms: item(doc) })),
      })),
    ),
    b2cs: summary.b2cs.map((row) => ({
      sply_ty: row.supplyType,
      rt: rt(row.rateBp),
      typ: 'OE',
      pos: row.placeOfSupply,
      txval: rupees(row.taxable),
      iamt: rupees(row.igst),
      camt: rupees(row.cgst),
      samt: rupees(row.sgst),
      csamt: 0,
    })),
    ...optional(
      'cdnr',
      byRecipient(summary.cdnr).map(([ctin, notes]) => ({
        ctin,
        nt: notes.map((doc) => ({ ntty: 'C', nt_num: doc.number, nt_dt: gstr1Date(doc.date), val: rupees(doc.value), pos: doc.placeOfSupply, rchrg: 'N', inv_typ: 'R', itms: item(doc) })),
      })),
    ),
    ...optional(
      'cdnur',
      summary.cdnur.map((doc) => ({ ntty: 'C', nt_num: doc.number, nt_dt: gstr1Date(doc.date), val: rupees(doc.value), typ: 'B2CL', pos: doc.placeOfSupply, itms: item(doc) })),
    ),
    ...(summary.nil.length > 0 ? { nil: { inv: summary.nil.map((row) => ({ sply_ty: row.supplyType, expt_amt: rupees(row.exempt), nil_amt: 0, ngsup_amt: 0 })) } } : {}),
    hsn: { hsn_b2b: hsnRows(summary.hsnB2b), hsn_b2c: hsnRows(summary.hsnB2c) },
    doc_issue: {
      doc_det: (['invoice', 'revised_invoice', 'credit_note'] as const)
        .map((nature) => ({ nature, series: summary.docs.filter((series) => series.nature === nature) }))
        .filter((entry) => entry.series.length > 0)
        .map((entry) => ({
          doc_num: DOC_NATURES[entry.nature].docNum,
          docs: entry.series.map((series, index) => ({ num: index + 1, from: series.from, to: series.to, totnum: series.total, cancel: series.cancelled, net_issue: series.total - series.cancelled })),
        })),
    },
  };
}

/** A place of supply as the offline tool's sheets write it: "27-Maharashtra". */
export function placeOfSupplyLabel(code: string): string {
  return `${code}-${GST_STATES[code] ?? ''}`;
}
