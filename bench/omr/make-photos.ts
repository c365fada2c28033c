/**
 * The OMR photo set (issue 76): sheets drawn from the product's own PDF (pdftoppm), filled by script
 * (pencil, blue and black pen, faint marks, double marks, erasures) and "photographed" (perspective,
 * rotation, blur, uneven light and shadow, noise, JPEG on a desk; some upside down, some crumpled). Seeded: the same seed and count make
 * the same photos, so the set is fixed without keeping megabytes of JPEGs in the repository.
 *
 *   npx tsx bench/omr/make-photos.ts [count=20] [out=bench/omr/photos] [seed=76]
 *
 * writes NNN.jpg and NNN.json (the truth: answers, kind of each mark, the ID, the tool) for each photo.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { omrSheetPdf } from '../../apps/api/src/modules/exams/omr-sheet';
import type { OmrShape } from '@academy/shared/omr/layout';
import { fillAndPhotograph, renderPages, seededRandom, type SheetPhoto } from '../../apps/api/test/omr-photos';

export const BENCH_TEST_ID = '7e57a000-0000-4000-8000-000000000076';
export const BENCH_STUDENT_ID = '57ad0000-0000-4000-8000-000000000042';

/**
 * The kinds of sheet in the set, in turn: pre-printed NEET 180, blank NEET 200, blank custom 60 × A–E,
 * pre-printed CET 150, blank JEE Main 75 (60 multiple-choice, 15 numeric-answer grids; decision 092).
 */
const KINDS: { shape: OmrShape; printed: boolean }[] = [
  { shape: { pattern: 'neet', questions: 180, options: 4 }, printed: true },
  { shape: { pattern: 'neet', questions: 200, options: 4 }, printed: false },
  { shape: { pattern: 'custom', questions: 60, options: 5 }, printed: false },
  { shape: { pattern: 'cet', questions: 150, options: 4 }, printed: true },
  { shape: { pattern: 'jee', questions: 75, options: 4, numeric: 15 }, printed: false },
];
/** Every other JEE photo is of the sheet in sections, as JEE Main numbers its paper (decision 098): numeric answers at 21–25, 46–50, 71–75. */
const JEE_MAIN: { shape: OmrShape; printed: boolean } = { shape: { pattern: 'jee', questions: 75, options: 4, numeric: 15, sections: [{ choice: 20, numeric: 5 }, { choice: 20, numeric: 5 }, { choice: 20, numeric: 5 }] }, printed: false };

export type SetPhoto = SheetPhoto & { index: number; shape: OmrShape; printed: boolean; upsideDown: boolean; crumple: number };

/** Yields the set's photos one by one (each takes a few seconds to make). */
export async function* photoSet(count: number, seed = 76): AsyncGenerator<SetPhoto> {
  const pages = await Promise.all(
    [...KINDS, JEE_MAIN].map(async ({ shape, printed }) => {
      const pdf = await omrSheetPdf({
        academyName: 'Dnyanjyoti Academy, Latur', testId: BENCH_TEST_ID, testName: 'Weekly test 12', date: '2026-11-28', language: 'en', shape,
        students: printed ? [{ id: BENCH_STUDENT_ID, name: 'Asha Patil', code: 'LAT-2026-0042' }] : null,
      });
      return (await renderPages(pdf))[0]!;
    }),
  );
  for (let index = 0; index < count; index += 1) {
    const sectioned = index % KINDS.length === KINDS.length - 1 && Math.floor(index / KINDS.length) % 2 === 1;
    const kind = sectioned ? JEE_MAIN : KINDS[index % KINDS.length]!;
    // About one sheet in ten photographed upside down, one in four a little crumpled (waves of up to 5–11 page pixels, 3–6 pt).
    const handling = seededRandom(seed * 7_919 + index);
    const upsideDown = handling() < 0.1;
    const crumple = handling() < 0.25 ? 5 + handling() * 6 : 0;
    const photo = await fillAndPhotograph(pages[sectioned ? KINDS.length : index % KINDS.length]!, kind.shape, seed * 100_000 + index, { blankId: !kind.printed, upsideDown, crumple });
    yield { ...photo, index, shape: kind.shape, printed: kind.printed, upsideDown, crumple };
  }
}

async function main() {
  const count = Number(process.argv[2] ?? 20);
  const out = process.argv[3] ?? path.join('bench', 'omr', 'photos');
  const seed = Number(process.argv[4] ?? 76);
  fs.mkdirSync(out, { recursive: true });
  for await (const photo of photoSet(count, seed)) {
    const name = String(photo.index).padStart(3, '0');
    fs.writeFileSync(path.join(out, `${name}.jpg`), photo.jpeg);
    fs.writeFileSync(path.join(out, `${name}.json`), JSON.stringify({ shape: photo.shape, printed: photo.printed, ...photo.truth }));
    console.log(`${name}.jpg  ${photo.shape.pattern} ${photo.shape.questions} × ${photo.shape.options}${photo.shape.numeric ? ` (${photo.shape.numeric} numeric)` : ''}  ${photo.truth.tool}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
