import { describe, expect, it } from 'vitest';
import { fittedSize } from './shrink-picture';

describe('fittedSize', () => {
  it('keeps a small picture as it is', () => {
    expect(fittedSize(1200, 900)).toEqual({ width: 1200, height: 900 });
  });
  it('scales a phone photo so its longest side is 1600 px, keeping its shape', () => {
    expect(fittedSize(3264, 2448)).toEqual({ width: 1600, height: 1200 });
    expect(fittedSize(2448, 3264)).toEqual({ width: 1200, height: 1600 });
  });
});
