/**
 * The OMR bench (issue 76, decision 081): reads the seeded photo set (bench/omr/make-photos.ts) with
 * the server's reader and prints the accuracy (goal: ≥ 99.5 % of bubbles read right, every wrong one
 * flagged) and the seconds per sheet (goal: ≤ 2 s on the 2-core server), then the same photos read on a
 * "phone" (Chromium with the CPU slowed 4×, the web app's reading code: goal ≤ 3 s), each met or not met.
 * Making the photos is not timed; reading is (decode, corners, homography, QR, bubbles).
 *
 *   OMR_PHOTOS=100 npx tsx bench/omr/omr-bench.ts      (or BENCH_ONLY=omr npm run bench)
 */
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { readSheetImage } from '../../apps/api/src/modules/exams/omr-reader';
import { tally, type PhotoTruth } from '../../apps/api/test/omr-photos';
import { numericQuestions } from '@academy/shared/omr/layout';
import { BENCH_STUDENT_ID, BENCH_TEST_ID, photoSet, type SetPhoto } from './make-photos';
import { PHONE_SLOWDOWN, readInChromium } from './phone-bench';

export const OMR_GOALS = { accuracy: 0.995, secondsPerSheet: 2, phoneSecondsPerSheet: 3 };

export async function runOmrBench(count: number, log: (line: string) => void = console.log): Promise<{ checks: [string, boolean][] }> {
  let bubbles = 0;
  let right = 0;
  let flagged = 0;
  let wrong = 0;
  let unreadable = 0;
  let idWrong = 0;
  const numeric = { questions: 0, right: 0, flagged: 0, wrong: 0 };
  const times: number[] = [];
  const serverAnswers: (string | null)[][] = [];
  let warmUp = 0;
  // All photos are made first (a few seconds each), then read one after another: the making's garbage
  // and sharp's encoding are not in the reading's time.
  const photos: SetPhoto[] = [];
  for await (const photo of photoSet(count)) photos.push(photo);
  log(`  ${photos.length} photos made (${photos.filter((photo) => photo.upsideDown).length} upside down, ${photos.filter((photo) => photo.crumple > 0).length} crumpled, ${photos.filter((photo) => photo.shape.sections).length} JEE sheets in sections; pencil ${photos.filter((photo) => photo.truth.tool === 'pencil').length}, blue pen ${photos.filter((photo) => photo.truth.tool === 'blue').length}, black pen ${photos.filter((photo) => photo.truth.tool === 'black').length}); reading …`);
  for (const photo of photos) {
    // The first photo is read once more before the timed read: it warms the server up (the JIT, sharp's first decode), timed apart, as a running server pays it once.
    if (warmUp === 0) {
      const started = performance.now();
      await readSheetImage(photo.jpeg).catch(() => undefined);
      warmUp = (performance.now() - started) / 1000;
    }
    const started = performance.now();
    try {
      const reading = await readSheetImage(photo.jpeg);
      times.push((performance.now() - started) / 1000);
      serverAnswers[photo.index] = reading.answers;
      const result = tally(photo.truth, reading.answers, reading.uncertain);
      bubbles += result.bubbles;
      right += result.right;
      flagged += result.flagged;
      wrong += result.wrong;
      if (photo.shape.numeric) {
        const counted = numericTally(photo.truth, numericQuestions(photo.shape), reading.answers, reading.uncertain);
        numeric.questions += counted.bubbles;
        numeric.right += counted.right;
        numeric.flagged += counted.flagged;
        numeric.wrong += counted.wrong;
      }
      const who = photo.printed ? reading.qr.studentId === BENCH_STUDENT_ID : reading.idDigits === photo.truth.idDigits;
      if (reading.qr.testId !== BENCH_TEST_ID || !who) idWrong += 1;
      if (result.wrong > 0) log(`  photo ${photo.index}: ${result.wrong} read wrong and not flagged: ${JSON.stringify(result.wrongUnflagged.slice(0, 3))}`);
    } catch (error) {
      times.push((performance.now() - started) / 1000);
      unreadable += 1;
      bubbles += photo.truth.answers.length;
      log(`  photo ${photo.index}: not read: ${(error as Error).message}`);
    }
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / Math.max(1, times.length);
  const p95 = times[Math.min(times.length - 1, Math.floor(times.length * 0.95))] ?? 0;
  const accuracy = bubbles === 0 ? 0 : right / bubbles;
  log(`  ${count} photos, ${bubbles} questions: ${right} right (${(accuracy * 100).toFixed(2)} %), ${flagged} flagged for the teacher, ${wrong} wrong and not flagged, ${unreadable} sheets not read, ${idWrong} with the wrong test or student`);
  log(`  of which JEE numeric-answer questions: ${numeric.questions}, ${numeric.right} right (${((numeric.right / Math.max(1, numeric.questions)) * 100).toFixed(2)} %), ${numeric.flagged} flagged, ${numeric.wrong} wrong and not flagged`);
  log(`  seconds per sheet: mean ${mean.toFixed(2)}, p95 ${p95.toFixed(2)}, slowest ${(times.at(-1) ?? 0).toFixed(2)} (the first read, warming the server up: ${warmUp.toFixed(2)} s, not counted)`);

  // The same photos read on a "phone": Chromium, the web app's reading code, the CPU slowed 4×.
  log(`  reading on the phone (Chromium, CPU slowed ${PHONE_SLOWDOWN}×) …`);
  const phone = await readInChromium(photos.map((photo) => photo.jpeg));
  let phoneRight = 0;
  let phoneWrong = 0;
  let phoneUnread = 0;
  let phoneDiffer = 0;
  photos.forEach((photo, index) => {
    const result = phone[index]!;
    if (!result.ok) {
      phoneUnread += 1;
      log(`  photo ${photo.index} on the phone: not read: ${result.reason}`);
      return;
    }
    const counted = tally(photo.truth, result.reading.answers, result.reading.uncertain);
    phoneRight += counted.right;
    phoneWrong += counted.wrong;
  });
  // How often the phone and the server read a question differently (the server flags those).
  photos.forEach((photo, index) => {
    const result = phone[index]!;
    if (result.ok) phoneDiffer += result.reading.answers.filter((answer, q) => answer !== (serverAnswers[index]?.[q] ?? answer)).length;
  });
  const phoneTimes = phone.map((result) => result.seconds).sort((a, b) => a - b);
  const phoneMean = phoneTimes.reduce((a, b) => a + b, 0) / Math.max(1, phoneTimes.length);
  const phoneP95 = phoneTimes[Math.min(phoneTimes.length - 1, Math.floor(phoneTimes.length * 0.95))] ?? 0;
  const phoneAccuracy = bubbles === 0 ? 0 : phoneRight / bubbles;
  log(`  on the phone: ${phoneRight} right (${(phoneAccuracy * 100).toFixed(2)} %), ${phoneWrong} wrong and not flagged, ${phoneUnread} sheets not read, ${phoneDiffer} answers read otherwise than on the server`);
  log(`  phone seconds per sheet (CPU ${PHONE_SLOWDOWN}× slower): mean ${phoneMean.toFixed(2)}, p95 ${phoneP95.toFixed(2)}, slowest ${(phoneTimes.at(-1) ?? 0).toFixed(2)}`);
  return {
    checks: [
      [`≥ ${OMR_GOALS.accuracy * 100} % of bubbles read right (${(accuracy * 100).toFixed(2)} %)`, accuracy >= OMR_GOALS.accuracy],
      [`every wrong bubble flagged (${wrong} not)`, wrong === 0 && unreadable === 0 && idWrong === 0],
      [`≤ ${OMR_GOALS.secondsPerSheet} s a sheet (p95 ${p95.toFixed(2)} s)`, p95 <= OMR_GOALS.secondsPerSheet],
      [`on the phone too: ≥ ${OMR_GOALS.accuracy * 100} % right, every wrong one flagged (${(phoneAccuracy * 100).toFixed(2)} %, ${phoneWrong} not flagged)`, phoneAccuracy >= OMR_GOALS.accuracy && phoneWrong === 0 && phoneUnread === 0],
      [`≤ ${OMR_GOALS.phoneSecondsPerSheet} s a sheet on a phone (CPU ${PHONE_SLOWDOWN}× slower, p95 ${phoneP95.toFixed(2)} s)`, phoneP95 <= OMR_GOALS.phoneSecondsPerSheet],
    ],
  };
}

/** The tally of a JEE sheet's numeric-answer questions alone (`numbers`, 1-based: the last ones, or each section's). */
function numericTally(truth: PhotoTruth, numbers: number[], answers: (string | null)[], uncertain: number[]) {
  const pick = <T>(list: T[]) => numbers.map((number) => list[number - 1]!);
  const part = { ...truth, answers: pick(truth.answers), kinds: pick(truth.kinds) };
  return tally(part, pick(answers), uncertain.flatMap((q) => (numbers.includes(q) ? [numbers.indexOf(q) + 1] : [])));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const count = Number(process.env.OMR_PHOTOS ?? 100);
  console.log(`OMR sheets: ${count} generated phone photos read on the server and on a phone …`);
  const { checks } = await runOmrBench(count);
  for (const [label, ok] of checks) console.log(`  ${ok ? 'met   ' : 'NOT MET'}  ${label}`);
  process.exitCode = checks.every(([, ok]) => ok) ? 0 : 1;
}
