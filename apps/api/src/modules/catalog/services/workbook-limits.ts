import { constants, inflateRawSync } from 'node:zlib';

/**
 * What an .xlsx may unpack to (issue 17 §9). A 250,000-row supplier list of eight columns unpacks
 * to about 125 MB (measured with exceljs, with and without shared strings); the limit leaves
 * twice that, and refuses a zip bomb before it can take the server's memory.
 */
export const WORKBOOK_MAX_UNPACKED_BYTES = 256 * 1024 * 1024;
/** A workbook holds about ten parts (a sheet, its styles, shared strings...); a thousand is far beyond any real one. */
export const WORKBOOK_MAX_ENTRIES = 1000;

const MB = 1024 * 1024;
export const workbookTooLargeMessage = `The workbook unpacks to more than ${WORKBOOK_MAX_UNPACKED_BYTES / MB} MB; the limit is ${WORKBOOK_MAX_UNPACKED_BYTES / MB} MB.`;
export const workbookTooManyPartsMessage = `The workbook has more than ${WORKBOOK_MAX_ENTRIES} parts; the limit is ${WORKBOOK_MAX_ENTRIES}.`;

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
const DEFLATE = 8;

interface ZipEntry {
  method: number;
  compressedSize: number;
  declaredSize: number;
  localHeaderOffset: number;
}

/**
 * The zip's central directory, or null when the file is not a zip this code can read (exceljs
 * then refuses it as not a workbook). ZIP64 markers (0xFFFF entries, 0xFFFFFFFF bytes) are taken
 * at their face value, which is over the limits anyway.
 */
function readCentralDirectory(zip: Buffer): { entryCount: number; entries: ZipEntry[] } | null {
  // The end record is the last 22 bytes, followed by a comment of at most 65,535 bytes.
  const searchFrom = Math.max(0, zip.length - 22 - 0xffff);
  let end = -1;
  for (let at = zip.length - 22; at >= searchFrom; at--) {
    if (zip.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const entryCount = zip.readUInt16LE(end + 10);
  if (entryCount > WORKBOOK_MAX_ENTRIES) return { entryCount, entries: [] };
  const entries: ZipEntry[] = [];
  let at = zip.readUInt32LE(end + 16);
  for (let index = 0; index < entryCount; index++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL_DIRECTORY_ENTRY) return null;
    entries.push({
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      declaredSize: zip.readUInt32LE(at + 24),
      localHeaderOffset: zip.readUInt32LE(at + 42),
    });
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return { entryCount, entries };
}

/**
 * Refuses a workbook that would unpack to too much, before anything parses it: too many entries,
 * declared sizes over the limit, or (declared sizes can lie) more bytes actually inflated than
 * the limit, inflation stopping as soon as it passes. Returns the refusal's message, or null.
 */
export function checkWorkbookLimits(content: Uint8Array): string | null {
  const zip = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  const directory = readCentralDirectory(zip);
  if (!directory) return null;
  if (directory.entryCount > WORKBOOK_MAX_ENTRIES) return workbookTooManyPartsMessage;
  const declared = directory.entries.reduce((sum, entry) => sum + entry.declaredSize, 0);
  if (declared > WORKBOOK_MAX_UNPACKED_BYTES) return workbookTooLargeMessage;

  let unpacked = 0;
  for (const entry of directory.entries) {
    const header = entry.localHeaderOffset;
    if (header + 30 > zip.length || zip.readUInt32LE(header) !== LOCAL_FILE_HEADER) return null;
    const dataStart = header + 30 + zip.readUInt16LE(header + 26) + zip.readUInt16LE(header + 28);
    const data = zip.subarray(dataStart, dataStart + entry.compressedSize);
    if (entry.method !== DEFLATE) {
      unpacked += data.length;
    } else {
      try {
        // One byte more than what is left: reaching it means the entry passes the limit.
        unpacked += inflateRawSync(data, { maxOutputLength: WORKBOOK_MAX_UNPACKED_BYTES - unpacked + 1, finishFlush: constants.Z_SYNC_FLUSH }).length;
      } catch (error) {
        if (error instanceof RangeError) return workbookTooLargeMessage;
        return null; // a damaged entry: exceljs refuses the file as not a workbook
      }
    }
    if (unpacked > WORKBOOK_MAX_UNPACKED_BYTES) return workbookTooLargeMessage;
  }
  return null;
}
