/**
 * A minimal streaming ZIP writer (PKWARE APPNOTE 6.3) for xlsx.ts, Node only. Small entries are
 * deflated in one go; the one large entry is deflated as it streams (node:zlib, native, off the
 * main thread) with flag bit 3, its CRC-32 and sizes following in a data descriptor. No ZIP64:
 * every size and offset must stay below 4 GiB, which is asserted.
 */
import { once } from 'node:events';
import type { TransformOptions } from 'node:stream';
import { crc32, createDeflateRaw, deflateRawSync, type ZlibOptions } from 'node:zlib';

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const VERSION = 20; // 2.0: deflate
const METHOD_DEFLATE = 8;
const FLAG_DATA_DESCRIPTOR = 0x0008;
const FLAG_UTF8_NAME = 0x0800;
const LIMIT = 0xffffffff;

interface Entry {
  name: Buffer;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

function requireBelow4GiB(value: number, what: string): void {
  if (value >= LIMIT) throw new RangeError(`${what} reached 4 GiB; this writer has no ZIP64`);
}

/** MS-DOS date and time, as ZIP stores them (two-second resolution, from 1980). */
function dosDateTime(date: Date): { time: number; date: number } {
  const year = Math.min(Math.max(date.getUTCFullYear(), 1980), 2107);
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}

/** An entry's data deflated ahead (raw deflate), with the CRC-32 and size of what it inflates to. */
export interface DeflatedPart {
  crc: number;
  size: number;
  compressed: Uint8Array;
}

/** The zlib options of every streamed entry: the same input gives the same bytes, deflated here or ahead (`deflatePart`). */
function streamOptions(level: number): ZlibOptions & TransformOptions {
  return { level, chunkSize: 64 * 1024, writableHighWaterMark: 256 * 1024 };
}

/**
 * Deflates `parts` ahead, as `streamedEntry` would (native zlib, off the main thread), for
 * `deflatedEntry` to write later: the same input and level give the same bytes.
 */
export async function deflatePart(parts: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>, level = 1): Promise<DeflatedPart> {
  const deflate = createDeflateRaw(streamOptions(level));
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = once(deflate, 'end');
  let crc = 0;
  let size = 0;
  try {
    for await (const part of parts) {
      const bytes = typeof part === 'string' ? Buffer.from(part, 'utf8') : part;
      crc = crc32(bytes, crc);
      size += bytes.length;
      requireBelow4GiB(size, 'A deflated part');
      if (!deflate.write(bytes)) await once(deflate, 'drain');
    }
    deflate.end();
    await ended;
  } finally {
    deflate.destroy();
  }
  return { crc, size, compressed: Buffer.concat(chunks) };
}

export interface ZipStreamOptions {
  modifiedAt?: Date;
  /** Deflate level, 1 (fastest, the default) to 9. */
  level?: number;
}

/** Writes one ZIP file as a sequence of byte chunks; the caller concatenates what each method returns. */
export class ZipStreamWriter {
  private offset = 0;
  private readonly entries: Entry[] = [];
  private readonly stamp: { time: number; date: number };
  private readonly level: number;

  constructor(options: ZipStreamOptions = {}) {
    this.stamp = dosDateTime(options.modifiedAt ?? new Date());
    this.level = options.level ?? 1;
  }

