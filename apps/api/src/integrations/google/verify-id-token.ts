import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';

/** What Tradelist takes from a verified Google ID token. */
export interface GoogleIdentity {
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

// Google's documented issuers (integrations.md §4.2).
const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];
const keySets = new Map<string, JWTVerifyGetKey>();

/**
 * Verifies a Google ID token: RS256 signature by a key of the JWKS at `certsUrl` (cached and
 * refreshed by jose as keys rotate), audience = our client id, Google's issuer, not expired.
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
      clockTolerance: 60,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
    const name = typeof payload.name === 'string' && payload.name.trim() ? payload.name.trim() : payload.email.split('@')[0]!;
    return {
      subject: payload.sub,
      email: payload.email,
      emailVerified: payload.email_verified === true || payload.email_verified === 'true',
      name: name.slice(0, 150),
    };
  } catch {
    return null;
  }
}
