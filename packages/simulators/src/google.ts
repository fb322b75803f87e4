// Google Identity Services stand-in: publishes its signing key as a JWKS like
// https://www.googleapis.com/oauth2/v3/certs and as X.509 certificates in PEM like
// https://www.googleapis.com/oauth2/v1/certs (`{ kid: PEM }`, what google-auth-library's
// verifyIdToken reads under Node), signs ID tokens shaped like Google's, and serves a /gsi/client script exposing
// window.google.accounts.id so the web app runs its real sign-in code against it.//
// The parts are in google/: http.ts (the endpoints), id-tokens.ts and certificate.ts.
import { KeyObject, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import { selfSignedCertificate } from './google/certificate.ts';
import { CORS_HEADERS, handleRequest } from './google/http.ts';
import { buildClaims, signIdToken, type SigningKey } from './google/id-tokens.ts';
import { BodyTooLargeError, closeHttpServer, listen, sendJson, urlHost } from './http-helpers.ts';
import { portErrorFor } from './port-error.ts';

export { subjectForEmail } from './google/id-tokens.ts';

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

const GSI_SCRIPT_URL = new URL('./gsi-client.js', import.meta.url);

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
    handleRequest({ simulator, jwks, pemCerts, scriptTemplate }, req, res).catch((err: unknown) => {
      if (res.headersSent) {
        res.destroy();
      } else if (err instanceof BodyTooLargeError) {
        sendJson(res, 413, { error: 'payload_too_large' }, CORS_HEADERS);
      } else {
        sendJson(res, 500, { error: 'internal_error', message: String(err) }, CORS_HEADERS);
      }
    });
  });

  try {
    port = await listen(server, port, host);
  } catch (error) {
    throw portErrorFor('google', host, port, error);
  }
  return simulator;
}
