import { describe, expect, it } from 'vitest';
import { formatCount, formatDayOf, formatRunDate } from './format';

describe('formatRunDate', () => {
  it('formats a calendar date without shifting it by the time zone', () => {
    expect(formatRunDate('2026-11-01')).toBe('Nov 1, 2026');
    expect(formatRunDate('2026-12-31')).toBe('Dec 31, 2026');
  });

  it('leaves anything else as it is', () => {
    expect(formatRunDate('soon')).toBe('soon');
  });
});

describe('formatDayOf', () => {
  it('names the UTC day of an instant, whatever the time of day', () => {
    expect(formatDayOf('2027-11-01T00:00:00.000Z')).toBe('Nov 1, 2027');
    expect(formatDayOf('2027-11-01T23:59:59Z')).toBe('Nov 1, 2027');
  });
});

describe('formatCount', () => {
  it('groups thousands', () => {
    expect(formatCount(1234)).toBe('1,234');
  });
});
