// Google Identity Services stand-in: publishes its signing key as a JWKS like
// https://www.googleapis.com/oauth2/v3/certs and as X.509 certificates in PEM like
// https://www.googleapis.com/oauth2/v1/certs (`{ kid: PEM }`, what google-auth-library's
// verifyIdToken reads under Node), signs ID tokens shaped like Google's, and serves a /gsi/client script exposing
// window.google.accounts.id so the web app runs its real sign-in code against it.
import { createHash, KeyObject, randomBytes, sign } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import {
  BodyTooLargeError,
  closeHttpServer,
  listen,
  readBody,
  sendEmpty,
  sendJson,
  urlHost,
} from './http-helpers.ts';
import { portErrorFor } from './port-error.ts';

export const DEFAULT_GOOGLE_CLIENT_ID = 'tradelist-local.apps.googleusercontent.com';
export const GOOGLE_ISSUER = 'https://accounts.google.com';

/** Claims a test (or the chooser dialog) can choose; everything else is filled in like Google does. */
export interface IdTokenClaims {
  email: string;
  name?: string;
  /** Default true. */
  email_verified?: boolean;
  /** Default: a stable 21-digit id derived from the lowercased email. */
  sub?: string;
  /** Default: the simulator's client id. Also used as `azp`. */
  aud?: string;
  /** Default 'https://accounts.google.com'. */
  iss?: string;
  /** Default 3600; zero or negative gives an already expired token. */
  expiresInSeconds?: number;
  /** Seconds from now to `nbf`; by default `nbf` is five minutes before `iat`, as in Google's tokens. */
  notBeforeInSeconds?: number;
  picture?: string;
  /** Echoed like Google does when `nonce` was passed to initialize(). */
  nonce?: string;
  /** Google Workspace domain; Google sets it only for Workspace accounts. */
  hd?: string;
}

export interface GoogleSimulatorOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 'tradelist-local.apps.googleusercontent.com'. */
  clientId?: string;
}

export interface GoogleSimulator {
  /** Base URL, e.g. http://127.0.0.1:3030 */
  readonly url: string;
  /** `{url}/oauth2/v3/certs`: pass to jose createRemoteJWKSet. */
  readonly certsUrl: string;
  /** `{url}/oauth2/v1/certs`: `{ kid: PEM certificate }`, google-auth-library's `oauth2FederatedSignonPemCertsUrl`. */
  readonly pemCertsUrl: string;
  /** `{url}/gsi/client`: load in place of https://accounts.google.com/gsi/client. */
  readonly gsiScriptUrl: string;
  readonly clientId: string;
  /** Key id of the published signing key. */
  readonly kid: string;
  /** Signs an ID token with the published key. */
  issueIdToken(claims: IdTokenClaims): Promise<string>;
  /**
   * Signs an otherwise valid ID token with a key that is not published. By default the header
   * carries the published `kid`, so verifiers must fail on the signature itself.
   */
  issueIdTokenWithUnknownKey(claims: IdTokenClaims, options?: { kid?: string }): Promise<string>;
  close(): Promise<void>;
}

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
}

const GSI_SCRIPT_URL = new URL('./gsi-client.js', import.meta.url);
const ORIGIN_PLACEHOLDER = "'__GSI_SIM_ORIGIN__'";

