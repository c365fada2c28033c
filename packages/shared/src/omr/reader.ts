import jsQR from 'jsqr';
import {
  BUBBLE_RADIUS,
  MARK_CENTRES,
  NUMERIC_DIGITS,
  OMR_LETTERS,
  PAGE,
  QR_BOX,
  bubbleCentre,
  choiceCount,
  idBubbleCentre,
  numericBubbleCentre,
  choicePlace,
  choiceQuestion,
  numericQuestion,
  parseQr,
  type OmrQr,
} from './layout';

/**
 * Reads a photo of an OMR sheet (issue 76, decisions 081 and 086) in plain TypeScript over raw
 * greyscale pixels, with no Node and no browser dependency: the API gives it sharp's raw output
 * (apps/api/src/modules/exams/omr-reader.ts), the phone a canvas's pixels in a Web Worker
 * (apps/web/src/features/exams/omr-worker.ts). The steps: the four corner marks (dark, solid, square blobs under an adaptive threshold),
 * the homography from the sheet's points to the photo's pixels, the QR code (read from a rectified,
 * enlarged copy of its square), then each bubble's darkness against the paper around it. A bubble is
 * filled, empty or uncertain; a question with an uncertain bubble, or two filled, is uncertain and
 * never guessed.
 */

export type OmrReading = {
  qr: OmrQr;
  /** The letter of each question (a numeric-answer one's number as digits, "42"), null when blank or uncertain. */
  answers: (string | null)[];
  /** 1-based numbers of the questions a person must settle. */
  uncertain: number[];
  /** The student ID's digits from the grid of a blank sheet ("202600042"), null when not readable or pre-printed. */
  idDigits: string | null;
  /** Why the ID grid could not be read (blank sheets). */
  idProblem?: string;
  /** Each bubble's darkness above the sheet's empty level (the bench's and the tests' diagnostics). */
  levels: number[][];
};

export class OmrUnreadable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OmrUnreadable';
  }
}

/** The reader's thresholds (decision 081): darkness relative to the paper around the bubble, 0 to 1, above the sheet's empty level. */
export const FILLED = 0.35;
export const EMPTY = 0.08;
/** The long side the photo is brought to before reading (by the caller: sharp on the server, a canvas on the phone). */
export const WORKING_SIZE = 1600;

/** Greyscale pixels, one byte each, row by row. */
export type Gray = { data: Uint8Array | Uint8ClampedArray; width: number; height: number };
type Matrix = number[];

