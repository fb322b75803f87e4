import { describe, expect, test } from 'vitest';
import { jsonScriptText } from './json-script';

describe('JSON inside a script element', () => {
  test('no text can close the element, open a comment or break a line in script', () => {
    const hostile = { name: '</script><script>alert(1)</script>', comment: '<!-- x -->', amp: 'a&b', lines: 'a\u2028b\u2029c' };
    const text = jsonScriptText(hostile);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(hostile);
  });
});
