// ID tokens as Google issues them through Identity Services: the claims in Google's order,
// signed RS256 with a key id, and the claims a test may ask for.
import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, type CryptoKey } from 'jose';
import { GOOGLE_ISSUER, type IdTokenClaims } from '../google.ts';

/** A private key and the id it is published under. */
export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
}

/** Fills in a Google-shaped ID token payload, in the field order Google uses. */
export function buildClaims(claims: IdTokenClaims, clientId: string): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  const lifetime = claims.expiresInSeconds ?? 3600;
  const exp = now + lifetime;
  // Google tokens always live an hour; an expired one was issued an hour before it expired.
  const iat = lifetime > 0 ? now : exp - 3600;
  const aud = claims.aud ?? clientId;
  const name = claims.name?.trim() || undefined;
  const [givenName, ...familyParts] = name ? name.split(/\s+/) : [];

  const payload: Record<string, unknown> = {
    iss: claims.iss ?? GOOGLE_ISSUER,
    azp: aud,
    aud,
    sub: claims.sub ?? subjectForEmail(claims.email),
  };
  if (claims.hd) payload['hd'] = claims.hd;
  payload['email'] = claims.email;
  payload['email_verified'] = claims.email_verified ?? true;
  payload['nbf'] = claims.notBeforeInSeconds === undefined ? iat - 300 : now + claims.notBeforeInSeconds;
  if (claims.nonce) payload['nonce'] = claims.nonce;
  if (name) payload['name'] = name;
  if (claims.picture) payload['picture'] = claims.picture;
  if (givenName) payload['given_name'] = givenName;
  if (familyParts.length) payload['family_name'] = familyParts.join(' ');
  payload['iat'] = iat;
  payload['exp'] = exp;
  payload['jti'] = randomBytes(20).toString('hex');
  return payload;
}

/** Signs a payload RS256 with the key's id in the header. */
export function signIdToken(payload: Record<string, unknown>, key: SigningKey): Promise<string> {
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
    .sign(key.privateKey);
}

/** Stable Google-style subject: 21 digits starting with 1, derived from the lowercased email. */
export function subjectForEmail(email: string): string {
  const digest = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
  const digits = (BigInt(`0x${digest}`) % 10n ** 20n).toString().padStart(20, '0');
  return `1${digits}`;
}

/** Validates a JSON body for POST /api/id-token; returns an error message when it is unusable. */
export function parseClaims(body: string): IdTokenClaims | string {
  let raw: unknown;
  try {
    raw = JSON.parse(body);
  } catch {
    return 'body must be JSON';
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return 'body must be a JSON object';
  const input = raw as Record<string, unknown>;

  const email = input['email'];
  if (typeof email !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(email.trim())) {
    return 'email is required and must look like an email address';
  }
  const claims: IdTokenClaims = { email: email.trim() };

  const stringFields = ['name', 'sub', 'aud', 'iss', 'picture', 'nonce', 'hd'] as const;
  for (const field of stringFields) {
    const value = input[field];
    if (value === undefined || value === null || value === '') continue;
    if (typeof value !== 'string') return `${field} must be a string`;
    claims[field] = value;
  }
  const verified = input['email_verified'];
  if (verified !== undefined && verified !== null) {
    if (typeof verified !== 'boolean') return 'email_verified must be a boolean';
    claims.email_verified = verified;
  }
  const expires = input['expiresInSeconds'];
  if (expires !== undefined && expires !== null) {
    if (typeof expires !== 'number' || !Number.isFinite(expires)) {
      return 'expiresInSeconds must be a number';
    }
    claims.expiresInSeconds = Math.trunc(expires);
  }
  const notBefore = input['notBeforeInSeconds'];
  if (notBefore !== undefined && notBefore !== null) {
    if (typeof notBefore !== 'number' || !Number.isFinite(notBefore)) return 'notBeforeInSeconds must be a number';
    claims.notBeforeInSeconds = Math.trunc(notBefore);
  }
  return claims;
}
