import { describe, expect, it } from 'vitest';
import { filingPeriod, gstr1Json, summariseGstr1, type TaxDocument } from './gstr1';

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
  ...over,
});

describe('GSTR-1 from the month’s documents', () => {
  it('B2C small by supply type and place of supply, credit notes netted, documents per series', () => {
    const documents = [
      doc({}),
      doc({ number: '2026-27/0002', seq: 2, value: 2_950_001, taxable: 2_500_001, cgst: 225_000, sgst: 225_000 }),
      doc({ number: '2026-27/0003', seq: 3, placeOfSupply: '29', cgst: 0, sgst: 0, igst: 900_000 }),
      doc({ kind: 'credit_note', number: 'CN/2026-27/0001', seq: 1, value: 2_950_001, taxable: 2_500_001, cgst: 225_000, sgst: 225_000 }),
    ];
    const summary = summariseGstr1(documents);
    expect(summary.b2cs.map((row) => [row.supplyType, row.placeOfSupply, row.taxable, row.cgst, row.sgst, row.igst])).toEqual([
      ['INTRA', '27', 5_000_000, 450_000, 450_000, 0],
      ['INTER', '29', 5_000_000, 0, 0, 900_000],
    ]);
    expect(summary.totals).toEqual({ taxable: 10_000_000, cgst: 450_000, sgst: 450_000, igst: 900_000, value: 11_800_000 });
    expect(summary.docs).toEqual([
      { nature: 'invoice', from: '2026-27/0001', to: '2026-27/0003', total: 3, cancelled: 0 },
      { nature: 'credit_note', from: 'CN/2026-27/0001', to: 'CN/2026-27/0001', total: 1, cancelled: 0 },
    ]);
    const json = gstr1Json('27AAPFU0939F1ZV', '2026-11', summary);
    expect(json.fp).toBe('112026');
    expect(json.b2cs[0]).toEqual({ sply_ty: 'INTRA', rt: 18, typ: 'OE', pos: '27', txval: 50000, iamt: 0, camt: 4500, samt: 4500, csamt: 0 });
    expect(json.doc_issue.doc_det.map((entry) => entry.doc_num)).toEqual([1, 5]);
  });

  it('an empty month has empty tables and no document series', () => {
    const json = gstr1Json('27AAPFU0939F1ZV', '2027-01', summariseGstr1([]));
    expect(json).toMatchObject({ fp: '012027', b2cs: [], hsn: { data: [] }, doc_issue: { doc_det: [] } });
    expect(filingPeriod('2026-04')).toBe('042026');
  });
});
