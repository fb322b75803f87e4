import { describe, expect, test } from 'vitest';
import { slugOfName } from './slug.ts';

describe('slugOfName', () => {
  test.each([
    ['Electrical', 'electrical'],
    ['Wire & Conduit Demo', 'wire-conduit-demo'],
    ['  Lighting / Fixtures  ', 'lighting-fixtures'],
    ['Électricité générale', 'electricite-generale'],
    ['HVAC 2026', 'hvac-2026'],
    ['&&&', ''],
  ])('%s → %s', (name, slug) => expect(slugOfName(name)).toBe(slug));

  test('stays within 60 characters and never ends with a hyphen', () => {
    const slug = slugOfName(`${'a'.repeat(59)} b`);
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug.endsWith('-')).toBe(false);
  });
});
