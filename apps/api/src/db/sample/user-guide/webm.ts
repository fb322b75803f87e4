/**
 * A small WebM (Matroska) writer for a video made of VP8 key frames, with no native tool: each
 * frame is a lossy WebP image, whose payload is a VP8 key frame, put in a SimpleBlock. The file
 * states its duration and has cues (one per cluster), so a browser knows its length and can seek.
 */

/** EBML variable-length size (1 to 8 bytes). */
function size(value: number): Buffer {
  for (let length = 1; length <= 8; length++) {
    if (value < 2 ** (7 * length) - 1) {
      const bytes = Buffer.alloc(length);
      let rest = value;
      for (let i = length - 1; i >= 0; i--) {
        bytes[i] = rest % 256;
        rest = Math.floor(rest / 256);
      }
      bytes[0]! |= 1 << (8 - length);
      return bytes;
    }
  }
  throw new Error(`EBML size too large: ${value}`);
}

function id(value: number): Buffer {
  const hex = value.toString(16);
  return Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
}

function element(elementId: number, data: Buffer | Buffer[]): Buffer {
  const body = Array.isArray(data) ? Buffer.concat(data) : data;
  return Buffer.concat([id(elementId), size(body.length), body]);
}

function uint(elementId: number, value: number): Buffer {
  let hex = value.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  return element(elementId, Buffer.from(hex, 'hex'));
}

function float(elementId: number, value: number): Buffer {
  const bytes = Buffer.alloc(8);
  bytes.writeDoubleBE(value);
  return element(elementId, bytes);
}

const text = (elementId: number, value: string) => element(elementId, Buffer.from(value, 'utf8'));

/** The VP8 payload of a simple lossy WebP (RIFF, WEBP, a `VP8 ` chunk). */
export function vp8FromWebp(webp: Buffer): Buffer {
  if (webp.toString('latin1', 0, 4) !== 'RIFF' || webp.toString('latin1', 8, 12) !== 'WEBP') throw new Error('not a WebP image');
  let offset = 12;
  while (offset + 8 <= webp.length) {
    const chunk = webp.toString('latin1', offset, offset + 4);
    const length = webp.readUInt32LE(offset + 4);
    if (chunk === 'VP8 ') return webp.subarray(offset + 8, offset + 8 + length);
    offset += 8 + length + (length % 2);
  }
  throw new Error('the WebP image has no lossy VP8 frame (encode it lossy and without alpha)');
}

const TIMECODE_SCALE_NS = 1_000_000; // timestamps in milliseconds
const CLUSTER_MS = 2_000;

/** A VP8 key frame and when it is shown; it stays on screen until the next frame's time. */
export interface WebmFrame {
  timeMs: number;
  vp8: Buffer;
}

/**
 * Writes the WebM file. `frames` are VP8 key frames in time order, the first at 0; a frame stays
 * on screen until the next one (a still screen is one frame, however long it is shown), the last
 * until `durationMs`. Clusters start at least two seconds apart (a block's time is a 16-bit
 * offset from its cluster's).
 */
export function writeWebm(options: { width: number; height: number; durationMs: number; frames: WebmFrame[] }): Buffer {
  const { width, height, durationMs, frames } = options;
  if (frames[0]?.timeMs !== 0) throw new Error('the first frame must be shown at 0 ms');
  frames.forEach((frame, index) => {
    if (index > 0 && frame.timeMs <= frames[index - 1]!.timeMs) throw new Error('frames must be in time order');
  });
  if (durationMs <= frames.at(-1)!.timeMs) throw new Error('the duration must end after the last frame');
  const header = element(0x1a45dfa3, [
    uint(0x4286, 1), // EBMLVersion
    uint(0x42f7, 1), // EBMLReadVersion
    uint(0x42f2, 4), // EBMLMaxIDLength
    uint(0x42f3, 8), // EBMLMaxSizeLength
    text(0x4282, 'webm'), // DocType
    uint(0x4287, 2), // DocTypeVersion
    uint(0x4285, 2), // DocTypeReadVersion
  ]);
  const info = element(0x1549a966, [uint(0x2ad7b1, TIMECODE_SCALE_NS), float(0x4489, durationMs), text(0x4d80, 'Tradelist'), text(0x5741, 'Tradelist')]);
  const tracks = element(0x1654ae6b, [
    element(0xae, [
      uint(0xd7, 1), // TrackNumber
      uint(0x73c5, 1), // TrackUID
      uint(0x83, 1), // TrackType: video
      uint(0x9c, 0), // FlagLacing
      text(0x86, 'V_VP8'), // CodecID
      element(0xe0, [uint(0xb0, width), uint(0xba, height)]),
    ]),
  ]);

  const clusters: Array<{ timeMs: number; bytes: Buffer }> = [];
  for (let first = 0; first < frames.length; ) {
    const clusterTime = frames[first]!.timeMs;
    const blocks: Buffer[] = [uint(0xe7, clusterTime)];
    let index = first;
    for (; index < frames.length && frames[index]!.timeMs - clusterTime < CLUSTER_MS; index++) {
      const blockHeader = Buffer.alloc(4);
      blockHeader[0] = 0x81; // track 1
      blockHeader.writeInt16BE(frames[index]!.timeMs - clusterTime, 1);
      if (index < frames.length - 1) {
        blockHeader[3] = 0x80; // key frame
        blocks.push(element(0xa3, [blockHeader, frames[index]!.vp8])); // SimpleBlock
      } else {
        // The last frame says how long it lasts (BlockGroup: Block and BlockDuration), so players
        // hold it to the end; without a ReferenceBlock it is a key frame.
        blocks.push(element(0xa0, [element(0xa1, [blockHeader, frames[index]!.vp8]), uint(0x9b, durationMs - frames[index]!.timeMs)]));
      }
    }
    clusters.push({ timeMs: clusterTime, bytes: element(0x1f43b675, blocks) });
    first = index;
  }

  // Cues point at each cluster by its offset from the start of the segment's data.
  const before = info.length + tracks.length;
  let offset = before;
  const cuePoints = clusters.map((cluster) => {
    const point = element(0xbb, [uint(0xb3, cluster.timeMs), element(0xb7, [uint(0xf7, 1), uint(0xf1, offset)])]);
    offset += cluster.bytes.length;
    return point;
  });
  const cues = element(0x1c53bb6b, cuePoints);
  const segment = element(0x18538067, [info, tracks, ...clusters.map((cluster) => cluster.bytes), cues]);
  return Buffer.concat([header, segment]);
}
