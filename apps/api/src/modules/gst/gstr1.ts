import { GST_STATES } from '@academy/shared/gst';
import { paiseToRupees as rupees } from '@academy/shared/money';

/**
 * GSTR-1 for a month from its tax documents (issue 57, docs/decisions/057-gst.md), pure: the JSON the
 * GST portal's offline tool takes (schema version GST3.1.6: gstin, fp, b2cs, hsn, doc_issue) and the
 * figures the XLSX and the screen show. Amounts are summed in paise and turned into rupees once.
 *
 * Fees are paid by students without a GSTIN: every invoice is reported as B2C small (`b2cs`; B2C large,
 * an inter-state invoice above ₹1 lakh, is left for later: decision 057). Credit notes to unregistered
 * persons for B2C small supplies are not reported in cdnur (that table is for B2C large and exports):
 * they reduce the month's b2cs and hsn figures, and are counted in doc_issue under "Credit Note".
 */
export type TaxDocument = {
  kind: 'invoice' | 'credit_note';
  number: string;
  /** The series the number belongs to (a financial year), for doc_issue. */
  series: string;
  seq: number;
  date: string;
  placeOfSupply: string;
  supplierState: string;
  sac: string;
  rateBp: number;
  value: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
};

type Figures = { taxable: number; cgst: number; sgst: number; igst: number; value: number };
const zero = (): Figures => ({ taxable: 0, cgst: 0, sgst: 0, igst: 0, value: 0 });

function add(into: Figures, doc: TaxDocument): void {
  const sign = doc.kind === 'credit_note' ? -1 : 1;
  into.taxable += sign * doc.taxable;
  into.cgst += sign * doc.cgst;
  into.sgst += sign * doc.sgst;
  into.igst += sign * doc.igst;
  into.value += sign * doc.value;
}

export type B2csRow = { supplyType: 'INTRA' | 'INTER'; placeOfSupply: string; rateBp: number } & Figures;
export type HsnRow = { sac: string; rateBp: number } & Figures;
export type DocSeries = { nature: 'invoice' | 'credit_note'; from: string; to: string; total: number; cancelled: number };

export type Gstr1Summary = { b2cs: B2csRow[]; hsn: HsnRow[]; docs: DocSeries[]; totals: Figures };

/** The month's GSTR-1 figures: B2C small by supply type, place of supply and rate; the SAC summary; the documents issued per series. */
export function summariseGstr1(documents: readonly TaxDocument[]): Gstr1Summary {
  const b2cs = new Map<string, B2csRow>();
  const hsn = new Map<string, HsnRow>();
  const totals = zero();
  for (const doc of documents) {
    const supplyType = doc.placeOfSupply === doc.supplierState ? 'INTRA' : 'INTER';
    const b2csKey = `${supplyType}|${doc.placeOfSupply}|${doc.rateBp}`;
    if (!b2cs.has(b2csKey)) b2cs.set(b2csKey, { supplyType, placeOfSupply: doc.placeOfSupply, rateBp: doc.rateBp, ...zero() });
    add(b2cs.get(b2csKey)!, doc);
    const hsnKey = `${doc.sac}|${doc.rateBp}`;
    if (!hsn.has(hsnKey)) hsn.set(hsnKey, { sac: doc.sac, rateBp: doc.rateBp, ...zero() });
    add(hsn.get(hsnKey)!, doc);
    add(totals, doc);
  }
  const docs: DocSeries[] = [];
  for (const nature of ['invoice', 'credit_note'] as const) {
    const bySeries = new Map<string, TaxDocument[]>();
    for (const doc of documents) if (doc.kind === nature) bySeries.set(doc.series, [...(bySeries.get(doc.series) ?? []), doc]);
    for (const list of [...bySeries.values()]) {
      const sorted = [...list].sort((a, b) => a.seq - b.seq);
      // Numbers are gap-free and never withdrawn (a cancelled fee receipt stays issued; its credit note answers it).
      docs.push({ nature, from: sorted[0]!.number, to: sorted.at(-1)!.number, total: sorted.length, cancelled: 0 });
    }
  }
  const order = (a: { placeOfSupply: string; rateBp: number }, b: { placeOfSupply: string; rateBp: number }) => a.placeOfSupply.localeCompare(b.placeOfSupply) || a.rateBp - b.rateBp;
  return { b2cs: [...b2cs.values()].sort(order), hsn: [...hsn.values()], docs, totals };
}

/** '2026-11' → '112026' (GSTR-1's `fp`, MMYYYY). */
export function filingPeriod(period: string): string {
  const [year, month] = period.split('-');
  return `${month}${year}`;
}

/** A rate in basis points as GSTR-1's `rt` (18). */
const rt = (rateBp: number) => rateBp / 100;

/** The JSON the GST portal's offline tool imports for GSTR-1 (version GST3.1.6). */
export function gstr1Json(gstin: string, period: string, summary: Gstr1Summary) {
  return {
    gstin,
    fp: filingPeriod(period),
    version: 'GST3.1.6',
    hash: 'hash',
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
    hsn: {
      data: summary.hsn.map((row, index) => ({
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
      })),
    },
    doc_issue: {
      doc_det: (['invoice', 'credit_note'] as const)
        .map((nature) => ({ nature, series: summary.docs.filter((series) => series.nature === nature) }))
        .filter((entry) => entry.series.length > 0)
        .map((entry) => ({
          // 1: Invoices for outward supply; 5: Credit Note (the offline tool's document numbers).
          doc_num: entry.nature === 'invoice' ? 1 : 5,
          docs: entry.series.map((series, index) => ({ num: index + 1, from: series.from, to: series.to, totnum: series.total, cancel: series.cancelled, net_issue: series.total - series.cancelled })),
        })),
    },
  };
}

/** A place of supply as the offline tool's sheets write it: "27-Maharashtra". */
export function placeOfSupplyLabel(code: string): string {
  return `${code}-${GST_STATES[code] ?? ''}`;
}

