import { emailField } from '@tradelist/contract/accounts';
import { toSingleLineText } from '@tradelist/contract/fields';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';

/** What Tradelist takes from a verified Google ID token. */
export interface GoogleIdentity {
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string;
  /** The token's `jti`: a token is accepted once (issue 7 §1.6). */
  tokenId: string;
  /** The token's `exp`: until then its `jti` is remembered. */
  expiresAt: Date;
}

// Google's documented issuers (Google's OpenID configuration).
const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];
const keySets = new Map<string, JWTVerifyGetKey>();

/**
 * Verifies a Google ID token: RS256 signature by a key of the JWKS at `certsUrl` (cached and
 * refreshed by jose as keys rotate), audience = our client id, Google's issuer, not expired and
 * not before its `nbf` (Google sends one, five minutes before `iat`), both with 60 s of clock
 * skew, and a `jti` (Google always sends one) for the caller's replay check.
 * Returns null for any token that fails.
 */
export async function verifyGoogleIdToken(
  token: string,
  options: { certsUrl: string; clientId: string },
): Promise<GoogleIdentity | null> {
  let keySet = keySets.get(options.certsUrl);
  if (!keySet) {
    keySet = createRemoteJWKSet(new URL(options.certsUrl), { timeoutDuration: 5_000, cooldownDuration: 30_000 });
    keySets.set(options.certsUrl, keySet);
  }
  try {
    const { payload } = await jwtVerify(token, keySet, {
      audience: options.clientId,
      issuer: GOOGLE_ISSUERS,
      algorithms: ['RS256'],
      // jose checks `exp`, and `nbf` when present, with this tolerance.
      clockTolerance: 60,
      requiredClaims: ['sub', 'exp', 'iat', 'jti'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
    // Stored as they come: the same rules as an email and a name typed into our forms.
    const email = emailField.safeParse(payload.email);
    if (!email.success || !/^[\x21-\x7e]{1,255}$/.test(payload.sub)) return null;
    if (typeof payload.jti !== 'string' || !/^[\x21-\x7e]{1,255}$/.test(payload.jti)) return null;
    const rawName = typeof payload.name === 'string' ? toSingleLineText(payload.name).trim() : '';
    const name = rawName || email.data.split('@')[0]!;
    return {
      subject: payload.sub,
      email: email.data,
      emailVerified: payload.email_verified === true || payload.email_verified === 'true',
      // Cut to the column's length; a surrogate pair cut in half is mended again.
      name: toSingleLineText(name.slice(0, 150)),
      tokenId: payload.jti!,
      expiresAt: new Date(payload.exp! * 1000),
    };
  } catch {
    return null;
  }
}
