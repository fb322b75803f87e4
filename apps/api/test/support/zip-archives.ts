import { constants, deflateRawSync } from 'node:zlib';

// Zip archives written by hand for the tests of the .xlsx unpacking limits (issue 17 §9): bombs
// that unpack to hundreds of megabytes from a few hundred kilobytes, and directories that lie.

export interface ZipEntry {
  name: string;
  /** The entry's bytes as stored (deflated unless `method` is 0). */
  data: Buffer;
  method?: 0 | 8;
  /** What the central directory says it unpacks to. */
  declaredSize: number;
}

/** A zip archive of the given entries, written field by field, so a test can make it lie. */
export function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.method ?? 8, 8);
    local.writeUInt32LE(0, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.method ?? 8, 10);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 8);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * A deflate stream of `megabytes` MB of spaces, built cheaply: one flushed block of 1 MB
 * repeated (each block stands alone after a full flush), then the final empty block.
 */
export function deflatedSpaces(megabytes: number): Buffer {
  const block = deflateRawSync(Buffer.alloc(1024 * 1024, ' '), { finishFlush: constants.Z_FULL_FLUSH });
  return Buffer.concat([...Array.from({ length: megabytes }, () => block), deflateRawSync(Buffer.alloc(0))]);
}

