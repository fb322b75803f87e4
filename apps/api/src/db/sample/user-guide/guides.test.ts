import { inflateSync } from 'node:zlib';
import { columnsFor, layouts, type Layout } from '@tradelist/pricing/layouts';
import { describe, expect, test } from 'vitest';
import { guideDocuments, type GuideDocument } from './guides.ts';
import { renderGuidePdf } from './pdf.ts';

// WinAnsi bytes that differ from Latin-1, as pdf-lib encodes the standard fonts' text.
const WIN_ANSI: Record<number, string> = { 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x95: '•', 0x96: '–', 0x97: '—' };

/** The text a reader sees in the PDF: every shown string of every page, lines joined by spaces. */
async function pdfText(guide: GuideDocument): Promise<string> {
  const pdf = Buffer.from(await renderGuidePdf(guide));
  const shown: string[] = [];
  for (const match of pdf.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    const content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    for (const [, hex] of content.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) {
      shown.push([...Buffer.from(hex!, 'hex')].map((byte) => WIN_ANSI[byte] ?? String.fromCharCode(byte)).join(''));
    }
  }
  return shown.join(' ').replace(/\s+/g, ' ');
}

const headersOf = (layout: Layout) => columnsFor(layout).map((column) => column.header);
const guide = (slug: string) => guideDocuments.find((candidate) => candidate.slug === slug)!;
/** Every column name the guide's text writes in “curly quotes”, in order. */
const quotedNames = (text: string) => [...text.matchAll(/“([^”]+)”/g)].map((match) => match[1]!);

describe("the guides' PDFs name the downloaded files' columns as the files do", () => {
  test('the QuickBooks guide names every column of the QuickBooks layout, in file order, as its header says', async () => {
    const text = await pdfText(guide('quickbooks-online-import'));
    expect(quotedNames(text)).toEqual(headersOf('quickbooks'));
  });

  test('the getting-started guide names every column of the price list layout, in file order', async () => {
    const text = await pdfText(guide('getting-started'));
    expect(quotedNames(text)).toEqual(headersOf('price-list'));
  });

  test("every column name in every guide's text is a header of a download layout", async () => {
    const headers = new Set(layouts.flatMap(headersOf));
    for (const document of guideDocuments) {
      for (const name of quotedNames(await pdfText(document))) expect(headers, `${document.slug}: “${name}”`).toContain(name);
    }
  });
});

describe('the guides speak of monthly editions', () => {
  test('no guide speaks of quarters; the Jobber guide prices quotes with this month’s costs', async () => {
    for (const document of guideDocuments) expect(await pdfText(document), document.slug).not.toMatch(/quarter/i);
    expect(await pdfText(guide('jobber-sync'))).toContain("a quote written in the field uses this month's costs");
  });
});

describe('the guides connect the services from the sync question', () => {
  test('the guides offer Connect Jobber beside a QuickBooks connection, come back to the edition, and preview before writing', async () => {
    const text = await pdfText(guide('jobber-sync'));
    expect(text).toContain('Connect Jobber when QuickBooks already is');
    expect(text).toContain('You return to the same edition, its sync question open with Jobber chosen');
    const quickbooks = await pdfText(guide('quickbooks-online-import'));
    expect(quickbooks).toContain('you then come back to the same edition, its sync question open with QuickBooks chosen');
    expect(quickbooks).toContain('only what you approve is written');
  });
});
