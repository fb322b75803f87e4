/**
 * Where uploaded files live (decision 0035): users' profile pictures and the images the operator
 * uploads for posts and categories. Every API process reads and writes them through this one
 * interface, so no process needs a folder shared with another. The default implementation,
 * `createDatabaseUploadStore`, keeps them in the database (PostgreSQL, or the embedded PGlite);
 * an S3-compatible bucket is the documented second choice (docs/decisions/0035).
 *
 * A key is `<folder>/<name>` and is never given other bytes: whoever stores a new version stores
 * it under a new name, so a file's URL can be cached for a year.
 */
export interface UploadedFileInfo {
  contentType: string;
  /** Hex SHA-256 of the content (the ETag). */
  sha256: string;
  size: number;
}

export interface UploadedFile extends UploadedFileInfo {
  content: Buffer;
}

export interface UploadStore {
  /**
   * Stores `content` under `key`. Storing the same bytes under the same key again changes
   * nothing (a move that is run twice); other bytes under a taken key throw UploadKeyTakenError.
   */
  put(key: string, content: Uint8Array, contentType: string): Promise<UploadedFileInfo>;
  /** What is stored under `key`, without the bytes (enough to answer a conditional request). */
  info(key: string): Promise<UploadedFileInfo | null>;
  get(key: string): Promise<UploadedFile | null>;
  /** Removes the file; a key with nothing stored is ignored. */
  delete(key: string): Promise<void>;
}

/** A key holds other bytes than the ones being stored: keys are never reused. */
export class UploadKeyTakenError extends Error {
  override name = 'UploadKeyTakenError';
  constructor(readonly key: string) {
    super(`${key} is already stored with other content`);
  }
}

/** `<folder>/<name>`: lower-case folder, a name of letters, digits, dots, dashes and underscores. */
export const UPLOAD_KEY = /^[a-z0-9-]+\/[A-Za-z0-9._-]+$/;

export function assertUploadKey(key: string): void {
  if (!UPLOAD_KEY.test(key)) throw new Error(`Not an upload key: ${JSON.stringify(key)}`);
}