/** Solves the 8 unknowns of the homography that maps the `from` points to the `to` points. */
export function homography(from: [number, number][], to: [number, number][]): Matrix {
  const a: number[][] = [];
  for (let i = 0; i < 4; i += 1) {
    const [x, y] = from[i]!;
    const [u, v] = to[i]!;
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  // Gaussian elimination with partial pivoting.
  for (let col = 0; col < 8; col += 1) {
    let pivot = col;
    for (let row = col + 1; row < 8; row += 1) if (Math.abs(a[row]![col]!) > Math.abs(a[pivot]![col]!)) pivot = row;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    const p = a[col]![col]!;
    if (Math.abs(p) < 1e-12) throw new OmrUnreadable('The corner marks do not make a sheet');
    for (let row = 0; row < 8; row += 1) {
      if (row === col) continue;
      const factor = a[row]![col]! / p;
      for (let k = col; k < 9; k += 1) a[row]![k]! -= factor * a[col]![k]!;
    }
  }
  const h = a.map((row, i) => row[8]! / row[i]!);
  return [...h, 1];
}

export function applyHomography(h: Matrix, x: number, y: number): [number, number] {
  const w = h[6]! * x + h[7]! * y + h[8]!;
  return [(h[0]! * x + h[1]! * y + h[2]!) / w, (h[3]! * x + h[4]! * y + h[5]!) / w];
}

/** The inverse of a 3×3 matrix (the generator warps with it). */
export function invert3(m: Matrix): Matrix {
  const [a, b, c, d, e, f, g, h, i] = m as [number, number, number, number, number, number, number, number, number];
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  return [A, -(b * i - c * h), b * f - c * e, B, a * i - c * g, -(a * f - c * d), C, -(a * h - b * g), a * e - b * d].map((value) => value / det);
}

function bilinear(img: Gray, x: number, y: number): number {
  const { data, width, height } = img;
  if (x < 0 || y < 0 || x >= width - 1 || y >= height - 1) return 255;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const i = y0 * width + x0;
  const top = data[i]! * (1 - fx) + data[i + 1]! * fx;
  const bottom = data[i + width]! * (1 - fx) + data[i + width + 1]! * fx;
  return top * (1 - fy) + bottom * fy;
}

type Blob = { cx: number; cy: number; area: number; fill: number; aspect: number; mean: number };

/**
 * Dark blobs under an adaptive threshold: a pixel is dark when it is darker than 70 % of the mean of
 * the window around it (a sixteenth of the photo's long side), which follows shadows and uneven light.
 */
function darkBlobs(img: Gray): Blob[] {
  const { data, width, height } = img;
  const integral = new Float64Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y += 1) {
    let rowSum = 0;
    for (let x = 0; x < width; x += 1) {
      rowSum += data[y * width + x]!;
      integral[(y + 1) * (width + 1) + x + 1] = integral[y * (width + 1) + x + 1]! + rowSum;
    }
  }
  const half = Math.max(8, Math.round(Math.max(width, height) / 32));
  const dark = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const y0 = Math.max(0, y - half);
    const y1 = Math.min(height, y + half + 1);
    for (let x = 0; x < width; x += 1) {
      const x0 = Math.max(0, x - half);
      const x1 = Math.min(width, x + half + 1);
      const sum = integral[y1 * (width + 1) + x1]! - integral[y0 * (width + 1) + x1]! - integral[y1 * (width + 1) + x0]! + integral[y0 * (width + 1) + x0]!;
      const mean = sum / ((x1 - x0) * (y1 - y0));
      if (data[y * width + x]! < mean * 0.7) dark[y * width + x] = 1;
    }
  }
  // Connected components (4-neighbours), with a stack.
  const blobs: Blob[] = [];
  const stack = new Int32Array(width * height);
  const minArea = Math.pow(Math.max(width, height) / 160, 2);
  for (let start = 0; start < dark.length; start += 1) {
    if (dark[start] !== 1) continue;
    let top = 0;
    stack[top++] = start;
    dark[start] = 2;
    let area = 0;
    let sum = 0;
    let sx = 0;
    let sy = 0;
    let minX = width;
    let maxX = 0;
    let minY = height;
    let maxY = 0;
    while (top > 0) {
      const p = stack[--top]!;
      const x = p % width;
      const y = (p - x) / width;
      area += 1;
      sum += data[p]!;
      sx += x;
      sy += y;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      if (x > 0 && dark[p - 1] === 1) { dark[p - 1] = 2; stack[top++] = p - 1; }
      if (x < width - 1 && dark[p + 1] === 1) { dark[p + 1] = 2; stack[top++] = p + 1; }
      if (y > 0 && dark[p - width] === 1) { dark[p - width] = 2; stack[top++] = p - width; }
      if (y < height - 1 && dark[p + width] === 1) { dark[p + width] = 2; stack[top++] = p + width; }
    }
    if (area < minArea) continue;
    const w = maxX - minX + 1;
    const h = maxY - minY + 1;
    blobs.push({ cx: sx / area, cy: sy / area, area, fill: area / (w * h), aspect: w / h, mean: sum / area });
  }
  return blobs;
}

/**
 * Whether a blob is ink on paper: nearly all of a ring around it (at about twice its half-width) is
 * much lighter than the blob. A mark is printed well inside the sheet, so its ring is paper; a dark
 * patch of the desk or a shadow at the sheet's edge is not surrounded by paper.
 */
function onPaper(img: Gray, blob: Blob): boolean {
  const radius = Math.sqrt(blob.area) * 0.5 * 2;
  let light = 0;
  const points = 24;
  for (let k = 0; k < points; k += 1) {
    const angle = (k / points) * 2 * Math.PI;
    const value = bilinear(img, blob.cx + radius * Math.cos(angle), blob.cy + radius * Math.sin(angle));
    if (value > blob.mean * 1.5 + 25) light += 1;
  }
  return light >= points - 2;
}

/** The photo at half size (2×2 pixels averaged): the corner marks are big enough to be found there, in a quarter of the time. */
function halfSize(img: Gray): Gray {
  const width = Math.floor(img.width / 2);
  const height = Math.floor(img.height / 2);
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const row = 2 * y * img.width;
    for (let x = 0; x < width; x += 1) {
      const i = row + 2 * x;
      data[y * width + x] = (img.data[i]! + img.data[i + 1]! + img.data[i + img.width]! + img.data[i + img.width + 1]! + 2) >> 2;
    }
  }
  return { data, width, height };
}

