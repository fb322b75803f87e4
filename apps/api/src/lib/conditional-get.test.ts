import { describe, expect, test } from 'vitest';
import { entityTag, ifNoneMatchMatches } from './conditional-get.ts';

describe('If-None-Match (RFC 9110 §13.1.2)', () => {
  const etag = entityTag('ab12');

  test('an entity tag is the digest in quotes', () => {
    expect(etag).toBe('"ab12"');
  });

  test('matches the tag itself, its weak form, a list naming it, and *', () => {
    for (const header of ['"ab12"', 'W/"ab12"', '"x", "ab12"', '"x","ab12" ', ' * ']) expect(ifNoneMatchMatches(header, etag), header).toBe(true);
  });

  test('does not match another tag, an unquoted digest, or no header', () => {
    for (const header of [undefined, '', '"ab1"', 'ab12', '"AB12"', '"x", "y"']) expect(ifNoneMatchMatches(header, etag), String(header)).toBe(false);
  });
});
