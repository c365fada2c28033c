import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { durationText, everyText } from './job-display';

// English with no catalog: messages show their source text.
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

describe('job display', () => {
  it('says how often a job runs', () => {
    expect([60_000, 300_000, 3_600_000, 7_200_000, 86_400_000, 30_000, null].map(everyText)).toEqual([
      'every minute',
      'every 5 minutes',
      'every hour',
      'every 2 hours',
      'every day',
      'every 30 seconds',
      'once',
    ]);
  });
  it('says how long a run took', () => {
    expect([3, 420, 12_400, 185_000, null].map(durationText)).toEqual(['under 0.1 s', '0.4 s', '12 s', '3 min 5 s', '']);
  });
});
