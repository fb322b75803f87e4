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

  test('writes the EBML header, the webm doc type, the duration, one VP8 track, every frame at its time as a key frame, and cues', () => {
    // A still for a second, then a frame every 200 ms, then a still to the end: 25 frames over 6 s.
    const frames = Array.from({ length: 25 }, (_, i) => ({ timeMs: i === 0 ? 0 : 800 + i * 200, vp8: Buffer.from(`frame-${i}`) }));
    const file = writeWebm({ width: 640, height: 360, durationMs: 6_000, frames });
    expect(file.subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
    expect(file.includes(Buffer.from('webm'))).toBe(true);
    expect(file.includes(Buffer.from('V_VP8'))).toBe(true);
    // One TrackEntry (0xae) in Tracks.
    const tracks = file.indexOf(Buffer.from([0x16, 0x54, 0xae, 0x6b]));
    expect(file[tracks + 5]).toBe(0xae);
    // Duration (0x4489) as an 8-byte float.
    const duration = file.indexOf(Buffer.from([0x44, 0x89, 0x88]));
    expect(file.readDoubleBE(duration + 3)).toBe(6000);
    // Every frame, with its time relative to its cluster, flagged as a key frame; the last one in
    // a BlockGroup that says it lasts to the end (BlockDuration 0x9b: 6000 - 5600 ms).
    for (const [index, frame] of frames.entries()) {
      const at = file.indexOf(frame.vp8);
      expect(at, `frame ${index}`).toBeGreaterThan(0);
      expect(file[at - 4]).toBe(0x81);
      if (index < frames.length - 1) expect(file[at - 1]).toBe(0x80);
    }
    expect(file.subarray(-60).includes(Buffer.from([0x9b, 0x82, 0x01, 0x90]))).toBe(true);
    // Clusters (0x1f43b675) start at least two seconds apart, each with a cue point (0xbb): at 0, 2 and 4 s.
    let clusters = 0;
    for (let at = file.indexOf(Buffer.from([0x1f, 0x43, 0xb6, 0x75])); at !== -1; at = file.indexOf(Buffer.from([0x1f, 0x43, 0xb6, 0x75]), at + 1)) clusters++;
    expect(clusters).toBe(3);
    expect(file.includes(Buffer.from([0x1c, 0x53, 0xbb, 0x6b]))).toBe(true);
  });

  test('refuses frames out of order, a first frame after 0, and a duration that ends before the last frame', () => {
    const frame = (timeMs: number) => ({ timeMs, vp8: Buffer.from('f') });
    expect(() => writeWebm({ width: 2, height: 2, durationMs: 1000, frames: [frame(0), frame(400), frame(200)] })).toThrow('time order');
    expect(() => writeWebm({ width: 2, height: 2, durationMs: 1000, frames: [frame(100)] })).toThrow('at 0 ms');
    expect(() => writeWebm({ width: 2, height: 2, durationMs: 400, frames: [frame(0), frame(400)] })).toThrow('duration');
  });
});