/** The four corner marks' centres in the photo (TL, TR, BR, BL), or why not. */
export function findCorners(full: Gray): [number, number][] {
  const img = full.width > 1000 || full.height > 1000 ? halfSize(full) : full;
  const factor = full.width / img.width;
  const squares = darkBlobs(img).filter((blob) => blob.fill > 0.62 && blob.aspect > 0.45 && blob.aspect < 2.2 && blob.area < (img.width * img.height) / 60 && onPaper(img, blob));
  if (squares.length < 4) throw new OmrUnreadable('The four black corner squares were not found: photograph the whole sheet, flat, with all four corners in the picture');
  const largest = Math.max(...squares.map((blob) => blob.area));
  const marks = squares.filter((blob) => blob.area >= largest * 0.3);
  const pick = (score: (blob: Blob) => number) => marks.reduce((best, blob) => (score(blob) > score(best) ? blob : best));
  const corners = [pick((b) => -b.cx - b.cy), pick((b) => b.cx - b.cy), pick((b) => b.cx + b.cy), pick((b) => -b.cx + b.cy)];
  if (new Set(corners).size < 4) throw new OmrUnreadable('The four black corner squares were not found: photograph the whole sheet, flat, with all four corners in the picture');
  // The four must be about the same size (a sheet's marks, not a shadow or a bubble) and make a convex quadrilateral.
  const areas = corners.map((blob) => blob.area);
  if (Math.min(...areas) < Math.max(...areas) * 0.3) throw new OmrUnreadable('Only some of the four black corner squares were found: photograph the whole sheet with all four corners in the picture');
  // Pixel centres sit at whole coordinates (bilinear sampling); a half-size pixel covers two full ones.
  const points = corners.map((blob) => [blob.cx * factor + (factor - 1) / 2, blob.cy * factor + (factor - 1) / 2] as [number, number]);
  for (let i = 0; i < 4; i += 1) {
    const [ax, ay] = points[i]!;
    const [bx, by] = points[(i + 1) % 4]!;
    const [cx, cy] = points[(i + 2) % 4]!;
    if ((bx - ax) * (cy - by) - (by - ay) * (cx - bx) <= 0) throw new OmrUnreadable('The corner squares found do not make a sheet: photograph it flat, from above');
  }
  return points;
}

/**
 * The rectified copy of the QR code's square that jsQR reads, at `scale` pixels per point. jsQR reads a
 * legible code from one such copy or not depending on how the copy's pixels fall on the printed module
 * grid: a difference of half a grey level on average between the phone's resampling (a canvas) and the
 * server's (sharp) was enough for one side to read a sheet the other could not (issue 76's e2e flake).
 * So the code is read at a few scales, each laying the pixels differently on the modules (QR_SCALES).
 */
export function qrTextAt(img: Gray, h: Matrix, scale: number): string | undefined {
  const margin = 8;
  const size = Math.round((QR_BOX.size + 2 * margin) * scale);
  const rgba = new Uint8ClampedArray(size * size * 4);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const [px, py] = applyHomography(h, QR_BOX.x - margin + x / scale, QR_BOX.y - margin + y / scale);
      const value = bilinear(img, px, py);
      const i = (y * size + x) * 4;
      rgba[i] = rgba[i + 1] = rgba[i + 2] = value;
      rgba[i + 3] = 255;
    }
  }
  return jsQR(rgba, size, size, { inversionAttempts: 'dontInvert' })?.data;
}

/** Pixels per point of the QR code's copies, in turn: 3.5 (7 pixels a module of a 96-pt code's 41), then two that fall otherwise on its modules. */
export const QR_SCALES = [3.5, 4.5, 2.75] as const;

/**
 * The QR code's text and the homography that found it: the sheet upright, else turned by 180° (the four
 * squares are alike, so only the QR code tells: the photo's top-left square is then the sheet's
 * bottom-right one), each at QR_SCALES in turn; both orientations at a scale before the next scale, so an
 * upside-down sheet costs one more read, not three.
 */
