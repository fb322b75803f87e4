import { describe, expect, test } from 'vitest';
import { sniffPictureFormat } from './picture-image.ts';

const bytes = (text: string) => Buffer.from(text, 'latin1');

describe('sniffPictureFormat', () => {
  test('knows the raster formats by their signature', () => {
    expect(sniffPictureFormat(bytes('\x89PNG\r\n\x1a\n....'))).toBe('png');
    expect(sniffPictureFormat(bytes('\xff\xd8\xff\xe0..JFIF'))).toBe('jpeg');
    expect(sniffPictureFormat(bytes('GIF89a....'))).toBe('gif');
    expect(sniffPictureFormat(bytes('GIF87a....'))).toBe('gif');
    expect(sniffPictureFormat(bytes('RIFF\x10\x00\x00\x00WEBPVP8 '))).toBe('webp');
    expect(sniffPictureFormat(bytes('\x00\x00\x00\x1cftypavif\x00\x00\x00\x00'))).toBe('avif');
  });

  test('refuses everything else, whatever it is called', () => {
    for (const text of ['<svg xmlns="http://www.w3.org/2000/svg"/>', '<?xml version="1.0"?><svg/>', '#!/bin/sh\n', '%PDF-1.7', 'RIFF\x10\x00\x00\x00WAVEfmt ', '\x00\x00\x00\x18ftypheic', '\x89PNG', '']) {
      expect(sniffPictureFormat(bytes(text)), JSON.stringify(text)).toBeNull();
    }
  });
});
