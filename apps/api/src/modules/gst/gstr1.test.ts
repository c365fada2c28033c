import { describe, expect, it } from 'vitest';
import { filingPeriod, gstr1Json, gstr1TableOf, summariseGstr1, type TaxDocument } from './gstr1';

const COMPANY = '29AAGCB7383J1Z4';
const doc = (over: Partial<TaxDocument>): TaxDocument => ({
  kind: 'invoice',
  number: '2026-27/0001',
  series: '2026-27',
  seq: 1,
  date: '2026-11-02',
  placeOfSupply: '27',
  supplierState: '27',
  sac: '999293',
  rateBp: 1800,
  value: 5_900_000,
  taxable: 5_000_000,
  cgst: 450_000,
  sgst: 450_000,
  igst: 0,
  exempt: 0,
  payerGstin: null,
  ...over,
});
const inter = { placeOfSupply: '29', cgst: 0, sgst: 0, igst: 900_000 };

describe('GSTR-1 from the period’s documents', () => {
  it('B2C small by supply type and place of supply, credit notes netted, documents per series', () => {
    const documents = [
      doc({}),
      doc({ number: '2026-27/0002', seq: 2, value: 2_950_001, taxable: 2_500_001, cgst: 225_000, sgst: 225_000 }),
      doc({ number: '2026-27/0003', seq: 3, ...inter }),
      doc({ kind: 'credit_note', number: 'CN/2026-27/0001', seq: 1, value: 2_950_001, taxable: 2_500_001, cgst: 225_000, sgst: 225_000 }),
    ];
    const summary = summariseGstr1('2026-11', documents);
    expect(summary.b2cs.map((row) => [row.supplyType, row.placeOfSupply, row.taxable, row.cgst, row.sgst, row.igst])).toEqual([
      ['INTRA', '27', 5_000_000, 450_000, 450_000, 0],
      ['INTER', '29', 5_000_000, 0, 0, 900_000],
    ]);
    expect(summary.totals).toEqual({ taxable: 10_000_000, cgst: 450_000, sgst: 450_000, igst: 900_000, exempt: 0, value: 11_800_000 });
    expect(summary.docs).toEqual([
      { nature: 'invoice', from: '2026-27/0001', to: '2026-27/0003', total: 3, cancelled: 0 },
      { nature: 'credit_note', from: 'CN/2026-27/0001', to: 'CN/2026-27/0001', total: 1, cancelled: 0 },
    ]);
    const json = gstr1Json('27AAPFU0939F1ZV', summary);
    expect(json).toMatchObject({ fp: '112026', version: 'GST3.2.4' });
    expect(json.b2cs[0]).toEqual({ sply_ty: 'INTRA', rt: 18, typ: 'OE', pos: '27', txval: 50000, iamt: 0, camt: 4500, samt: 4500, csamt: 0 });
    expect(json.hsn.hsn_b2b).toEqual([]);
    expect(json.hsn.hsn_b2c).toEqual([{ num: 1, hsn_sc: '999293', desc: 'Coaching services', uqc: 'NA', qty: 0, rt: 18, txval: 100000, iamt: 9000, camt: 4500, samt: 4500, csamt: 0 }]);
    expect(json.doc_issue.doc_det.map((entry) => entry.doc_num)).toEqual([1, 5]);
    expect(json).not.toHaveProperty('b2b');
    expect(json).not.toHaveProperty('b2cl');
  });

  it('a payer with a GSTIN is B2B (b2b, cdnr, hsn_b2b); the place of supply is the payer’s state', () => {
    const invoice = doc({ number: '2026-27/0004', seq: 4, payerGstin: COMPANY, ...inter });
    const note = doc({ kind: 'credit_note', number: 'CN/2026-27/0002', seq: 2, date: '2026-11-20', payerGstin: COMPANY, ...inter });
    expect([gstr1TableOf(invoice), gstr1TableOf(note)]).toEqual(['b2b', 'cdnr']);
    const json = gstr1Json('27AAPFU0939F1ZV', summariseGstr1('2026-11', [invoice, note]));
    expect(json.b2b).toEqual([
      { ctin: COMPANY, inv: [{ inum: '2026-27/0004', idt: '02-11-2026', val: 59000, pos: '29', rchrg: 'N', inv_typ: 'R', itms: [{ num: 1, itm_det: { rt: 18, txval: 50000, iamt: 9000, csamt: 0 } }] }] },
    ]);
    expect(json.cdnr).toEqual([
      { ctin: COMPANY, nt: [{ ntty: 'C', nt_num: 'CN/2026-27/0002', nt_dt: '20-11-2026', val: 59000, pos: '29', rchrg: 'N', inv_typ: 'R', itms: [{ num: 1, itm_det: { rt: 18, txval: 50000, iamt: 9000, csamt: 0 } }] }] },
    ]);
    expect(json.b2cs).toEqual([]);
    // Invoice and its credit note net to nothing in the SAC summary, which is the B2B one.
    expect(json.hsn.hsn_b2b[0]).toMatchObject({ txval: 0, iamt: 0 });
    expect(json.hsn.hsn_b2c).toEqual([]);
  });

  it('an inter-state invoice to an unregistered person above ₹1 lakh is b2cl (its credit note cdnur); ₹1 lakh exactly or within the state stays b2cs', () => {
    const large = doc({ number: '2026-27/0005', value: 11_800_000, taxable: 10_000_000, ...inter, igst: 1_800_000 });
    const exactly = doc({ number: '2026-27/0006', value: 10_000_000, taxable: 8_474_576, ...inter, igst: 1_525_424 });
    const localLarge = doc({ number: '2026-27/0007', value: 11_800_000, taxable: 10_000_000, cgst: 900_000, sgst: 900_000 });
    expect([large, exactly, localLarge].map(gstr1TableOf)).toEqual(['b2cl', 'b2cs', 'b2cs']);
    const note = doc({ ...large, kind: 'credit_note', number: 'CN/2026-27/0003' });
    expect(gstr1TableOf(note)).toBe('cdnur');
    const json = gstr1Json('27AAPFU0939F1ZV', summariseGstr1('2026-11', [large, note]));
    expect(json.b2cl).toEqual([{ pos: '29', inv: [{ inum: '2026-27/0005', idt: '02-11-2026', val: 118000, itms: [{ num: 1, itm_det: { rt: 18, txval: 100000, iamt: 18000, csamt: 0 } }] }] }]);
    expect(json.cdnur).toEqual([{ ntty: 'C', nt_num: 'CN/2026-27/0003', nt_dt: '02-11-2026', val: 118000, typ: 'B2CL', pos: '29', itms: [{ num: 1, itm_det: { rt: 18, txval: 100000, iamt: 18000, csamt: 0 } }] }]);
  });

  it('exempt fee plans go to nil by supply type and a 0 % SAC row; a wholly exempt receipt has no taxable table', () => {
    const mixed = doc({ value: 6_200_000, exempt: 300_000 });
    const onlyBooks = doc({ number: '2026-27/0002', seq: 2, value: 300_000, taxable: 0, cgst: 0, sgst: 0, exempt: 300_000, placeOfSupply: '29' });
    expect(gstr1TableOf(onlyBooks)).toBe('nil');
    const summary = summariseGstr1('2026-11', [mixed, onlyBooks]);
    expect(summary.totals).toMatchObject({ taxable: 5_000_000, exempt: 600_000, value: 6_500_000 });
    const json = gstr1Json('27AAPFU0939F1ZV', summary);
    expect(json.nil).toEqual({ inv: [{ sply_ty: 'INTRAB2C', expt_amt: 3000, nil_amt: 0, ngsup_amt: 0 }, { sply_ty: 'INTRB2C', expt_amt: 3000, nil_amt: 0, ngsup_amt: 0 }] });
    expect(json.hsn.hsn_b2c.map((row) => [row.rt, row.txval])).toEqual([[18, 50000], [0, 6000]]);
    expect(json.b2cs).toHaveLength(1);
  });

  it('an empty period has empty tables; a quarter files under its last month', () => {
    const json = gstr1Json('27AAPFU0939F1ZV', summariseGstr1('2027-01', []));
    expect(json).toMatchObject({ fp: '012027', b2cs: [], hsn: { hsn_b2b: [], hsn_b2c: [] }, doc_issue: { doc_det: [] } });
    expect(filingPeriod('2026-04')).toBe('042026');
    expect(filingPeriod('2026-27-Q2')).toBe('092026');
    expect(filingPeriod('2026-27-Q4')).toBe('032027');
  });
});
