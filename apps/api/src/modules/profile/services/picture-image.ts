import { PROFILE_IMAGE_FIELD, PROFILE_PICTURE_MAX_PIXELS, PROFILE_PICTURE_SIZE } from '@tradelist/contract/profile';
import sharp, { type Metadata } from 'sharp';
import { validationFailed } from '../../../errors.ts';

/** The raster formats an upload may be (product §11.13), told apart by their first bytes. */
export type PictureFormat = 'png' | 'jpeg' | 'gif' | 'webp' | 'avif';

export const unsupportedPictureMessage = 'Choose a PNG, JPEG, WebP, GIF or AVIF image.';
export const unreadablePictureMessage = 'This image could not be read. Choose another one.';
export const tooManyPixelsMessage = 'This image is too large: at most 40 megapixels.';

const AVIF_BRANDS = new Set(['avif', 'avis']);

/**
 * The format by the file's signature, never its name or declared type: PNG, JPEG, GIF87a/89a,
 * RIFF…WEBP, or an ISO-BMFF `ftyp` box of an AVIF brand. Anything else (SVG, HTML, a script, a
 * PDF, HEIC, which this build of the image library cannot decode) is null.
 */
export function sniffPictureFormat(bytes: Uint8Array): PictureFormat | null {
  const ascii = (start: number, end: number) => Buffer.from(bytes.subarray(start, end)).toString('latin1');
  if (bytes.length >= 8 && ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'gif';
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 12 && ascii(4, 8) === 'ftyp' && AVIF_BRANDS.has(ascii(8, 12))) return 'avif';
  return null;
}

/** sharp names AVIF by its container (HEIF); the signature already said which it is. */
const sharpFormats: Record<PictureFormat, string> = { png: 'png', jpeg: 'jpeg', gif: 'gif', webp: 'webp', avif: 'heif' };

/** What an image is re-encoded to: its box, how it fits in, and the field a refusal names. */
export interface ImageTarget {
  field: string;
  width: number;
  height: number;
  /** `cover` crops to exactly the box (a profile picture, a thumbnail); `inside` keeps the whole image within it. */
  fit: 'cover' | 'inside';
}

/** product §11.13: a profile picture, a 256×256 square. */
export const profilePictureTarget: ImageTarget = { field: PROFILE_IMAGE_FIELD, width: PROFILE_PICTURE_SIZE, height: PROFILE_PICTURE_SIZE, fit: 'cover' };

/** Turns an upload into a stored profile picture (see reencodeImage). */
export function reencodeProfilePicture(upload: Uint8Array): Promise<Buffer> {
  return reencodeImage(upload, profilePictureTarget).then((image) => image.data);
}

/**
 * Turns an upload into a stored image: checks the signature, reads the dimensions from the
 * header alone and refuses more than 40 megapixels before any pixel is decoded (a small PNG can
 * declare a 100-megapixel canvas), then decodes the first frame with the same pixel limit, applies
 * the EXIF orientation, fits it to the target's box and encodes a WebP. sharp writes no metadata
 * unless asked, so EXIF, GPS, XMP and ICC blocks are gone. Throws a field error otherwise.
 * Profile pictures and every image the operator uploads (posts, categories, video posters) go
 * through it.
 */
export async function reencodeImage(upload: Uint8Array, target: ImageTarget): Promise<{ data: Buffer; width: number; height: number }> {
  const refuse = (message: string) => validationFailed({ [target.field]: [message] });
  const format = sniffPictureFormat(upload);
  if (!format) throw refuse(unsupportedPictureMessage);
  const options = { limitInputPixels: PROFILE_PICTURE_MAX_PIXELS, failOn: 'error' as const, animated: false };

  let metadata: Metadata;
  try {
    // Header only: sharp does not decode pixels to answer this.
    metadata = await sharp(upload, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw refuse(unreadablePictureMessage);
  }
  if (metadata.format !== sharpFormats[format]) throw refuse(unreadablePictureMessage);
  if (format === 'avif' && metadata.compression !== 'av1') throw refuse(unsupportedPictureMessage);
  const { width, height } = metadata;
  if (!width || !height) throw refuse(unreadablePictureMessage);
  if (width * height > PROFILE_PICTURE_MAX_PIXELS) throw refuse(tooManyPixelsMessage);

  try {
    const { data, info } = await sharp(upload, options)
      .rotate()
      .resize(target.width, target.height, target.fit === 'cover' ? { fit: 'cover', position: 'attention' } : { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    throw refuse(unreadablePictureMessage);
  }
}
