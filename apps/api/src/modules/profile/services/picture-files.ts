import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../../config/env.ts';

/**
 * A folder of re-encoded images under DATA_DIR, served as static files under `urlPrefix`:
 * profile pictures, and the images the operator uploads for posts and categories.
 */
export interface ImageFolder {
  folder: string;
  urlPrefix: string;
}

/** Users' profile pictures. */
export const profilePictureFolder: ImageFolder = { folder: 'profile-pictures', urlPrefix: '/media/profile-pictures/' };
/** Images of the public site the operator uploads: post thumbnails, authors, paragraphs, categories. */
export const contentImageFolder: ImageFolder = { folder: 'content-images', urlPrefix: '/media/content-images/' };

/** The URL path the pictures are served under (a static route, profile/routes.ts). */
export const PROFILE_PICTURE_URL_PREFIX = profilePictureFolder.urlPrefix;

/** What a stored image's name looks like: 128 random bits in hex and the .webp extension. */
export const PICTURE_FILE_NAME = /^[0-9a-f]{32}\.webp$/;

/** DATA_DIR/<folder>: outside the web app's files, shared by every API process. */
export function imageFolderDir(config: Config, folder: ImageFolder): string {
  return path.join(config.dataDir, folder.folder);
}

/** DATA_DIR/profile-pictures. */
export function profilePictureDir(config: Config): string {
  return imageFolderDir(config, profilePictureFolder);
}

export function profilePictureUrl(fileName: string): string {
  return `${PROFILE_PICTURE_URL_PREFIX}${fileName}`;
}

/**
 * Writes an image under a new random name (never the uploader's file name or id, so a URL says
 * nothing and cannot be guessed). Written to a temporary name first and renamed, so a reader
 * never sees half a file.
 */
export async function writeImageFile(config: Config, folder: ImageFolder, bytes: Buffer): Promise<string> {
  const dir = imageFolderDir(config, folder);
  await mkdir(dir, { recursive: true });
  const fileName = `${randomBytes(16).toString('hex')}.webp`;
  const temporary = path.join(dir, `.${fileName}.tmp`);
  await writeFile(temporary, bytes, { flag: 'wx' });
  await rename(temporary, path.join(dir, fileName));
  return fileName;
}

/** Writes a profile picture (see writeImageFile). */
export function writePictureFile(config: Config, bytes: Buffer): Promise<string> {
  return writeImageFile(config, profilePictureFolder, bytes);
}

/** Deletes a stored picture; a name that is not one of ours or a file already gone is ignored. */
export async function deletePictureFile(config: Config, fileName: string): Promise<void> {
  if (!PICTURE_FILE_NAME.test(fileName)) return;
  await rm(path.join(profilePictureDir(config), fileName), { force: true });
}
