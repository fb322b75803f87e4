// The Google simulator's HTTP side: the published keys (JWKS and PEM), the sign-in script, the
// test endpoint that issues ID tokens, the discovery document and CORS for the browser.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendEmpty, sendJson } from '../http-helpers.ts';
import { GOOGLE_ISSUER, type GoogleSimulator } from '../google.ts';
import { parseClaims } from './id-tokens.ts';

const ORIGIN_PLACEHOLDER = "'__GSI_SIM_ORIGIN__'";

/** What the handlers answer with. */
export interface GoogleContext {
  readonly simulator: GoogleSimulator;
  readonly jwks: { keys: unknown[] };
  readonly pemCerts: Record<string, string>;
  /** The sign-in script, its origin still a placeholder. */
  readonly scriptTemplate: string;
}

/** Answers one request. */
export async function handleRequest(context: GoogleContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { simulator, jwks, pemCerts, scriptTemplate } = context;
  const baseUrl = (): string => simulator.url;
  const clientId = simulator.clientId;
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

/** Every answer may be read by the web app, another origin. */
export const CORS_HEADERS: Record<string, string> = { 'access-control-allow-origin': '*' };

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
