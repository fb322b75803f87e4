import { describe, expect, test } from 'vitest';
import { readVideoContainer } from './video-container.ts';

/** An ISO BMFF box. */
const box = (type: string, ...children: Buffer[]) => {
  const body = Buffer.concat(children);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
};

/** A version-0 movie header with this timescale and duration. */
function mvhd(timescale: number, duration: number): Buffer {
  const body = Buffer.alloc(100);
  body.writeUInt32BE(timescale, 12);
  body.writeUInt32BE(duration, 16);
  return box('mvhd', body);
}

const mp4 = (timescale: number, duration: number) => Buffer.concat([box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1')), box('free'), box('moov', mvhd(timescale, duration)), box('mdat', Buffer.alloc(64))]);

/** An EBML element with a one-byte size. */
const el = (id: number, ...children: Buffer[]) => {
  const body = Buffer.concat(children);
  const idBytes = Buffer.from(id.toString(16).padStart(id > 0xffffff ? 8 : id > 0xffff ? 6 : id > 0xff ? 4 : 2, '0'), 'hex');
  return Buffer.concat([idBytes, Buffer.from([0x80 | body.length]), body]);
};
const float64 = (value: number) => {
  const bytes = Buffer.alloc(8);
  bytes.writeDoubleBE(value);
  return bytes;
};

function webm(durationMs: number, docType = 'webm'): Buffer {
  const header = el(0x1a45dfa3, el(0x4286, Buffer.from([1])), el(0x4282, Buffer.from(docType)));
  const info = el(0x1549a966, el(0x2ad7b1, Buffer.from([0x0f, 0x42, 0x40])), el(0x4489, float64(durationMs)));
  // A segment of unknown size, as a live recorder writes it.
  const segment = Buffer.concat([Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]), el(0xec, Buffer.alloc(4)), info]);
  return Buffer.concat([header, segment]);
}

describe('readVideoContainer', () => {
  test('reads an MP4 by its ftyp and moov boxes, and its duration from mvhd', () => {
    expect(readVideoContainer(mp4(1000, 12_500))).toEqual({ mediaType: 'video/mp4', durationSeconds: 12.5 });
  });

  test('reads a WebM by its EBML header and DocType, and its duration from the segment info', () => {
    expect(readVideoContainer(webm(12_000))).toEqual({ mediaType: 'video/webm', durationSeconds: 12 });
  });

  test('refuses other files and headers it cannot walk, whatever they are called', () => {
    for (const bytes of [
      Buffer.from('%PDF-1.7\n'),
      Buffer.from('<html><script>alert(1)</script></html>'),
      webm(12_000, 'matroska'),
      mp4(0, 10),
      mp4(1000, 0),
      mp4(1000, 3 * 3600 * 1000),
      mp4(1000, 10_000).subarray(0, 40),
      Buffer.concat([box('ftyp', Buffer.from('heic')), box('mdat')]),
      Buffer.alloc(0),
    ]) {
      expect(readVideoContainer(bytes)).toBeNull();
    }
  });
});
