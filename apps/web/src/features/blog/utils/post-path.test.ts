import { describe, expect, test } from 'vitest';
import { formatPostDate, postPath } from './post-path';

describe('blog links and dates', () => {
  test('a card links to the custom URL, or to the id when there is none (product §2.2)', () => {
    expect(postPath({ id: 7, custom_url: 'wire-prices' })).toBe('/blog/wire-prices');
    expect(postPath({ id: 7, custom_url: null })).toBe('/blog/7');
    expect(postPath({ id: 7, custom_url: '' })).toBe('/blog/7');
  });

  test('dates read as the calendar day in UTC', () => {
    expect(formatPostDate('2026-11-12T23:30:00.000Z')).toBe('November 12, 2026');
    expect(formatPostDate('not a date')).toBe('not a date');
  });
});
