/**
 * Automatic capture on the Scan screen (issue 76, decision 092): the camera's frames, small, are searched
 * for the sheet's four corner marks (the shared reader's findCorners, in the reader's worker); once they
 * are found and stay put for STEADY_MS, and the frame is sharp enough, the photo is taken by itself.
 * Pure functions, so the rule is tested without a camera.
 */

export type Corners = [number, number][];

/** How long the corners must stay put (ms), how far they may move meanwhile (a share of the frame's diagonal). */
export const STEADY_MS = 700;
export const MOVE_LIMIT = 0.015;
/** Sharpness: the mean absolute Laplacian of the frame's middle; a blurred or moving picture has little. */
export const MIN_SHARPNESS = 4;
/** A frame as sharp as this share of the sharpest one since the corners settled (focus has come). */
export const SHARP_SHARE = 0.85;

/** The mean absolute Laplacian (4-neighbour) over the middle half of a greyscale frame. */
export function sharpness(gray: { data: ArrayLike<number>; width: number; height: number }): number {
  const { data, width, height } = gray;
  let sum = 0;
  let count = 0;
  for (let y = Math.floor(height / 4); y < Math.floor((3 * height) / 4); y += 1) {
    for (let x = Math.max(1, Math.floor(width / 4)); x < Math.min(width - 1, Math.floor((3 * width) / 4)); x += 1) {
      const i = y * width + x;
      sum += Math.abs(4 * data[i]! - data[i - 1]! - data[i + 1]! - data[i - width]! - data[i + width]!);
      count += 1;
    }
  }
  return count === 0 ? 0 : sum / count;
}

export type Framing = 'searching' | 'found' | 'steady' | 'taken';

/** Watches the frames: 'searching' (no sheet), 'found' (corners seen, not yet still), 'steady' once (take the photo now), then 'taken' until the sheet goes or moves. */
export class SteadyWatch {
  private anchor: Corners | null = null;
  private since = 0;
  private best = 0;
  private fired = false;

  push(at: number, corners: Corners | null, sharp: number, diagonal: number): Framing {
    if (!corners) {
      this.anchor = null;
      this.fired = false;
      return 'searching';
    }
    const moved = this.anchor ? Math.max(...corners.map(([x, y], i) => Math.hypot(x - this.anchor![i]![0], y - this.anchor![i]![1]))) : Infinity;
    if (moved > MOVE_LIMIT * diagonal) {
      // A new sheet, or the phone moved: start again (and the next steady moment takes a photo again).
      this.anchor = corners;
      this.since = at;
      this.best = sharp;
      this.fired = false;
      return 'found';
    }
    this.best = Math.max(this.best, sharp);
    if (this.fired) return 'taken';
    if (at - this.since < STEADY_MS || sharp < MIN_SHARPNESS || sharp < SHARP_SHARE * this.best) return 'found';
    this.fired = true;
    return 'steady';
  }
}