  private localHeader(entry: Entry): Buffer {
    const header = Buffer.alloc(30 + entry.name.length);
    header.writeUInt32LE(LOCAL_HEADER, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(entry.flags, 6);
    header.writeUInt16LE(METHOD_DEFLATE, 8);
    header.writeUInt16LE(this.stamp.time, 10);
    header.writeUInt16LE(this.stamp.date, 12);
    // With a data descriptor these three stay 0 here and follow the data.
    header.writeUInt32LE(entry.crc, 14);
    header.writeUInt32LE(entry.compressedSize, 18);
    header.writeUInt32LE(entry.size, 22);
    header.writeUInt16LE(entry.name.length, 26);
    header.writeUInt16LE(0, 28);
    entry.name.copy(header, 30);
    return header;
  }

  private advance(bytes: number): void {
    this.offset += bytes;
    requireBelow4GiB(this.offset, 'The ZIP file');
  }

  private newEntry(name: string, flags: number): Entry {
    requireBelow4GiB(this.offset, 'The ZIP file');
    const nameBytes = Buffer.from(name, 'utf8');
    const ascii = nameBytes.length === name.length;
    return { name: nameBytes, flags: ascii ? flags : flags | FLAG_UTF8_NAME, crc: 0, compressedSize: 0, size: 0, offset: this.offset };
  }

  /** A small entry: compressed at once, CRC and sizes in its local header. */
  wholeEntry(name: string, content: string | Uint8Array): Buffer {
    const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    const compressed = deflateRawSync(data, { level: this.level });
    const entry = this.newEntry(name, 0);
    entry.crc = crc32(data);
    entry.size = data.length;
    entry.compressedSize = compressed.length;
    requireBelow4GiB(entry.size, name);
    this.entries.push(entry);
    const bytes = Buffer.concat([this.localHeader(entry), compressed]);
    this.advance(bytes.length);
    return bytes;
  }

  /** The data descriptor that ends a streamed entry, which is then complete. */
  private descriptor(entry: Entry): Buffer {
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
    descriptor.writeUInt32LE(entry.crc, 4);
    descriptor.writeUInt32LE(entry.compressedSize, 8);
    descriptor.writeUInt32LE(entry.size, 12);
    this.entries.push(entry);
    this.advance(descriptor.length);
    return descriptor;
  }

  /**
   * A large entry deflated as its parts arrive: yields the local header, compressed chunks as
   * zlib produces them (waiting for zlib when its input buffer is full), then the data descriptor.
   */
  async *streamedEntry(name: string, parts: AsyncIterable<string | Uint8Array>): AsyncGenerator<Buffer, void, undefined> {
    const entry = this.newEntry(name, FLAG_DATA_DESCRIPTOR);
    const deflate = createDeflateRaw(streamOptions(this.level));
    const ready: Buffer[] = [];
    let failure: unknown = null;
    deflate.on('data', (chunk: Buffer) => ready.push(chunk));
    deflate.on('error', (error) => {
      failure ??= error;
    });
    // Takes what zlib has produced so far, counting it into the entry and the file.
    const takeReady = (): Buffer[] => {
      if (failure !== null) throw failure;
      const chunks = ready.splice(0);
      for (const chunk of chunks) {
        entry.compressedSize += chunk.length;
        this.advance(chunk.length);
      }
      requireBelow4GiB(entry.compressedSize, name);
      return chunks;
    };
    try {
      const header = this.localHeader(entry);
      this.advance(header.length);
      yield header;
      for await (const part of parts) {
        const bytes = typeof part === 'string' ? Buffer.from(part, 'utf8') : part;
        entry.crc = crc32(bytes, entry.crc);
        entry.size += bytes.length;
        requireBelow4GiB(entry.size, name);
        if (!deflate.write(bytes)) await once(deflate, 'drain');
        yield* takeReady();
      }
      const ended = once(deflate, 'end');
      deflate.end();
      await ended;
      yield* takeReady();
      yield this.descriptor(entry);
    } finally {
      deflate.destroy();
    }
  }

  /** An entry deflated ahead (`deflatePart`): the same bytes `streamedEntry` writes for the same input. */
  *deflatedEntry(name: string, part: DeflatedPart): Generator<Buffer, void, undefined> {
    const entry = this.newEntry(name, FLAG_DATA_DESCRIPTOR);
    const header = this.localHeader(entry);
    this.advance(header.length);
    yield header;
    entry.crc = part.crc;
    entry.size = part.size;
    entry.compressedSize = part.compressed.length;
    requireBelow4GiB(entry.compressedSize, name);
    this.advance(part.compressed.length);
    yield Buffer.from(part.compressed.buffer, part.compressed.byteOffset, part.compressed.byteLength);
    yield this.descriptor(entry);
  }

  /** The central directory and end record; call once, after the last entry. */
  finish(): Buffer {
    const start = this.offset;
    const records = this.entries.map((entry) => {
      const record = Buffer.alloc(46 + entry.name.length);
      record.writeUInt32LE(CENTRAL_HEADER, 0);
      record.writeUInt16LE(VERSION, 4); // made by: MS-DOS attributes, version 2.0
      record.writeUInt16LE(VERSION, 6);
      record.writeUInt16LE(entry.flags, 8);
      record.writeUInt16LE(METHOD_DEFLATE, 10);
      record.writeUInt16LE(this.stamp.time, 12);
      record.writeUInt16LE(this.stamp.date, 14);
      record.writeUInt32LE(entry.crc, 16);
      record.writeUInt32LE(entry.compressedSize, 20);
      record.writeUInt32LE(entry.size, 24);
      record.writeUInt16LE(entry.name.length, 28);
      // Extra field, comment, disk number, internal and external attributes: all 0.
      record.writeUInt32LE(entry.offset, 42);
      entry.name.copy(record, 46);
      return record;
    });
    const directory = Buffer.concat(records);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(start, 16);
    this.advance(directory.length + end.length);
    return Buffer.concat([directory, end]);
  }
}