export function readQrCode(img: Gray, corners: [number, number][]): { text: string; h: Matrix } | undefined {
  const upright = homography(MARK_CENTRES, corners);
  const turned = homography(MARK_CENTRES, [corners[2]!, corners[3]!, corners[0]!, corners[1]!]);
  for (const scale of QR_SCALES) {
    for (const h of [upright, turned]) {
      const text = qrTextAt(img, h, scale);
      if (text) return { text, h };
    }
  }
  return undefined;
}

/** How dark a bubble is against the paper around it: 0 paper, 1 black. */
function darkness(img: Gray, h: Matrix, cx: number, cy: number, pxPerPt: number): number {
  const inner = BUBBLE_RADIUS * 0.62;
  const step = Math.max(0.5, 1 / pxPerPt);
  let sum = 0;
  let count = 0;
  for (let dy = -inner; dy <= inner; dy += step) {
    for (let dx = -inner; dx <= inner; dx += step) {
      if (dx * dx + dy * dy > inner * inner) continue;
      const [x, y] = applyHomography(h, cx + dx, cy + dy);
      sum += bilinear(img, x, y);
      count += 1;
    }
  }
  const mean = sum / count;
  // The paper: the brightest of 12 points on a ring between the bubbles (a neighbour's ink is not paper).
  const ring: number[] = [];
  const r = BUBBLE_RADIUS + 2.2;
  for (let k = 0; k < 12; k += 1) {
    const angle = (k / 12) * 2 * Math.PI;
    const [x, y] = applyHomography(h, cx + r * Math.cos(angle), cy + r * Math.sin(angle));
    ring.push(bilinear(img, x, y));
  }
  ring.sort((p, q) => q - p);
  const paper = (ring[1]! + ring[2]! + ring[3]!) / 3;
  return Math.max(0, Math.min(1, (paper - mean) / Math.max(paper, 1)));
}

/** How far (points) a group of bubbles is looked for around the homography's place: under half the row pitch, so never the next row. */
const SEARCH = 6;
/** A group found this far out, or this far from its neighbours' smoothed place, is not trusted: its questions are flagged. */
const FAR = SEARCH - 0.5;
const ODD = 1.5;

/** 24 directions round a circle (the ring fit's samples). */
const RING = Array.from({ length: 24 }, (_, k) => [Math.cos((k / 24) * 2 * Math.PI), Math.sin((k / 24) * 2 * Math.PI)] as const);

/**
 * Where a group of bubbles (a question's options, an ID column's digits) really is, near where the
 * homography puts it: the offset in points, within ±6 pt, at which their printed rings fit best (the
 * ring of radius 5 dark, the paper 2 pt outside it light). A flat sheet fits at about 0; a crumpled one
 * (decision 086) does not follow one homography, and each group is found where its paper went.
 */
function ringFit(img: Gray, h: Matrix, centres: { x: number; y: number }[]): [number, number] {
  const local = centres.map((c) => {
    const [px, py] = applyHomography(h, c.x, c.y);
    const [ux, uy] = applyHomography(h, c.x + 1, c.y);
    const [vx, vy] = applyHomography(h, c.x, c.y + 1);
    return { px, py, ax: ux - px, ay: uy - py, bx: vx - px, by: vy - py };
  });
  const fit = (dx: number, dy: number) => {
    let score = 0;
    for (const b of local) {
      for (const [cos, sin] of RING) {
        const sx = dx + BUBBLE_RADIUS * cos;
        const sy = dy + BUBBLE_RADIUS * sin;
        const ox = dx + (BUBBLE_RADIUS + 2) * cos;
        const oy = dy + (BUBBLE_RADIUS + 2) * sin;
        score += bilinear(img, b.px + b.ax * ox + b.bx * oy, b.py + b.ay * ox + b.by * oy) - bilinear(img, b.px + b.ax * sx + b.bx * sy, b.py + b.ay * sx + b.by * sy);
      }
    }
    return score;
  };
  let best: [number, number] = [0, 0];
  let bestScore = fit(0, 0);
  for (let dy = -SEARCH; dy <= SEARCH; dy += 1) {
    for (let dx = -SEARCH; dx <= SEARCH; dx += 1) {
      const score = fit(dx, dy);
      if (score > bestScore) [best, bestScore] = [[dx, dy], score];
    }
  }
  const [cx, cy] = best;
  for (let dy = cy - 0.5; dy <= cy + 0.5; dy += 0.5) {
    for (let dx = cx - 0.5; dx <= cx + 0.5; dx += 0.5) {
      const score = fit(dx, dy);
      if (score > bestScore) [best, bestScore] = [[dx, dy], score];
    }
  }
  return best;
}

