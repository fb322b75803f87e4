import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../../config/env.ts';

/** The URL path the pictures are served under (a static route, profile/routes.ts). */
export const PROFILE_PICTURE_URL_PREFIX = '/media/profile-pictures/';

/** What a stored picture's name looks like: 128 random bits in hex and the .webp extension. */
export const PICTURE_FILE_NAME = /^[0-9a-f]{32}\.webp$/;

/** DATA_DIR/profile-pictures: outside the web app's files, shared by every API process. */
export function profilePictureDir(config: Config): string {
  return path.join(config.dataDir, 'profile-pictures');
}

export function profilePictureUrl(fileName: string): string {
  return `${PROFILE_PICTURE_URL_PREFIX}${fileName}`;
}

/**
 * Writes a picture under a new random name (never the user's file name or id, so a URL says
 * nothing and cannot be guessed). Written to a temporary name first and renamed, so a reader
 * never sees half a file.
 */
export async function writePictureFile(config: Config, bytes: Buffer): Promise<string> {
  const dir = profilePictureDir(config);
  await mkdir(dir, { recursive: true });
  const fileName = `${randomBytes(16).toString('hex')}.webp`;
  const temporary = path.join(dir, `.${fileName}.tmp`);
  await writeFile(temporary, bytes, { flag: 'wx' });
  await rename(temporary, path.join(dir, fileName));
  return fileName;
}

/** Deletes a stored picture; a name that is not one of ours or a file already gone is ignored. */
export async function deletePictureFile(config: Config, fileName: string): Promise<void> {
  if (!PICTURE_FILE_NAME.test(fileName)) return;
  await rm(path.join(profilePictureDir(config), fileName), { force: true });
}
