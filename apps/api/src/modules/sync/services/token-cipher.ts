import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { TokenKey } from '../../../config/env.ts';

/** A sealed value and the id of the key that sealed it (both stored with the row). */
export interface Sealed {
  keyId: string;
  /** base64 of IV (12 bytes) | tag (16 bytes) | ciphertext. */
  value: string;
}

/**
 * Provider tokens at rest (product §11.15): AES-256-GCM with a random IV, under the first
 * configured key. `context` names what the value is (user, provider and field) and is bound as
 * additional data, so a sealed token copied into another row or column does not open.
 */
export function sealToken(keys: TokenKey[], plaintext: string, context: string): Sealed {
  const current = keys[0];
  if (!current) throw new Error('No token-encryption key is configured');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', current.key, iv);
  cipher.setAAD(Buffer.from(context));
  const encrypted = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return { keyId: current.id, value: Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString('base64') };
}

/** Opens a sealed token with the key of its id; throws when the key is unknown or the value was changed. */
export function openToken(keys: TokenKey[], sealed: Sealed, context: string): string {
  const key = keys.find((k) => k.id === sealed.keyId);
  if (!key) throw new Error(`The token-encryption key ${sealed.keyId} is not configured`);
  const bytes = Buffer.from(sealed.value, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key.key, bytes.subarray(0, 12));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}