/**
 * Each question's offset, smoothed: the median of its own and its four nearest rows' in the same column
 * (paper bends smoothly; one poor fit is outvoted), and whether it can be trusted: not at the edge of
 * the search, and its own fit near the smoothed one (else the paper bends more than the reader follows).
 */
function rowOffsets(img: Gray, h: Matrix, qr: OmrQr): { offset: [number, number]; trusted: boolean }[] {
  const raw = Array.from({ length: choiceCount(qr) }, (_, q) => ringFit(img, h, Array.from({ length: qr.options }, (_, o) => bubbleCentre(qr, q, o))));
  const places = raw.map((_, q) => choicePlace(qr, q));
  return raw.map(([ox, oy], q) => {
    const { group, row } = places[q]!;
    const near: [number, number][] = [];
    for (let r = q - 2; r <= q + 2; r += 1) if (r >= 0 && r < raw.length && places[r]!.group === group && Math.abs(places[r]!.row - row) <= 2) near.push(raw[r]!);
    const offset: [number, number] = [median(near.map(([x]) => x)), median(near.map(([, y]) => y))];
    const trusted = Math.max(Math.abs(offset[0]), Math.abs(offset[1]), Math.abs(ox), Math.abs(oy)) < FAR && Math.abs(ox - offset[0]) <= ODD && Math.abs(oy - offset[1]) <= ODD;
    return { offset, trusted };
  });
}

type Verdict = 'filled' | 'empty' | 'uncertain';

