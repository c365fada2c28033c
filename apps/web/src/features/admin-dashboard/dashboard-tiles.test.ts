import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_TILES, fillPercent, seatsLeftLabel } from './dashboard-tiles';

// English with no catalog: messages show their source text.
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

describe('dashboard tiles', () => {
  it('covers every count once, each with a list to open', () => {
    const keys = DASHBOARD_TILES.map((tile) => tile.key);
    expect(new Set(keys).size).toBe(7);
    expect(DASHBOARD_TILES.every((tile) => tile.to.startsWith('/app/'))).toBe(true);
  });
});

describe('fillPercent', () => {
  it('rounds and clamps to 0–100', () => {
    expect(fillPercent(8, 10)).toBe(80);
    expect(fillPercent(2, 3)).toBe(67);
    expect(fillPercent(12, 10)).toBe(100);
    expect(fillPercent(0, 0)).toBe(0);
    expect(fillPercent(1, 0)).toBe(100);
  });
});

describe('seatsLeftLabel', () => {
  it('says how many seats are left', () => {
    expect(seatsLeftLabel(3)).toBe('3 seats left');
    expect(seatsLeftLabel(1)).toBe('1 seat left');
    expect(seatsLeftLabel(0)).toBe('Full');
    expect(seatsLeftLabel(-2)).toBe('2 over capacity');
  });
});
