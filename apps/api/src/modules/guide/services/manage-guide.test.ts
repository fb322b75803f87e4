import { expect, test } from 'vitest';
import { pdfFileNameOf } from './manage-guide.ts';

test("a guide PDF's download name is its name made safe for any file system", () => {
  expect(pdfFileNameOf('Getting started: markups & your first download')).toBe('Getting-started-markups-your-first-download.pdf');
  expect(pdfFileNameOf('../../etc/passwd')).toBe('..-..-etc-passwd.pdf');
  expect(pdfFileNameOf('Über "quotes"')).toBe('Uber-quotes.pdf');
  expect(pdfFileNameOf('***')).toBe('guide.pdf');
});
