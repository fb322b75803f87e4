import { describe, expect, test } from 'vitest';
import { vp8FromWebp, writeWebm } from './webm.ts';

/** A minimal simple-format WebP around a fake VP8 payload. */
function webp(payload: Buffer): Buffer {
  const chunk = Buffer.concat([Buffer.from('VP8 '), Buffer.alloc(4), payload, payload.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
  chunk.writeUInt32LE(payload.length, 4);
  const header = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBP')]);
  header.writeUInt32LE(4 + chunk.length, 4);
  return Buffer.concat([header, chunk]);
}

describe('the WebM writer', () => {
  test('takes the VP8 payload out of a WebP, and refuses anything else', () => {
    expect(vp8FromWebp(webp(Buffer.from('frame')))).toEqual(Buffer.from('frame'));
    expect(() => vp8FromWebp(Buffer.from('not an image at all'))).toThrow();
  });

  test('writes the EBML header, the webm doc type, the duration, a VP8 track, every frame as a key frame, and cues', () => {
    const frames = Array.from({ length: 25 }, (_, i) => Buffer.from(`frame-${i}`));
    const file = writeWebm({ width: 640, height: 360, frameMs: 200, frames });
    expect(file.subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
    expect(file.includes(Buffer.from('webm'))).toBe(true);
    expect(file.includes(Buffer.from('V_VP8'))).toBe(true);
    // Duration (0x4489) as an 8-byte float: 25 frames of 200 ms.
    const duration = file.indexOf(Buffer.from([0x44, 0x89, 0x88]));
    expect(file.readDoubleBE(duration + 3)).toBe(5000);
    for (const frame of frames) expect(file.includes(frame)).toBe(true);
    // Three clusters of two seconds (0x1f43b675), each with a cue point (0xbb).
    let clusters = 0;
    for (let at = file.indexOf(Buffer.from([0x1f, 0x43, 0xb6, 0x75])); at !== -1; at = file.indexOf(Buffer.from([0x1f, 0x43, 0xb6, 0x75]), at + 1)) clusters++;
    expect(clusters).toBe(3);
    expect(file.includes(Buffer.from([0x1c, 0x53, 0xbb, 0x6b]))).toBe(true);
  });
});
