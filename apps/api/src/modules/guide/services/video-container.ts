/**
 * Tells an uploaded video's container by its content and reads its duration from its header, so
 * that only MP4 and WebM files that a browser can place on a timeline are stored (nothing is
 * decoded). A file that is neither, or whose header cannot be walked, is null.
 */
export interface VideoContainer {
  mediaType: 'video/mp4' | 'video/webm';
  durationSeconds: number;
}

/** The longest video we accept as a guide walkthrough: 2 hours. */
const MAX_DURATION_SECONDS = 2 * 3600;

function plausible(container: VideoContainer | null): VideoContainer | null {
  if (!container) return null;
  const { durationSeconds } = container;
  return Number.isFinite(durationSeconds) && durationSeconds > 0 && durationSeconds <= MAX_DURATION_SECONDS ? container : null;
}

/** MP4 (ISO BMFF): an `ftyp` box first, then a `moov` box whose `mvhd` gives timescale and duration. */
function readMp4(bytes: Buffer): VideoContainer | null {
  const boxes = (start: number, end: number): Array<{ type: string; start: number; end: number }> => {
    const found: Array<{ type: string; start: number; end: number }> = [];
    let offset = start;
    while (offset + 8 <= end) {
      let size = bytes.readUInt32BE(offset);
      const type = bytes.toString('latin1', offset + 4, offset + 8);
      let header = 8;
      if (size === 1) {
        if (offset + 16 > end) return found;
        const large = bytes.readBigUInt64BE(offset + 8);
        if (large > BigInt(end - offset)) return found;
        size = Number(large);
        header = 16;
      } else if (size === 0) {
        size = end - offset;
      }
      if (size < header || offset + size > end) return found;
      found.push({ type, start: offset + header, end: offset + size });
      offset += size;
    }
    return found;
  };
  const top = boxes(0, bytes.length);
  if (top[0]?.type !== 'ftyp') return null;
  const moov = top.find((box) => box.type === 'moov');
  const mvhd = moov ? boxes(moov.start, moov.end).find((box) => box.type === 'mvhd') : undefined;
  if (!mvhd) return null;
  const version = bytes[mvhd.start];
  let timescale: number;
  let duration: number;
  if (version === 0 && mvhd.end - mvhd.start >= 20) {
    timescale = bytes.readUInt32BE(mvhd.start + 12);
    duration = bytes.readUInt32BE(mvhd.start + 16);
  } else if (version === 1 && mvhd.end - mvhd.start >= 32) {
    timescale = bytes.readUInt32BE(mvhd.start + 20);
    duration = Number(bytes.readBigUInt64BE(mvhd.start + 24));
  } else {
    return null;
  }
  if (timescale === 0) return null;
  return { mediaType: 'video/mp4', durationSeconds: duration / timescale };
}

/** One EBML element's id, data start and end (an unknown size runs to `limit`). */
function ebmlElement(bytes: Buffer, offset: number, limit: number): { id: number; start: number; end: number } | null {
  const first = bytes[offset];
  if (first === undefined || first === 0) return null;
  const idLength = Math.clz32(first) - 23;
  if (idLength > 4 || offset + idLength > limit) return null;
  let id = 0;
  for (let i = 0; i < idLength; i++) id = id * 256 + bytes[offset + i]!;
  const sizeAt = offset + idLength;
  const sizeFirst = bytes[sizeAt];
  if (sizeFirst === undefined || sizeFirst === 0) return null;
  const sizeLength = Math.clz32(sizeFirst) - 23;
  if (sizeAt + sizeLength > limit) return null;
  let size = sizeFirst & (0xff >> sizeLength);
  let unknown = size === (0xff >> sizeLength);
  for (let i = 1; i < sizeLength; i++) {
    const byte = bytes[sizeAt + i]!;
    size = size * 256 + byte;
    if (byte !== 0xff) unknown = false;
  }
  const start = sizeAt + sizeLength;
  const end = unknown ? limit : start + size;
  if (end > limit) return null;
  return { id, start, end };
}

function ebmlChildren(bytes: Buffer, start: number, end: number): Array<{ id: number; start: number; end: number }> {
  const children: Array<{ id: number; start: number; end: number }> = [];
  for (let offset = start; offset < end; ) {
    const child = ebmlElement(bytes, offset, end);
    if (!child) break;
    children.push(child);
    // A cluster of unknown size runs to the end: nothing we need comes after it.
    if (child.end <= offset) break;
    offset = child.end;
  }
  return children;
}

const EBML = 0x1a45dfa3;
const DOC_TYPE = 0x4282;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;

/** WebM (Matroska): an EBML header whose DocType is `webm`, then a Segment whose Info gives the duration. */
function readWebm(bytes: Buffer): VideoContainer | null {
  const top = ebmlChildren(bytes, 0, bytes.length);
  const header = top[0];
  if (header?.id !== EBML) return null;
  const docType = ebmlChildren(bytes, header.start, header.end).find((child) => child.id === DOC_TYPE);
  if (!docType || bytes.toString('latin1', docType.start, docType.end).replace(/\0+$/, '') !== 'webm') return null;
  const segment = top.find((element) => element.id === SEGMENT);
  const info = segment ? ebmlChildren(bytes, segment.start, segment.end).find((child) => child.id === INFO) : undefined;
  if (!info) return null;
  const fields = ebmlChildren(bytes, info.start, info.end);
  const scaleField = fields.find((child) => child.id === TIMECODE_SCALE);
  let scale = 1_000_000;
  if (scaleField) {
    scale = 0;
    for (let i = scaleField.start; i < scaleField.end; i++) scale = scale * 256 + bytes[i]!;
  }
  const durationField = fields.find((child) => child.id === DURATION);
  if (!durationField || scale === 0) return null;
  const length = durationField.end - durationField.start;
  const duration = length === 8 ? bytes.readDoubleBE(durationField.start) : length === 4 ? bytes.readFloatBE(durationField.start) : NaN;
  return { mediaType: 'video/webm', durationSeconds: (duration * scale) / 1e9 };
}

/** The container and duration of an uploaded video, or null when it is not a readable MP4 or WebM. */
export function readVideoContainer(bytes: Buffer): VideoContainer | null {
  if (bytes.length >= 12 && bytes.toString('latin1', 4, 8) === 'ftyp') return plausible(readMp4(bytes));
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === EBML) return plausible(readWebm(bytes));
  return null;
}
