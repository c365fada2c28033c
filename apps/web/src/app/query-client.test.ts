import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { shouldRetryQuery } from './query-client';

describe('shouldRetryQuery', () => {
  it('retries a failed query once', () => {
    expect(shouldRetryQuery(0, new ApiError('down', 503))).toBe(true);
    expect(shouldRetryQuery(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetryQuery(1, new ApiError('down', 503))).toBe(false);
  });

  it('never retries a 4xx answer', () => {
    expect(shouldRetryQuery(0, new ApiError('Not found', 404))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError('Please sign in to continue', 401))).toBe(false);
  });
});
