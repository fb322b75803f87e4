import { randomBytes } from 'node:crypto';
import { ifNoneMatchMatches, entityTag } from '../../../lib/conditional-get.ts';
import type { UploadedFile, UploadStore } from '../../../storage/upload-store.ts';

/**
 * A kind of re-encoded image kept in the upload store (decision 0035) under `<folder>/<name>`
 * and served at `urlPrefix` + name: profile pictures, and the images the operator uploads for
 * posts and categories.
 */
export interface ImageFolder {
  folder: string;
  urlPrefix: string;
}

/** Users' profile pictures. */
export const profilePictureFolder: ImageFolder = { folder: 'profile-pictures', urlPrefix: '/media/profile-pictures/' };
/** Images of the public site the operator uploads: post thumbnails, authors, paragraphs, categories. */
export const contentImageFolder: ImageFolder = { folder: 'content-images', urlPrefix: '/media/content-images/' };
/** Every kind of stored image, each served under its own prefix. */
export const imageFolders: readonly ImageFolder[] = [profilePictureFolder, contentImageFolder];

/** The URL path the pictures are served under. */
export const PROFILE_PICTURE_URL_PREFIX = profilePictureFolder.urlPrefix;

/** What a stored image's name looks like: 128 random bits in hex and the .webp extension. */
export const PICTURE_FILE_NAME = /^[0-9a-f]{32}\.webp$/;
const WEBP = 'image/webp';

/** The store's key of an image. */
export function imageKey(folder: ImageFolder, fileName: string): string {
  return `${folder.folder}/${fileName}`;
}

export function profilePictureUrl(fileName: string): string {
  return `${PROFILE_PICTURE_URL_PREFIX}${fileName}`;
}

/**
 * Stores an image under a new random name (never the uploader's file name or id, so a URL says
 * nothing and cannot be guessed) and answers the name. A name is never reused, so what is served
 * under it never changes.
 */
export async function writeImageFile(uploads: UploadStore, folder: ImageFolder, bytes: Buffer): Promise<string> {
  const fileName = `${randomBytes(16).toString('hex')}.webp`;
  await uploads.put(imageKey(folder, fileName), bytes, WEBP);
  return fileName;
}

/** Stores a profile picture (see writeImageFile). */
export function writePictureFile(uploads: UploadStore, bytes: Buffer): Promise<string> {
  return writeImageFile(uploads, profilePictureFolder, bytes);
}

/** Deletes a stored picture; a name that is not one of ours or a picture already gone is ignored. */
export async function deletePictureFile(uploads: UploadStore, fileName: string): Promise<void> {
  if (!PICTURE_FILE_NAME.test(fileName)) return;
  await uploads.delete(imageKey(profilePictureFolder, fileName));
}

/** An image to send, the answer that the browser's copy is current, or nothing under that name. */
export type StoredImage = { status: 'found'; etag: string; file: UploadedFile } | { status: 'not-modified'; etag: string } | { status: 'missing' };

/**
 * Reads a stored image for its URL. With an If-None-Match header, only the image's digest is read
 * first, and when the browser's copy is current the bytes are not read at all.
 */
export async function readStoredImage(uploads: UploadStore, folder: ImageFolder, fileName: string, ifNoneMatch: string | undefined): Promise<StoredImage> {
  if (!PICTURE_FILE_NAME.test(fileName)) return { status: 'missing' };
  const key = imageKey(folder, fileName);
  if (ifNoneMatch) {
    const info = await uploads.info(key);
    if (!info) return { status: 'missing' };
    const etag = entityTag(info.sha256);
    if (ifNoneMatchMatches(ifNoneMatch, etag)) return { status: 'not-modified', etag };
  }
  const file = await uploads.get(key);
  return file ? { status: 'found', etag: entityTag(file.sha256), file } : { status: 'missing' };
}