/** A row of bubbles (a question's options, an ID column's digits): the chosen index, null blank, or 'uncertain'. */
function decideRow(levels: number[], empty: number): number | null | 'uncertain' {
  const verdicts: Verdict[] = levels.map((level) => (level - empty >= FILLED ? 'filled' : level - empty <= EMPTY ? 'empty' : 'uncertain'));
  const filled = verdicts.flatMap((verdict, index) => (verdict === 'filled' ? [index] : []));
  if (verdicts.includes('uncertain') || filled.length > 1) return 'uncertain';
  return filled.length === 1 ? filled[0]! : null;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Reads one photo (already decoded). Throws OmrUnreadable with the reason a person can act on. */
export function readSheet(img: Gray): OmrReading {
  const found = readQrCode(img, findCorners(img));
  if (!found) throw new OmrUnreadable('The QR code at the top right could not be read: photograph the sheet in good light, sharp and not too far');
  const { text, h } = found;
  const qr = parseQr(text);
  if (!qr) throw new OmrUnreadable('The QR code is not one of this app’s OMR sheets');
  // Pixels per point around the middle of the sheet (for the sampling step).
  const [ax, ay] = applyHomography(h, PAGE.width / 2, PAGE.height / 2);
  const [bx, by] = applyHomography(h, PAGE.width / 2 + 10, PAGE.height / 2);
  const pxPerPt = Math.hypot(bx - ax, by - ay) / 10;
  if (pxPerPt < 1) throw new OmrUnreadable('The sheet is too small in the photo: come closer so that it fills the picture');

  const levels: number[][] = [];
  const offsets = rowOffsets(img, h, qr);
  for (let q = 0; q < choiceCount(qr); q += 1) {
    const row: number[] = [];
    const [dx, dy] = offsets[q]!.offset;
    for (let o = 0; o < qr.options; o += 1) {
      const centre = bubbleCentre(qr, q, o);
      row.push(darkness(img, h, centre.x + dx, centre.y + dy, pxPerPt));
    }
    levels.push(row);
  }
  // The sheet's empty level: most bubbles are empty, so the median is one (blur and print darken them alike).
  const empty = Math.min(median(levels.flat()), 0.2);
  // Answers by question number: on a sheet in sections (decision 098) each subject's numeric-answer questions follow its multiple-choice ones.
  const answers: (string | null)[] = Array.from({ length: qr.questions }, () => null);
  const uncertain: number[] = [];
  levels.forEach((row, q) => {
    const decision = offsets[q]!.trusted ? decideRow(row, empty) : 'uncertain';
    const number = choiceQuestion(qr, q);
    if (decision === 'uncertain') uncertain.push(number + 1);
    else answers[number] = decision === null ? null : OMR_LETTERS[decision]!;
  });

  for (let k = 0; k < (qr.numeric ?? 0); k += 1) {
    const answer = readNumeric(img, h, qr, k, empty, pxPerPt);
    const number = numericQuestion(qr, k);
    if (answer === 'uncertain') uncertain.push(number + 1);
    else answers[number] = answer;
  }
  uncertain.sort((a, b) => a - b);
  const id = qr.studentId === null ? readIdGrid(img, h, qr.idColumns, empty, pxPerPt) : { idDigits: null };
  const { idDigits, idProblem } = id;
  return { qr, answers, uncertain, idDigits, ...(idProblem ? { idProblem } : {}), levels: levels.map((row) => row.map((level) => level - empty)) };
}

/** One column of ten digit bubbles (an ID column, a numeric answer's column): the digit, null blank, 'uncertain', or 'lost' when its rings are not found on the paper. */
function readDigitColumn(img: Gray, h: Matrix, centreOf: (d: number) => { x: number; y: number }, empty: number, pxPerPt: number): number | null | 'uncertain' | 'lost' {
  const [dx, dy] = ringFit(img, h, Array.from({ length: 10 }, (_, d) => centreOf(d)));
  if (Math.max(Math.abs(dx), Math.abs(dy)) >= FAR) return 'lost';
  const column = Array.from({ length: 10 }, (_, d) => {
    const centre = centreOf(d);
    return darkness(img, h, centre.x + dx, centre.y + dy, pxPerPt);
  });
  return decideRow(column, empty);
}

/**
 * A numeric-answer question (decision 092): its columns' digits read as one whole number, blank columns
 * before or after them allowed ("42" filled as 0042, 42__ or __42). A column unclear or lost, two digits
 * in a column, or a blank column between digits (4_2) makes the question uncertain, never guessed.
 */
function readNumeric(img: Gray, h: Matrix, qr: OmrQr, k: number, empty: number, pxPerPt: number): string | null | 'uncertain' {
  const digits: (number | null)[] = [];
  for (let c = 0; c < NUMERIC_DIGITS; c += 1) {
    const digit = readDigitColumn(img, h, (d) => numericBubbleCentre(qr, k, c, d), empty, pxPerPt);
    if (digit === 'uncertain' || digit === 'lost') return 'uncertain';
    digits.push(digit);
  }
  const filled = digits.flatMap((digit, c) => (digit === null ? [] : [c]));
  if (filled.length === 0) return null;
  if (filled.at(-1)! - filled[0]! + 1 !== filled.length) return 'uncertain';
  return String(Number(filled.map((c) => digits[c]).join('')));
}

/** The ID grid of a blank sheet: every column one digit, or why not, naming the column (counted from the left, from 1). */
function readIdGrid(img: Gray, h: Matrix, columns: number, empty: number, pxPerPt: number): { idDigits: string | null; idProblem?: string } {
  const digits: string[] = [];
  for (let c = 0; c < columns; c += 1) {
    const digit = readDigitColumn(img, h, (d) => idBubbleCentre(c, d), empty, pxPerPt);
    if (digit === 'lost') return { idDigits: null, idProblem: `Column ${c + 1} of the student ID could not be found on the paper: flatten the sheet and photograph it again` };
    if (digit === 'uncertain') return { idDigits: null, idProblem: `Column ${c + 1} of the student ID has two marks or an unclear one: fill one bubble in each column of the ID, or use the batch’s pre-printed sheets` };
    if (digit === null) return { idDigits: null, idProblem: `Column ${c + 1} of the student ID has no digit filled: fill one bubble in each column of the ID, or use the batch’s pre-printed sheets` };
    digits.push(String(digit));
  }
  return { idDigits: digits.join('') };
}

/** Greyscale from RGBA pixels (a canvas's ImageData), with the weights sharp's greyscale uses (Rec. 709 luma). */
export function grayFromRgba(rgba: Uint8ClampedArray | Uint8Array, width: number, height: number): Gray {
  const data = new Uint8Array(width * height);
  for (let i = 0, p = 0; i < data.length; i += 1, p += 4) data[i] = (rgba[p]! * 0.2126 + rgba[p + 1]! * 0.7152 + rgba[p + 2]! * 0.0722 + 0.5) | 0;
  return { data, width, height };
}
