import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { omrSheetPdf } from './omr-sheet';
import { readSheetImage } from './omr-reader';
import path from 'node:path';
import { MARK_CENTRES, parseQr, qrText, scoreOf, shapeProblem, type OmrShape } from '@academy/shared/omr/layout';
import { QR_SCALES, homography, qrTextAt, readQrCode } from '@academy/shared/omr/reader';
import { fillAndPhotograph, renderPages, tally } from '../../../test/omr-photos';

const TEST_ID = '11111111-2222-4333-8444-555555555555';
const STUDENT_ID = '11111111-2222-4333-8444-666666666666';
const NEET: OmrShape = { pattern: 'neet', questions: 180, options: 4 };
let pages: { printed: Buffer; blank: Buffer; custom: Buffer };

beforeAll(async () => {
  // The academy's logo in the header (issue 78), at its worst for the reader: a solid black square, the
  // shape of a corner mark, as large as the header lets it be.
  const academyLogo = await sharp({ create: { width: 240, height: 240, channels: 3, background: '#000000' } }).png().toBuffer();
  const sheet = (shape: OmrShape, printed: boolean) =>
    omrSheetPdf({ academyName: 'Dnyanjyoti Academy', academyLogo, academyColour: '#0b7285', testId: TEST_ID, testName: 'Weekly test', date: '2026-11-28', language: 'mr', shape, students: printed ? [{ id: STUDENT_ID, name: 'आशा पाटील', code: 'LAT-2026-0042' }] : null });
  const [[printed], [blank], [custom]] = await Promise.all([renderPages(await sheet(NEET, true)), renderPages(await sheet(NEET, false)), renderPages(await sheet({ pattern: 'custom', questions: 60, options: 5 }, false))]);
  pages = { printed: printed!, blank: blank!, custom: custom! };
}, 60_000);

describe('the OMR layout', () => {
  it('allows the patterns’ counts only and scores with their marks', () => {
    expect(shapeProblem({ pattern: 'neet', questions: 150, options: 4 })).toBe('A NEET sheet has 180 or 200 questions');
    expect(shapeProblem({ pattern: 'cet', questions: 150, options: 4 })).toBeUndefined();
    expect(shapeProblem({ pattern: 'custom', questions: 201, options: 4 })).toMatch(/1 to 200/);
    expect(scoreOf('neet', ['A', 'B', 'C'], ['A', 'C', null])).toBe(3);
    expect(scoreOf('cet', ['A', 'B', 'C'], ['A', 'C', null])).toBe(1);
    expect(parseQr(qrText({ testId: TEST_ID, studentId: null, ...NEET }))).toEqual({ testId: TEST_ID, studentId: null, idColumns: 9, numeric: 0, ...NEET });
    expect(parseQr('OMR1|not-a-test|-|neet|180|4')).toBeUndefined();
    // Sheets printed before decision 092 (QR "OMR1"): an 8-column ID grid, no numeric answers; they still read.
    expect(parseQr(`OMR1|${TEST_ID}|-|neet|180|4`)).toEqual({ testId: TEST_ID, studentId: null, idColumns: 8, numeric: 0, ...NEET });
    expect(parseQr(qrText({ testId: TEST_ID, studentId: null, pattern: 'jee', questions: 75, options: 4, numeric: 15 }))).toMatchObject({ numeric: 15 });
    expect(parseQr(`OMR2|${TEST_ID}|-|neet|180|4|5`)).toBeUndefined();
    // JEE: +4/−1 for a letter, +4/−1 for a number (compared as numbers), 0 blank.
    expect(scoreOf('jee', ['A', 'B', '42', '7'], ['A', 'C', '042', null])).toBe(4 - 1 + 4);
    expect(scoreOf('jee', ['A', '42'], ['A', '41'])).toBe(3);
    expect(shapeProblem({ pattern: 'jee', questions: 75, options: 4, numeric: 15 })).toBeUndefined();
    expect(shapeProblem({ pattern: 'jee', questions: 200, options: 4, numeric: 16 })).toMatch(/do not fit/);
  });
});

