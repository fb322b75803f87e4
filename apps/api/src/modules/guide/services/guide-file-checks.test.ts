import { PDFDocument } from 'pdf-lib';
import { describe, expect, test } from 'vitest';
import { notCaptionsMessage, notPdfMessage, requireCaptions, requirePdf, unreadablePdfMessage } from './guide-file-checks.ts';

const fieldsOf = async (promise: Promise<unknown>) => ((await promise.catch((error: unknown) => error)) as { fields?: Record<string, string[]> }).fields;

async function pdf(pages = 2): Promise<Buffer> {
  const document = await PDFDocument.create();
  for (let i = 0; i < pages; i++) document.addPage();
  return Buffer.from(await document.save());
}

describe('requirePdf', () => {
  test('accepts a PDF that parses, and counts its pages', async () => {
    await expect(requirePdf(await pdf(3))).resolves.toEqual({ pages: 3 });
  });

  test('refuses a file without the signature, and one that has it but does not parse', async () => {
    expect(await fieldsOf(requirePdf(Buffer.from('Name,Price\nWire,1.00\n')))).toEqual({ file: [notPdfMessage] });
    expect(await fieldsOf(requirePdf(Buffer.from('%PDF-1.7\nnot really a pdf at all\n%%EOF')))).toEqual({ file: [unreadablePdfMessage] });
    expect(await fieldsOf(requirePdf((await pdf()).subarray(0, 200)))).toEqual({ file: [unreadablePdfMessage] });
  });
});

describe('requireCaptions', () => {
  test('accepts WebVTT with well-formed cue timings, without its byte-order mark', () => {
    const text = '\uFEFFWEBVTT\n\n00:00.000 --> 00:04.000\nOpen the catalog.\n\n00:00:04.000 --> 00:00:08.500 line:90%\nChoose the edition.\n';
    expect(requireCaptions(Buffer.from(text))).toBe(text.slice(1));
  });

  test('refuses other text, broken timings, cue-less files and invalid UTF-8', () => {
    for (const bytes of [
      Buffer.from('1\n00:00:00,000 --> 00:00:04,000\nAn SRT file\n'),
      Buffer.from('WEBVTT\n\n00:00 --> 00:04\nNo milliseconds\n'),
      Buffer.from('WEBVTT\n\nNo cues at all\n'),
      Buffer.from('WEBVTTX\n\n00:00.000 --> 00:04.000\nx\n'),
      Buffer.from([0x57, 0x45, 0x42, 0x56, 0x54, 0x54, 0x0a, 0xff, 0xfe]),
    ]) {
      expect(() => requireCaptions(bytes)).toThrow();
      try {
        requireCaptions(bytes);
      } catch (error) {
        expect((error as { fields: unknown }).fields).toEqual({ file: [notCaptionsMessage] });
      }
    }
  });
});