/** Starts the Google simulator; resolves once it accepts connections. */
export async function startGoogleSimulator(
  options: GoogleSimulatorOptions = {},
): Promise<GoogleSimulator> {
  const host = options.host ?? '127.0.0.1';
  const clientId = options.clientId ?? DEFAULT_GOOGLE_CLIENT_ID;

  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomBytes(20).toString('hex');
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const jwks = { keys: [publicJwk] };
  const pemCerts = { [kid]: selfSignedCertificate(KeyObject.from(privateKey), KeyObject.from(publicKey), Date.now()) };
  const signingKey: SigningKey = { kid, privateKey };

  let foreignKey: CryptoKey | null = null;
  const scriptTemplate = await readFile(GSI_SCRIPT_URL, 'utf8');

  let port = options.port ?? 0;
  const baseUrl = (): string => `http://${urlHost(host)}:${port}`;

  const issue = (claims: IdTokenClaims, key: SigningKey): Promise<string> =>
    signIdToken(buildClaims(claims, clientId), key);

  const simulator: GoogleSimulator = {
    get url() {
      return baseUrl();
    },
    get certsUrl() {
      return `${baseUrl()}/oauth2/v3/certs`;
    },
    get pemCertsUrl() {
      return `${baseUrl()}/oauth2/v1/certs`;
    },
    get gsiScriptUrl() {
      return `${baseUrl()}/gsi/client`;
    },
    clientId,
    kid,
    issueIdToken: (claims) => issue(claims, signingKey),
    issueIdTokenWithUnknownKey: async (claims, opts = {}) => {
      foreignKey ??= (await generateKeyPair('RS256')).privateKey;
      return issue(claims, { kid: opts.kid ?? kid, privateKey: foreignKey });
    },
    close: () => closeHttpServer(server),
  };

  const server = createServer((req, res) => {
    handleRequest(req, res).catch((err: unknown) => {
      if (res.headersSent) {
        res.destroy();
      } else if (err instanceof BodyTooLargeError) {
        sendJson(res, 413, { error: 'payload_too_large' }, CORS_HEADERS);
      } else {
        sendJson(res, 500, { error: 'internal_error', message: String(err) }, CORS_HEADERS);
      }
    });
  });

  async function handleRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://google.local').pathname;
    const method = req.method ?? 'GET';

    if (method === 'OPTIONS') {
      sendEmpty(res, 204, preflightHeaders(req));
      return;
    }
    const isRead = method === 'GET' || method === 'HEAD';

    if (path === '/oauth2/v3/certs' && isRead) {
      sendJson(res, 200, jwks, { ...CORS_HEADERS, 'cache-control': 'public, max-age=3600' });
      return;
    }
    if (path === '/oauth2/v1/certs' && isRead) {
      sendJson(res, 200, pemCerts, { ...CORS_HEADERS, 'cache-control': 'public, max-age=3600' });
      return;
    }
    if (path === '/gsi/client' && isRead) {
      const script = scriptTemplate.replace(ORIGIN_PLACEHOLDER, () => JSON.stringify(baseUrl()));
      res.writeHead(200, {
        ...CORS_HEADERS,
        'content-type': 'application/javascript; charset=utf-8',
        'content-length': Buffer.byteLength(script),
        'cache-control': 'no-cache',
        // Lets pages with Cross-Origin-Embedder-Policy load the script from this other origin.
        'cross-origin-resource-policy': 'cross-origin',
        'x-content-type-options': 'nosniff',
      });
      res.end(method === 'HEAD' ? undefined : script);
      return;
    }
    if (path === '/api/id-token') {
      if (method !== 'POST') {
        sendJson(res, 405, { error: 'method_not_allowed' }, { ...CORS_HEADERS, allow: 'POST, OPTIONS' });
        return;
      }
      const parsed = parseClaims(await readBody(req, 64 * 1024));
      if (typeof parsed === 'string') {
        sendJson(res, 400, { error: 'invalid_request', message: parsed }, CORS_HEADERS);
        return;
      }
      sendJson(res, 200, { credential: await simulator.issueIdToken(parsed) }, CORS_HEADERS);
      return;
    }
    if (path === '/.well-known/openid-configuration' && isRead) {
      sendJson(res, 200, {
        issuer: GOOGLE_ISSUER,
        jwks_uri: simulator.certsUrl,
        response_types_supported: ['id_token'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        claims_supported: [
          'aud', 'email', 'email_verified', 'exp', 'family_name', 'given_name', 'iat', 'iss',
          'name', 'picture', 'sub',
        ],
      }, CORS_HEADERS);
      return;
    }
    if (path === '/' && isRead) {
      sendJson(res, 200, {
        name: 'Google Identity Services simulator',
        clientId,
        certsUrl: simulator.certsUrl,
        pemCertsUrl: simulator.pemCertsUrl,
        gsiScriptUrl: simulator.gsiScriptUrl,
        idTokenUrl: `${baseUrl()}/api/id-token`,
      }, CORS_HEADERS);
      return;
    }
    sendJson(res, 404, { error: 'not_found' }, CORS_HEADERS);
  }

  try {
    port = await listen(server, port, host);
  } catch (error) {
    throw portErrorFor('google', host, port, error);
  }
  return simulator;
}

