import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { preparePrivateDataDir } from './data-dir.ts';

/** Development only: a random value created on first start and kept under DATA_DIR in `name`. */
function keptSecret(dataDir: string, name: string, create: () => string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  preparePrivateDataDir(dataDir);
  // Written whole under another name, then linked into place: two processes starting at once
  // never read half a file, and the one that links second uses the first one's value.
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temporary, create() + '\n', { mode: 0o600 });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temporary);
  }
  return readFileSync(file, 'utf8').trim();
}

/** Development only: the session secret, kept under DATA_DIR. */
export function generatedSecret(dataDir: string): string {
  return keptSecret(dataDir, 'session-secret', () => randomBytes(32).toString('base64url'));
}

/** Development only: a token-encryption key with the id `dev`, kept under DATA_DIR. */
export function generatedTokenKey(dataDir: string): string {
  return keptSecret(dataDir, 'token-encryption-key', () => `dev:${randomBytes(32).toString('base64')}`);
}
