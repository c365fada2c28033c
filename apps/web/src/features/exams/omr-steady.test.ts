/* eslint-disable lingui/no-unlocalized-strings -- test names, read by developers only (features/exams/** is linted for translation) */
import { describe, expect, it } from 'vitest';
import { MIN_SHARPNESS, STEADY_MS, SteadyWatch, sharpness, type Corners } from './omr-steady';

const corners = (dx = 0): Corners => [[40 + dx, 40], [600 + dx, 40], [600 + dx, 440], [40 + dx, 440]];
const DIAGONAL = 800;

describe('automatic capture when steady and sharp', () => {
  it('takes the photo once the corners stay put for 0.7 s, once only, and again for the next sheet', () => {
    const watch = new SteadyWatch();
    expect(watch.push(0, null, 10, DIAGONAL)).toBe('searching');
    expect(watch.push(100, corners(), 10, DIAGONAL)).toBe('found');
    expect(watch.push(400, corners(2), 10, DIAGONAL)).toBe('found');
    expect(watch.push(100 + STEADY_MS, corners(3), 10, DIAGONAL)).toBe('steady');
    expect(watch.push(100 + STEADY_MS + 150, corners(3), 10, DIAGONAL)).toBe('taken');
    // The sheet taken away, the next one laid down: steady again after 0.7 s.
    expect(watch.push(2000, null, 10, DIAGONAL)).toBe('searching');
    expect(watch.push(2100, corners(), 10, DIAGONAL)).toBe('found');
    expect(watch.push(2100 + STEADY_MS, corners(), 10, DIAGONAL)).toBe('steady');
  });

  it('waits while the phone moves, and while the picture is blurred', () => {
    const watch = new SteadyWatch();
    watch.push(0, corners(), 10, DIAGONAL);
    // Moved by 30 px (more than 1.5 % of the diagonal): the 0.7 s start again.
    expect(watch.push(600, corners(30), 10, DIAGONAL)).toBe('found');
    expect(watch.push(1000, corners(30), 10, DIAGONAL)).toBe('found');
    // Blurred (below the least sharpness, or well below the sharpest frame since it settled): not yet.
    expect(watch.push(1400, corners(30), MIN_SHARPNESS - 1, DIAGONAL)).toBe('found');
    expect(watch.push(1500, corners(30), 5, DIAGONAL)).toBe('found');
    expect(watch.push(1600, corners(30), 9.5, DIAGONAL)).toBe('steady');
  });

  it('measures sharpness: an edge scores, a flat or a smooth picture does not', () => {
    const width = 40;
    const height = 40;
    const flat = { data: new Uint8Array(width * height).fill(200), width, height };
    const checks = { data: Uint8Array.from({ length: width * height }, (_, i) => ((i % width) + Math.floor(i / width)) % 2 === 0 ? 30 : 220), width, height };
    const ramp = { data: Uint8Array.from({ length: width * height }, (_, i) => (i % width) * 5), width, height };
    expect(sharpness(flat)).toBe(0);
    expect(sharpness(ramp)).toBe(0);
    expect(sharpness(checks)).toBeGreaterThan(100);
  });
});