describe('reading photographed sheets (toy size of the bench: 6 photos)', () => {
  it('reads every bubble right or flags it, in pencil, blue and black pen, pre-printed and blank sheets', async () => {
    const cases = [
      { page: 'printed', seed: 11, shape: NEET },
      { page: 'printed', seed: 12, shape: NEET },
      { page: 'printed', seed: 13, shape: NEET },
      { page: 'blank', seed: 14, shape: NEET },
      { page: 'blank', seed: 15, shape: NEET },
      { page: 'custom', seed: 16, shape: { pattern: 'custom', questions: 60, options: 5 } as OmrShape },
    ] as const;
    let bubbles = 0;
    let right = 0;
    for (const one of cases) {
      const photo = await fillAndPhotograph(pages[one.page], one.shape, one.seed, { blankId: one.page !== 'printed' });
      const reading = await readSheetImage(photo.jpeg);
      expect(reading.qr.testId).toBe(TEST_ID);
      expect(reading.qr.studentId).toBe(one.page === 'printed' ? STUDENT_ID : null);
      if (one.page !== 'printed') expect(reading.idDigits).toBe(photo.truth.idDigits);
      const result = tally(photo.truth, reading.answers, reading.uncertain);
      expect(result.wrongUnflagged, `seed ${one.seed}`).toEqual([]);
      // Every double mark is flagged.
      photo.truth.kinds.forEach((kind, index) => {
        if (kind === 'double') expect(reading.uncertain).toContain(index + 1);
      });
      bubbles += result.bubbles;
      right += result.right;
    }
    expect(right / bubbles).toBeGreaterThanOrEqual(0.995);
  }, 120_000);

  it('reads a sheet photographed upside down (by its QR code) and a crumpled one (each row found by its printed rings)', async () => {
    for (const handling of [{ seed: 21, upsideDown: true }, { seed: 22, crumple: 10 }, { seed: 23, upsideDown: true, crumple: 8 }]) {
      const photo = await fillAndPhotograph(pages.blank, NEET, handling.seed, { blankId: true, ...handling });
      const reading = await readSheetImage(photo.jpeg);
      expect(reading.qr.testId).toBe(TEST_ID);
      expect(reading.idDigits).toBe(photo.truth.idDigits);
      const result = tally(photo.truth, reading.answers, reading.uncertain);
      expect(result.wrongUnflagged, `seed ${handling.seed}`).toEqual([]);
      expect(result.right / result.bubbles).toBeGreaterThanOrEqual(0.98);
    }
  }, 120_000);

  it('says why a picture is not a sheet: no corner marks', async () => {
    const desk = await sharp({ create: { width: 800, height: 1000, channels: 3, background: { r: 150, g: 110, b: 70 } } }).jpeg().toBuffer();
    await expect(readSheetImage(desk)).rejects.toThrow(/four black corner squares were not found/);
    await expect(readSheetImage(Buffer.from('not a picture'))).rejects.toThrow(/not a picture/);
  });
});

describe('the QR code read at more than one scale (issue 76: the phone read a sheet the server could not)', () => {
  it('reads a legible code that one rectified copy of it does not: an upside-down sheet’s QR code as a phone’s canvas resampled it', async () => {
    // The phone's own greyscale pixels around the QR code of a photographed, upside-down pre-printed NEET sheet
    // (Chromium's createImageBitmap and canvas at the working size, as omr-read-photo.ts reads): sharp's pixels of the
    // same JPEG differ by half a grey level on average and read at 3.5 px/pt; these do not — one copy is not enough.
    const { data, info } = await sharp(path.join(import.meta.dirname, '../../../test/fixtures/omr-qr-phone-pixels.png')).greyscale().raw().toBuffer({ resolveWithObject: true });
    const img = { data: new Uint8Array(data.buffer, data.byteOffset, info.width * info.height), width: info.width, height: info.height };
    // The four corner marks found in the whole photo, in the crop's coordinates (the crop holds the QR code only).
    const corners: [number, number][] = [[28.407462686567158, -1114.1298507462686], [886.3165680473373, -1080.3934911242604], [848.6704545454545, 266.17613636363626], [-23.329545454545467, 230.17613636363626]];
    const turned = homography(MARK_CENTRES, [corners[2]!, corners[3]!, corners[0]!, corners[1]!]);
    expect(qrTextAt(img, turned, QR_SCALES[0])).toBeUndefined();
    const found = readQrCode(img, corners);
    expect(found?.h).toEqual(turned);
    expect(parseQr(found!.text)).toMatchObject({ pattern: 'neet', questions: 180, options: 4, numeric: 0 });
  });
});
