import { describe, expect, test } from 'vitest';
import { forEachCopyRow, unescapeCopyField } from './copy-out.ts';

const rows = (text: string) => {
  const out: Array<Array<string | null>> = [];
  forEachCopyRow(Buffer.from(text, 'utf8'), (fields) => out.push([...fields]));
  return out;
};

describe('COPY text format', () => {
  test('rows end with LF, fields are split on tabs, empty fields stay empty', () => {
    expect(rows('1\tEMT\t\t250\n2\tTHHN 12\tStranded\t1001\n')).toEqual([
      ['1', 'EMT', '', '250'],
      ['2', 'THHN 12', 'Stranded', '1001'],
    ]);
    expect(rows('')).toEqual([]);
  });

  test('escapes are undone: tab, CR, LF, backslash and the rest; \\N alone is NULL', () => {
    expect(rows('1\t\\tTab start\t\\rCR start\ta\\nb\tC:\\\\dir\t\\N\t\\\\N\n')).toEqual([
      ['1', '\tTab start', '\rCR start', 'a\nb', 'C:\\dir', null, '\\N'],
    ]);
    expect(unescapeCopyField('\\b\\f\\v')).toBe('\b\f\v');
  });

  test('text beyond ASCII and formula-like text pass through unchanged', () => {
    expect(rows('7\t1/2" Connector — zinc ⌀ 😀\t=HYPERLINK("x")\t+1+1\n')).toEqual([['7', '1/2" Connector — zinc ⌀ 😀', '=HYPERLINK("x")', '+1+1']]);
  });
});
