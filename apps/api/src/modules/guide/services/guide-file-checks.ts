import { PDFDocument } from 'pdf-lib';
import { OPERATOR_UPLOAD_FIELD } from '@tradelist/contract/operator-content';
import { validationFailed } from '../../../errors.ts';
import { readVideoContainer, type VideoContainer } from './video-container.ts';

export const notPdfMessage = 'This file is not a PDF. Choose a PDF document.';
export const unreadablePdfMessage = 'This PDF could not be read. Save it again as PDF and upload it once more.';
export const notVideoMessage = 'Choose an MP4 or WebM video.';
export const notCaptionsMessage = 'Choose a WebVTT captions file (.vtt) that starts with WEBVTT.';

const refuse = (message: string) => validationFailed({ [OPERATOR_UPLOAD_FIELD]: [message] });

/**
 * A PDF by its content, whatever its name: it starts with the `%PDF-` signature, and pdf-lib can
 * parse it into at least one page (a renamed text file or a truncated download is refused).
 * Encrypted PDFs are refused too: a reader would ask the user for a password.
 */
export async function requirePdf(bytes: Buffer): Promise<{ pages: number }> {
  if (bytes.length < 8 || bytes.toString('latin1', 0, 5) !== '%PDF-') throw refuse(notPdfMessage);
  let pages: number;
  try {
    const document = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true });
    if (document.isEncrypted) throw new Error('encrypted');
    pages = document.getPageCount();
  } catch {
    throw refuse(unreadablePdfMessage);
  }
  if (pages < 1) throw refuse(unreadablePdfMessage);
  return { pages };
}

/** An MP4 or WebM video by its content, with the duration its header states. */
export function requireVideo(bytes: Buffer): VideoContainer {
  const container = readVideoContainer(bytes);
  if (!container) throw refuse(notVideoMessage);
  return container;
}

const CUE_TIMING = /^(?:\d{2,}:)?[0-5]\d:[0-5]\d\.\d{3}[ \t]+-->[ \t]+(?:\d{2,}:)?[0-5]\d:[0-5]\d\.\d{3}(?:[ \t].*)?$/;

/**
 * WebVTT captions: UTF-8 text that starts with `WEBVTT` (after an optional byte-order mark) and
 * whose every cue timing line is well formed. Answers the text without the byte-order mark.
 */
export function requireCaptions(bytes: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw refuse(notCaptionsMessage);
  }
  text = text.replace(/^\uFEFF/, '');
  if (!/^WEBVTT(?:[ \t][^\r\n]*)?(?:\r\n|\r|\n|$)/.test(text) || text.includes('\0')) throw refuse(notCaptionsMessage);
  const lines = text.split(/\r\n|\r|\n/);
  if (lines.some((line) => line.includes('-->') && !CUE_TIMING.test(line.trim()))) throw refuse(notCaptionsMessage);
  if (!lines.some((line) => line.includes('-->'))) throw refuse(notCaptionsMessage);
  return text;
}
