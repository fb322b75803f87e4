import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { ID_MAX, controlCharacterMessage, idField, invalidCharacterMessage, isSingleLineText, singleLine, toSingleLineText } from './fields.ts';

describe('idField', () => {
  const id = idField();
  test('accepts integers and digit strings from 1 to the integer column maximum', () => {
    expect(id.parse(1)).toBe(1);
    expect(id.parse('42')).toBe(42);
    expect(id.parse(ID_MAX)).toBe(ID_MAX);
    expect(id.parse(String(ID_MAX))).toBe(ID_MAX);
  });

  test.each([0, -1, 2 ** 31, 2 ** 53, Infinity, NaN, 1.5, '0', '-1', '1.5', ' 1', '1 ', '1e3', '01', '+1', '2147483648', '', null, true, [1]])(
    'refuses %j with the id message',
    (value) => {
      const result = id.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error!.issues.every((issue) => issue.message === 'A valid id is required.')).toBe(true);
    },
  );
});

describe('singleLine', () => {
  const field = singleLine(z.string().trim().max(10));
  test('accepts ordinary text, accents and emoji; trims the ends first', () => {
    expect(field.parse('Ohm & Co')).toBe('Ohm & Co');
    expect(field.parse('Zoë 😀')).toBe('Zoë 😀');
    expect(field.parse(' padded\n')).toBe('padded');
  });

  test.each(['a\u0000b', 'a\nb', 'a\rb', 'a\tb', 'a\u001bb', 'a\u007fb', 'a\u0085b', 'a\u2028b'])('refuses the control character in %j', (value) => {
    const result = field.safeParse(value);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(controlCharacterMessage);
    expect(isSingleLineText(value)).toBe(false);
  });

  test.each(['a\uD800', '\uDC00b', 'x\uDBFF\uDBFFy'])('refuses the lone surrogate in %j', (value) => {
    const result = field.safeParse(value);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(invalidCharacterMessage);
    expect(isSingleLineText(value)).toBe(false);
  });
});

describe('toSingleLineText', () => {
  test('turns control characters into spaces and lone surrogates into U+FFFD, keeping the rest', () => {
    expect(toSingleLineText('Gina\u0000Ohm\r\nBcc')).toBe('Gina Ohm  Bcc');
    expect(toSingleLineText('a\uD800b\uD83D\uDE00')).toBe('a\uFFFDb\uD83D\uDE00');
    expect(isSingleLineText(toSingleLineText('x\u2028\u0085\uDFFF'))).toBe(true);
  });
});
