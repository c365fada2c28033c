import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { attendanceColor, DASHBOARD_TILES, fillPercent, seatsLeftLabel, targetShare } from './dashboard-tiles';

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

describe("the owner's month (issue 42)", () => {
  it('gives the share of the target collected, past 100 when exceeded', () => {
    expect(targetShare(125000, 250000)).toBe(50);
    expect(targetShare(1, 3)).toBe(33.3);
    expect(targetShare(300000, 250000)).toBe(120);
    expect(targetShare(0, 250000)).toBe(0);
    expect(targetShare(10, 0)).toBe(100);
  });

  it('colours attendance red below 75 %, orange below 90 %', () => {
    expect(attendanceColor(null)).toBe('gray');
    expect(attendanceColor(74.9)).toBe('red');
    expect(attendanceColor(75)).toBe('orange');
    expect(attendanceColor(90)).toBe('teal');
  });
});