const CORS_HEADERS: Record<string, string> = { 'access-control-allow-origin': '*' };

function preflightHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {
    ...CORS_HEADERS,
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    'access-control-allow-headers': req.headers['access-control-request-headers'] ?? 'content-type',
    'access-control-max-age': '600',
  };
  // Chrome's Private Network Access preflight, for pages served from a non-loopback address.
  if (req.headers['access-control-request-private-network'] === 'true') {
    headers['access-control-allow-private-network'] = 'true';
  }
  return headers;
}

/** Fills in a Google-shaped ID token payload, in the field order Google uses. */
function buildClaims(claims: IdTokenClaims, clientId: string): Record<string, unknown> {
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

function signIdToken(payload: Record<string, unknown>, key: SigningKey): Promise<string> {
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
    .sign(key.privateKey);
}

// ---- A self-signed X.509 certificate (DER by hand: node:crypto verifies certificates but does not make them)

function der(tag: number, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const length = body.length < 0x80 ? Buffer.from([body.length]) : (() => {
    const bytes: number[] = [];
    for (let n = body.length; n > 0; n >>= 8) bytes.unshift(n & 0xff);
    return Buffer.from([0x80 | bytes.length, ...bytes]);
  })();
  return Buffer.concat([Buffer.from([tag]), length, body]);
}

function derOid(oid: string): Buffer {
  const [first = 0, second = 0, ...rest] = oid.split('.').map(Number);
  const bytes = [first * 40 + second];
  for (const part of rest) {
    const chunk = [part & 0x7f];
    for (let n = part >> 7; n > 0; n >>= 7) chunk.unshift(0x80 | (n & 0x7f));
    bytes.push(...chunk);
  }
  return der(0x06, Buffer.from(bytes));
}

function derUtcTime(ms: number): Buffer {
  const text = new Date(ms).toISOString().replace(/[-:T]/g, '').slice(2, 14);
  return der(0x17, Buffer.from(`${text}Z`, 'ascii'));
}

/**
 * A certificate for the signing key, valid from a day before `now` for two weeks, subject and
 * issuer the same common name; signed with SHA-256 and RSA like Google's.
 */
function selfSignedCertificate(privateKey: KeyObject, publicKey: KeyObject, now: number): string {
  const sha256WithRsa = der(0x30, derOid('1.2.840.113549.1.1.11'), der(0x05));
  const name = der(0x30, der(0x31, der(0x30, derOid('2.5.4.3'), der(0x0c, Buffer.from('federated-signon.system.gserviceaccount.com')))));
  const serial = der(0x02, Buffer.concat([Buffer.from([0x01]), randomBytes(8)]));
  const tbs = der(
    0x30,
    der(0xa0, der(0x02, Buffer.from([0x02]))),
    serial,
    sha256WithRsa,
    name,
    der(0x30, derUtcTime(now - 86_400_000), derUtcTime(now + 14 * 86_400_000)),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
  );
  const signature = sign('sha256', tbs, privateKey);
  const certificate = der(0x30, tbs, sha256WithRsa, der(0x03, Buffer.concat([Buffer.from([0x00]), signature])));
  const lines = certificate.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}

/** Stable Google-style subject: 21 digits starting with 1, derived from the lowercased email. */
export function subjectForEmail(email: string): string {
  const digest = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
  const digits = (BigInt(`0x${digest}`) % 10n ** 20n).toString().padStart(20, '0');
  return `1${digits}`;
}

/** Validates a JSON body for POST /api/id-token; returns an error message when it is unusable. */
function parseClaims(body: string): IdTokenClaims | string {
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
