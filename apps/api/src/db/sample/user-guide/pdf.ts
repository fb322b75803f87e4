import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { GuideDocument } from './guides.ts';

// US Letter, in points.
const PAGE = { width: 612, height: 792, margin: 64 };
const BRAND = rgb(0.09, 0.33, 0.55);
const TEXT = rgb(0.13, 0.15, 0.18);
const MUTED = rgb(0.4, 0.43, 0.47);
// A fixed date keeps the generated file identical from one run to the next.
const GENERATED = new Date('2026-01-01T00:00:00Z');

/** Splits text into lines no wider than `width` in the given font and size. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * Lays a guide out as a real PDF: a title page, then one section per page with its heading,
 * paragraphs and numbered steps, and a footer with the page number. Deterministic: the same
 * text gives the same bytes.
 */
export async function renderGuidePdf(guide: GuideDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(guide.name);
  pdf.setAuthor('Tradelist');
  pdf.setSubject(guide.description);
  pdf.setCreator('Tradelist');
  pdf.setProducer('Tradelist');
  pdf.setCreationDate(GENERATED);
  pdf.setModificationDate(GENERATED);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const textWidth = PAGE.width - 2 * PAGE.margin;

  const cover = pdf.addPage([PAGE.width, PAGE.height]);
  cover.drawRectangle({ x: 0, y: PAGE.height - 180, width: PAGE.width, height: 180, color: BRAND });
  cover.drawText('Tradelist user guide', { x: PAGE.margin, y: PAGE.height - 100, size: 16, font: bold, color: rgb(1, 1, 1) });
  let y = PAGE.height - 250;
  for (const line of wrap(guide.name, bold, 26, textWidth)) {
    cover.drawText(line, { x: PAGE.margin, y, size: 26, font: bold, color: TEXT });
    y -= 34;
  }
  y -= 10;
  for (const line of wrap(guide.description, regular, 13, textWidth)) {
    cover.drawText(line, { x: PAGE.margin, y, size: 13, font: regular, color: MUTED });
    y -= 19;
  }
  y -= 20;
  cover.drawText('In this guide', { x: PAGE.margin, y, size: 13, font: bold, color: TEXT });
  y -= 22;
  guide.sections.forEach((section, index) => {
    cover.drawText(`${index + 1}.  ${section.heading}`, { x: PAGE.margin + 8, y, size: 12, font: regular, color: TEXT });
    y -= 18;
  });

  let page: PDFPage = cover;
  const newPage = () => {
    page = pdf.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - PAGE.margin;
  };
  const ensureRoom = (height: number) => {
    if (y - height < PAGE.margin + 20) newPage();
  };
  guide.sections.forEach((section, index) => {
    newPage();
    page.drawText(`${index + 1}. ${section.heading}`, { x: PAGE.margin, y: y - 20, size: 20, font: bold, color: BRAND });
    y -= 52;
    for (const paragraph of section.paragraphs) {
      for (const line of wrap(paragraph, regular, 11.5, textWidth)) {
        ensureRoom(16);
        page.drawText(line, { x: PAGE.margin, y, size: 11.5, font: regular, color: TEXT });
        y -= 16;
      }
      y -= 10;
    }
    (section.steps ?? []).forEach((step, stepIndex) => {
      const lines = wrap(step, regular, 11.5, textWidth - 28);
      ensureRoom(16 * lines.length + 6);
      page.drawCircle({ x: PAGE.margin + 9, y: y + 4, size: 9, color: BRAND });
      page.drawText(String(stepIndex + 1), { x: PAGE.margin + 6, y, size: 10, font: bold, color: rgb(1, 1, 1) });
      for (const line of lines) {
        page.drawText(line, { x: PAGE.margin + 28, y, size: 11.5, font: regular, color: TEXT });
        y -= 16;
      }
      y -= 6;
    });
  });

  const pages = pdf.getPages();
  pages.forEach((p, index) => {
    p.drawText(`${guide.name}  ·  page ${index + 1} of ${pages.length}`, { x: PAGE.margin, y: 36, size: 9, font: regular, color: MUTED });
  });
  return pdf.save({ useObjectStreams: false });
}
