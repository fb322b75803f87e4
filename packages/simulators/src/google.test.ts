import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify, type JWTPayload } from 'jose';
import { createVerify, X509Certificate } from 'node:crypto';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GOOGLE_CLIENT_ID, startGoogleSimulator, subjectForEmail, type GoogleSimulator } from './google.ts';

const ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

let sim: GoogleSimulator;
let jwks: ReturnType<typeof createRemoteJWKSet>;

beforeAll(async () => {
  sim = await startGoogleSimulator({});
  jwks = createRemoteJWKSet(new URL(sim.certsUrl));
});

afterAll(async () => {
  await sim.close();
});

/** Verifies exactly the way the API does. */
function verify(token: string, audience = sim.clientId): Promise<JWTPayload> {
  return jwtVerify(token, jwks, { audience, issuer: ISSUERS }).then((r) => r.payload);
}

describe('Google simulator: ID tokens', () => {
  it('issues tokens that verify against the published JWKS with Google-shaped claims', async () => {
    expect(sim.clientId).toBe(DEFAULT_GOOGLE_CLIENT_ID);
    const token = await sim.issueIdToken({ email: 'Ada@Example.com', name: 'Ada King Lovelace' });

    expect(decodeProtectedHeader(token)).toEqual({ alg: 'RS256', kid: sim.kid, typ: 'JWT' });
    const payload = await verify(token);
    expect(Object.keys(payload)).toEqual([
      'iss', 'azp', 'aud', 'sub', 'email', 'email_verified', 'nbf', 'name', 'given_name', 'family_name',
      'iat', 'exp', 'jti',
    ]);
    expect(payload).toMatchObject({
      iss: 'https://accounts.google.com',
      azp: sim.clientId,
      aud: sim.clientId,
      email: 'Ada@Example.com',
      email_verified: true,
      name: 'Ada King Lovelace',
      given_name: 'Ada',
      family_name: 'King Lovelace',
    });
    expect(payload.sub).toMatch(/^1\d{20}$/);
    // Stable per email (case-insensitive), different across emails.
    expect(payload.sub).toBe(subjectForEmail('ada@example.com'));
    expect(payload.sub).not.toBe(subjectForEmail('bob@example.com'));
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(3600);
    expect(payload.jti).toMatch(/^[0-9a-f]{40}$/);
    // Google's tokens are valid from five minutes before they were issued.
    expect((payload.iat ?? 0) - (payload.nbf ?? 0)).toBe(300);
  });

  it('issues a token not valid yet (nbf in the future), which a verifier refuses beyond its clock skew', async () => {
    const early = await sim.issueIdToken({ email: 'early@example.com', notBeforeInSeconds: 600 });
    const payload = JSON.parse(Buffer.from(early.split('.')[1] ?? '', 'base64url').toString()) as JWTPayload;
    expect((payload.nbf ?? 0) - Math.floor(Date.now() / 1000)).toBeGreaterThanOrEqual(599);
    await expect(verify(early)).rejects.toThrow(/nbf/);
  });

  it('publishes the signing key as a PEM certificate by kid at /oauth2/v1/certs, which verifies its tokens', async () => {
    const res = await fetch(sim.pemCertsUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const certs = (await res.json()) as Record<string, string>;
    expect(Object.keys(certs)).toEqual([sim.kid]);
    const pem = certs[sim.kid] ?? '';
    expect(pem).toMatch(/^-----BEGIN CERTIFICATE-----\n[A-Za-z0-9+/=\n]+\n-----END CERTIFICATE-----\n$/);
    const certificate = new X509Certificate(pem);
    expect(certificate.verify(certificate.publicKey)).toBe(true);
    expect(Date.parse(certificate.validFrom)).toBeLessThan(Date.now());
    expect(Date.parse(certificate.validTo)).toBeGreaterThan(Date.now());
    // Verified as google-auth-library does under Node: RSA-SHA256 over header.payload with the PEM.
    const [header = '', body = '', signature = ''] = (await sim.issueIdToken({ email: 'pem@example.com' })).split('.');
    expect(createVerify('RSA-SHA256').update(`${header}.${body}`).verify(pem, Buffer.from(signature, 'base64url'))).toBe(true);
    const [h2 = '', b2 = '', s2 = ''] = (await sim.issueIdTokenWithUnknownKey({ email: 'pem@example.com' })).split('.');
    expect(createVerify('RSA-SHA256').update(`${h2}.${b2}`).verify(pem, Buffer.from(s2, 'base64url'))).toBe(false);
  });

  it('honours explicit claims', async () => {
    const payload = await verify(
      await sim.issueIdToken({
        email: 'eve@example.com',
        email_verified: false,
        sub: '123',
        iss: 'accounts.google.com',
        picture: 'https://example.com/p.png',
        nonce: 'n-1',
        hd: 'example.com',
      }),
    );
    expect(payload).toMatchObject({
      sub: '123',
      iss: 'accounts.google.com',
      email_verified: false,
      picture: 'https://example.com/p.png',
      nonce: 'n-1',
      hd: 'example.com',
    });
    expect(payload).not.toHaveProperty('name');
  });

  it('fails verification for the wrong audience', async () => {
    const token = await sim.issueIdToken({ email: 'a@example.com', aud: 'someone-else.apps.googleusercontent.com' });
    await expect(verify(token)).rejects.toMatchObject({ code: 'ERR_JWT_CLAIM_VALIDATION_FAILED', claim: 'aud' });
  });

  it('fails verification for a foreign issuer', async () => {
    const token = await sim.issueIdToken({ email: 'a@example.com', iss: 'https://evil.example' });
    await expect(verify(token)).rejects.toMatchObject({ code: 'ERR_JWT_CLAIM_VALIDATION_FAILED', claim: 'iss' });
  });

  it('fails verification for an expired token', async () => {
    const token = await sim.issueIdToken({ email: 'a@example.com', expiresInSeconds: -60 });
    await expect(verify(token)).rejects.toMatchObject({ code: 'ERR_JWT_EXPIRED' });
  });

  it('fails verification for a token signed with an unpublished key', async () => {
    const sameKid = await sim.issueIdTokenWithUnknownKey({ email: 'a@example.com' });
    expect(decodeProtectedHeader(sameKid).kid).toBe(sim.kid);
    await expect(verify(sameKid)).rejects.toMatchObject({ code: 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED' });

    const otherKid = await sim.issueIdTokenWithUnknownKey({ email: 'a@example.com' }, { kid: 'unknown' });
    await expect(verify(otherKid)).rejects.toMatchObject({ code: 'ERR_JWKS_NO_MATCHING_KEY' });
  });
});

describe('Google simulator: HTTP', () => {
  it('serves the JWKS with caching and CORS headers', async () => {
    const res = await fetch(sim.certsUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const body = (await res.json()) as { keys: Record<string, unknown>[] };
    expect(body.keys).toHaveLength(1);
    expect(body.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: sim.kid });
    expect(body.keys[0]).not.toHaveProperty('d');
  });

  it('issues a credential via POST /api/id-token, with CORS preflight', async () => {
    const preflight = await fetch(`${sim.url}/api/id-token`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type');

    const res = await fetch(`${sim.url}/api/id-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:5173' },
      body: JSON.stringify({ email: 'grace@example.com', name: 'Grace Hopper', aud: sim.clientId }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const { credential } = (await res.json()) as { credential: string };
    expect(await verify(credential)).toMatchObject({ email: 'grace@example.com', given_name: 'Grace' });
  });

  it('rejects an id-token request without a usable email', async () => {
    for (const body of ['{}', '{"email":"not-an-email"}', 'nope', '{"email":"a@b.c","email_verified":"yes"}']) {
      const res = await fetch(`${sim.url}/api/id-token`, { method: 'POST', body });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe('invalid_request');
    }
  });

  it('answers unknown paths with a JSON 404', async () => {
    const res = await fetch(`${sim.url}/nope`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });
});

describe('Google simulator: /gsi/client script', () => {
  async function fetchScript(): Promise<{ type: string | null; text: string }> {
    const res = await fetch(sim.gsiScriptUrl);
    expect(res.status).toBe(200);
    return { type: res.headers.get('content-type'), text: await res.text() };
  }

  it('is served as JavaScript that parses', async () => {
    const { type, text } = await fetchScript();
    expect(type).toBe('application/javascript; charset=utf-8');
    expect(() => new Function(text)).not.toThrow();
    expect(text).toContain(JSON.stringify(sim.url));
    expect(text).not.toContain('__GSI_SIM_ORIGIN__');
    // Nothing a strict CSP without 'unsafe-inline'/'unsafe-eval' would block.
    expect(text).not.toMatch(/\beval\(|new Function|innerHTML|setAttribute\(\s*'(style|on)/);
  });

  it('defines google.accounts.id and calls onGoogleLibraryLoad', async () => {
    const { text } = await fetchScript();
    const loaded: string[] = [];
    const window: Record<string, unknown> = {
      onGoogleLibraryLoad: () => loaded.push('loaded'),
    };
    const context = vm.createContext({
      window,
      document: { currentScript: { src: `${sim.gsiScriptUrl}?hl=en` } },
      console,
      URL,
      fetch,
      setTimeout,
    });
    vm.runInContext(text, context);

    const google = window['google'] as { accounts: { id: Record<string, unknown> } };
    for (const name of ['initialize', 'renderButton', 'prompt', 'cancel', 'disableAutoSelect', 'revoke']) {
      expect(typeof google.accounts.id[name]).toBe('function');
    }
    expect(loaded).toEqual(['loaded']);
  });
});
