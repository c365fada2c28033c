import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { BUBBLE_RADIUS, ID_DIGITS, NUMERIC_DIGITS, OMR_LETTERS, PAGE, bubbleCentre, choiceCount, choiceQuestion, idBubbleCentre, numericBubbleCentre, numericQuestion, type OmrShape } from '@academy/shared/omr/layout';
import { homography, invert3, applyHomography } from '../src/modules/exams/omr-reader';

/**
 * Photographs of filled OMR sheets, made the way a phone takes them (issue 76): a page of the
 * product's own sheet PDF rendered with pdftoppm, its bubbles filled (pencil grey, blue or black pen,
 * a few faint marks, double marks and erasures), then warped in perspective and rotated onto a desk,
 * lit unevenly with a shadow, blurred, noised and JPEG-compressed. Seeded: the same seed makes the
 * same photos. Each photo comes with its truth.
 */

const execFileAsync = promisify(execFile);

export type BubbleKind = 'clean' | 'faint' | 'double' | 'erasure' | 'blank';
export type PhotoTruth = { answers: (string | null)[]; kinds: BubbleKind[]; idDigits: string | null; tool: 'pencil' | 'blue' | 'black' };
export type SheetPhoto = { jpeg: Buffer; truth: PhotoTruth };

/** A small seeded generator (mulberry32). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DPI = 120;
const S = DPI / 72;

/** Renders each page of a PDF to PNG (pdftoppm) at 120 dpi. */
export async function renderPages(pdf: Buffer): Promise<Buffer[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'omr-pages-'));
  try {
    fs.writeFileSync(path.join(dir, 'sheet.pdf'), pdf);
    await execFileAsync('pdftoppm', ['-r', String(DPI), '-png', path.join(dir, 'sheet.pdf'), path.join(dir, 'page')]);
    return fs.readdirSync(dir).filter((name) => name.endsWith('.png')).sort().map((name) => fs.readFileSync(path.join(dir, name)));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const TOOLS = { pencil: '#4d4d4d', blue: '#1f3f9e', black: '#161616' } as const;

/** Fills the page: answers, the ID grid of a blank sheet; returns the SVG overlay and the truth. */
function fills(shape: OmrShape, random: () => number, blankId: boolean, options: { specials: boolean; idDigits?: string; complete?: boolean }): { svg: string; truth: PhotoTruth } {
  const toolName = (['pencil', 'blue', 'black'] as const)[Math.floor(random() * 3)]!;
  const colour = TOOLS[toolName];
  const circles: string[] = [];
  const mark = (x: number, y: number, opacity: number, colourOf: string = colour) => {
    const jx = (random() - 0.5) * 1.2;
    const jy = (random() - 0.5) * 1.2;
    const r = BUBBLE_RADIUS * (0.85 + random() * 0.25);
    circles.push(`<circle cx="${((x + jx) * S).toFixed(1)}" cy="${((y + jy) * S).toFixed(1)}" r="${(r * S).toFixed(1)}" fill="${colourOf}" fill-opacity="${opacity.toFixed(2)}"/>`);
  };
  // By question number: on a sheet in sections (decision 098) each subject's numeric-answer questions follow its multiple-choice ones.
  const answers: (string | null)[] = Array.from({ length: shape.questions }, () => null);
  const kinds: BubbleKind[] = Array.from({ length: shape.questions }, () => 'blank');
  for (let q = 0; q < choiceCount(shape); q += 1) {
    const number = choiceQuestion(shape, q);
    const answer = (value: string | null, kind: BubbleKind) => {
      answers[number] = value;
      kinds[number] = kind;
    };
    const chosen = Math.floor(random() * shape.options);
    const roll = random();
    const at = (o: number) => bubbleCentre(shape, q, o);
    const other = (chosen + 1 + Math.floor(random() * (shape.options - 1))) % shape.options;
    if (roll < 0.08 && !options.complete) {
      answer(null, 'blank');
    } else if (options.specials && roll < 0.1) {
      // Faint: a light touch of the pencil.
      mark(at(chosen).x, at(chosen).y, 0.18 + random() * 0.15, TOOLS.pencil);
      answer(OMR_LETTERS[chosen]!, 'faint');
    } else if (options.specials && roll < 0.11) {
      mark(at(chosen).x, at(chosen).y, toolName === 'pencil' ? 0.92 : 1);
      mark(at(other).x, at(other).y, toolName === 'pencil' ? 0.92 : 1);
      answer(null, 'double');
    } else if (options.specials && roll < 0.12) {
      // Erased pencil on one bubble, the answer on another.
      const e = at(other);
      circles.push(`<circle cx="${(e.x * S).toFixed(1)}" cy="${(e.y * S).toFixed(1)}" r="${(BUBBLE_RADIUS * 0.95 * S).toFixed(1)}" fill="${TOOLS.pencil}" fill-opacity="${(0.12 + random() * 0.2).toFixed(2)}"/>`);
      mark(at(chosen).x, at(chosen).y, toolName === 'pencil' ? 0.92 : 1);
      answer(OMR_LETTERS[chosen]!, 'erasure');
    } else {
      mark(at(chosen).x, at(chosen).y, toolName === 'pencil' ? 0.85 + random() * 0.12 : 1);
      answer(OMR_LETTERS[chosen]!, 'clean');
    }
  }
  for (let k = 0; k < (shape.numeric ?? 0); k += 1) {
    const { answer, kind } = fillNumeric(k, random, (x, y, opacity, colourOf) => mark(x, y, opacity, colourOf), shape, toolName, options.specials, options.complete ?? false);
    answers[numericQuestion(shape, k)] = answer;
    kinds[numericQuestion(shape, k)] = kind;
  }
  let idDigits: string | null = null;
  if (blankId) {
    idDigits = options.idDigits ?? `2026${String(Math.floor(random() * 100000)).padStart(5, '0')}`;
    for (let c = 0; c < ID_DIGITS; c += 1) {
      // A column left blank on purpose ("2026-0042" leaves column 5 empty).
      if (!/\d/.test(idDigits[c] ?? '')) continue;
      const centre = idBubbleCentre(c, Number(idDigits[c]));
      mark(centre.x, centre.y, toolName === 'pencil' ? 0.92 : 1);
    }
  }
  const width = Math.round(PAGE.width * S);
  const height = Math.round(PAGE.height * S);
  return { svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${circles.join('')}</svg>`, truth: { answers, kinds, idDigits, tool: toolName } };
}

/**
 * A numeric-answer question filled (decision 092): a whole number of 1 to 4 digits, written with leading
 * zeros (0042), from the left (42__) or to the right (__42); a few blank, a few faint, a few with two
 * digits in one column (the truth then is "unclear": it must be flagged).
 */
function fillNumeric(k: number, random: () => number, mark: (x: number, y: number, opacity: number, colour?: string) => void, shape: OmrShape, tool: 'pencil' | 'blue' | 'black', specials: boolean, complete: boolean): { answer: string | null; kind: BubbleKind } {
  const roll = random();
  if (roll < 0.08 && !complete) return { answer: null, kind: 'blank' };
  const length = 1 + Math.floor(random() * NUMERIC_DIGITS);
  const value = length === 1 ? Math.floor(random() * 10) : Math.floor(10 ** (length - 1) + random() * 9 * 10 ** (length - 1));
  const placement = random();
  const text = placement < 0.4 ? String(value).padStart(NUMERIC_DIGITS, '0') : String(value);
  const start = placement < 0.4 ? 0 : placement < 0.7 ? 0 : NUMERIC_DIGITS - text.length;
  const kind: BubbleKind = specials && roll < 0.1 ? 'faint' : specials && roll < 0.12 ? 'double' : 'clean';
  const faintAt = Math.floor(random() * text.length);
  [...text].forEach((digit, index) => {
    const centre = numericBubbleCentre(shape, k, start + index, Number(digit));
    if (kind === 'faint' && index === faintAt) mark(centre.x, centre.y, 0.18 + random() * 0.15, TOOLS.pencil);
    else mark(centre.x, centre.y, tool === 'pencil' ? 0.85 + random() * 0.12 : 1);
  });
  if (kind === 'double') {
    const column = start + Math.floor(random() * text.length);
    const other = (Number(text[column - start]) + 1 + Math.floor(random() * 9)) % 10;
    const centre = numericBubbleCentre(shape, k, column, other);
    mark(centre.x, centre.y, tool === 'pencil' ? 0.92 : 1);
    return { answer: null, kind };
  }
  return { answer: String(value), kind };
}

/**
 * How a sheet is held beyond the usual tilt: upside down (turned 180°), and crumpled (the paper not
 * flat: smooth waves of `crumple` page pixels, at most, that a single homography cannot follow).
 */
export type Handling = { upsideDown?: boolean; crumple?: number; seed?: number };

/** A crumpled sheet's displacement (in page pixels) at a page point: a few smooth waves of random direction and phase. */
function crumpleField(amplitude: number, seed: number, sw: number, sh: number): (u: number, v: number) => [number, number] {
  const random = seededRandom(seed);
  const waves = Array.from({ length: 4 }, () => ({
    kx: ((0.6 + random() * 1.6) * 2 * Math.PI) / sw, ky: ((0.6 + random() * 1.6) * 2 * Math.PI) / sh,
    px: random() * 2 * Math.PI, py: random() * 2 * Math.PI, ax: (random() - 0.5) * 2, ay: (random() - 0.5) * 2,
  }));
  // Four waves of weight up to 1 each: at most `amplitude` where they all agree, usually about half of it.
  const norm = amplitude / 4;
  return (u, v) => {
    let dx = 0;
    let dy = 0;
    for (const w of waves) {
      const phase = Math.sin(u * w.kx + w.px) * Math.cos(v * w.ky + w.py);
      dx += w.ax * phase;
      dy += w.ay * phase;
    }
    return [dx * norm, dy * norm];
  };
}

/** Photographs a filled page: perspective and rotation onto a desk, uneven light and a shadow, blur, noise, JPEG. */
async function photograph(page: Buffer, random: () => number, size = { width: 1500, height: 2000 }, handling: Handling = {}): Promise<Buffer> {
  const { data: src, info } = await sharp(page).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width: sw, height: sh } = info;
  const { width: W, height: H } = size;
  // Where the page's corners land: the sheet about 80–90 % of the photo's height, rotated, each corner pushed about.
  const scale = (H * (0.78 + random() * 0.12)) / sh;
  const angle = ((random() - 0.5) * 14 * Math.PI) / 180 + (handling.upsideDown ? Math.PI : 0);
  const cx = W / 2 + (random() - 0.5) * W * 0.06;
  const cy = H / 2 + (random() - 0.5) * H * 0.04;
  const jitter = () => (random() - 0.5) * W * 0.07;
  const corners: [number, number][] = [[-sw / 2, -sh / 2], [sw / 2, -sh / 2], [sw / 2, sh / 2], [-sw / 2, sh / 2]].map(([x, y]) => [
    cx + scale * (x! * Math.cos(angle) - y! * Math.sin(angle)) + jitter(),
    cy + scale * (x! * Math.sin(angle) + y! * Math.cos(angle)) + jitter(),
  ]);
  const toPhoto = homography([[0, 0], [sw, 0], [sw, sh], [0, sh]], corners);
  const toPage = invert3(toPhoto);
  const desk = [120 + random() * 60, 85 + random() * 40, 50 + random() * 30];
  // Light: a gradient across the photo, dimmer overall, and the soft shadow of a hand or a phone.
  const dim = 0.6 + random() * 0.4;
  const gx = (random() - 0.5) * 0.5;
  const gy = (random() - 0.5) * 0.5;
  const shadowAngle = random() * 2 * Math.PI;
  const shadowOffset = (random() - 0.3) * W * 0.5;
  const shadowDepth = 0.25 + random() * 0.3;
  const noise = 2 + random() * 6;
  const out = Buffer.alloc(W * H * 3);
  const bend = handling.crumple ? crumpleField(handling.crumple, handling.seed ?? 1, sw, sh) : undefined;
  const nx = Math.cos(shadowAngle);
  const ny = Math.sin(shadowAngle);
  for (let y = 0; y < H; y += 1) {
    for (let x = 0; x < W; x += 1) {
      let [u, v] = applyHomography(toPage, x, y);
      if (bend) {
        const [du, dv] = bend(u, v);
        u += du;
        v += dv;
      }
      const o = (y * W + x) * 3;
      let r: number;
      let g: number;
      let b: number;
      if (u >= 0 && v >= 0 && u < sw - 1 && v < sh - 1) {
        const x0 = Math.floor(u);
        const y0 = Math.floor(v);
        const fx = u - x0;
        const fy = v - y0;
        const i = (y0 * sw + x0) * 3;
        const j = i + sw * 3;
        const at = (k: number) => (src[i + k]! * (1 - fx) + src[i + 3 + k]! * fx) * (1 - fy) + (src[j + k]! * (1 - fx) + src[j + 3 + k]! * fx) * fy;
        r = at(0);
        g = at(1);
        b = at(2);
      } else {
        const grain = 12 * Math.sin(x * 0.02 + Math.sin(y * 0.005) * 4) + 6 * Math.sin(y * 0.11 + x * 0.003);
        r = desk[0]! + grain;
        g = desk[1]! + grain * 0.8;
        b = desk[2]! + grain * 0.6;
      }
      const d = (x - W / 2) * nx + (y - H / 2) * ny - shadowOffset;
      const shadow = 1 - shadowDepth / (1 + Math.exp(-d / (W * 0.03)));
      const light = dim * (1 + gx * (x / W - 0.5) + gy * (y / H - 0.5)) * shadow;
      const n = (random() + random() + random() - 1.5) * noise;
      out[o] = Math.max(0, Math.min(255, r * light + n));
      out[o + 1] = Math.max(0, Math.min(255, g * light + n));
      out[o + 2] = Math.max(0, Math.min(255, b * light + n));
    }
  }
  return sharp(out, { raw: { width: W, height: H, channels: 3 } })
    .blur(0.6 + random() * 1.0)
    .jpeg({ quality: Math.round(55 + random() * 30) })
    .toBuffer();
}

/** Fills and photographs a rendered page (PNG): one photo and its truth. */
export async function fillAndPhotograph(page: Buffer, shape: OmrShape, seed: number, options: { blankId: boolean; specials?: boolean; idDigits?: string; complete?: boolean } & Handling): Promise<SheetPhoto> {
  const random = seededRandom(seed);
  const { svg, truth } = fills(shape, random, options.blankId, { specials: options.specials ?? true, idDigits: options.idDigits, complete: options.complete });
  const filled = await sharp(page).composite([{ input: Buffer.from(svg), top: 0, left: 0 }]).png().toBuffer();
  return { jpeg: await photograph(filled, random, undefined, { upsideDown: options.upsideDown, crumple: options.crumple, seed: seed + 7 }), truth };
}

/** How a reading compares with the truth, question by question. */
export type Tally = { bubbles: number; right: number; flagged: number; wrong: number; wrongUnflagged: { question: number; read: string | null; truth: string | null; kind: BubbleKind }[] };

/**
 * A question is right when read as the truth, or flagged when the truth is itself unclear (faint,
 * double, erasure); wrong when read confidently as something else. A clean question flagged is
 * neither (the teacher settles it; it counts against the accuracy).
 */
export function tally(truth: PhotoTruth, answers: (string | null)[], uncertain: number[]): Tally {
  const flaggedSet = new Set(uncertain);
  const result: Tally = { bubbles: 0, right: 0, flagged: 0, wrong: 0, wrongUnflagged: [] };
  truth.answers.forEach((expected, index) => {
    result.bubbles += 1;
    const kind = truth.kinds[index]!;
    if (flaggedSet.has(index + 1)) {
      result.flagged += 1;
      if (kind === 'faint' || kind === 'double' || kind === 'erasure') result.right += 1;
      return;
    }
    if ((answers[index] ?? null) === expected && kind !== 'double') result.right += 1;
    else {
      result.wrong += 1;
      result.wrongUnflagged.push({ question: index + 1, read: answers[index] ?? null, truth: expected, kind });
    }
  });
  return result;
}
