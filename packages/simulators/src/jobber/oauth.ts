// Jobber's OAuth endpoints: the consent page (a declined consent returns with no parameters)
// and the token endpoint, whose refresh tokens rotate; access tokens are JWTs carrying their expiry.
import { createHmac } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml, readBody, sendEmpty, sendHtml, sendJson } from '../http-helpers.ts';
import { basicCredentials, consentDecision, isRedirectUri, parseForm, randomToken, renderConsentForm, renderPage, withQuery, type Clock, type Grant } from '../provider-common.ts';
import { accountOf, type JobberContext } from './state.ts';

/** A JWT like Jobber's access tokens, so a client can read its expiry; its other claims are undocumented, so the account is not among them. */
export function accessJwt(clock: Clock, signingKey: string, grant: Grant, expiresAt: number): string {
  const part = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: grant.id, app_id: grant.clientId, iat: Math.floor(clock() / 1000), exp: Math.floor(expiresAt / 1000), jti: randomToken(12) })}`;
  return `${body}.${createHmac('sha256', signingKey).update(body).digest('base64url')}`;
}

function clientProblem(context: JobberContext, params: URLSearchParams): string | undefined {
  if (params.get('client_id') !== context.clientId) return 'Client authentication failed due to unknown client.';
  const redirectUri = params.get('redirect_uri') ?? undefined;
  if (!isRedirectUri(redirectUri) || (context.redirectUris && !context.redirectUris.includes(redirectUri))) return 'The redirect uri included is not valid.';
  return undefined;
}

function errorPage(res: ServerResponse, message: string): void {
  sendHtml(res, 400, renderPage('Jobber simulator', 'Error', `<p class="error">${escapeHtml(message)}</p>`));
}

/** The consent page, or the refusal its parameters earn. */
export function authorizePage(context: JobberContext, params: URLSearchParams, res: ServerResponse): void {
  const problem = clientProblem(context, params);
  if (problem) return errorPage(res, problem);
  const redirectUri = params.get('redirect_uri') as string;
  const state = params.get('state') ?? '';
  if (params.get('response_type') !== 'code') {
    sendEmpty(res, 302, { location: withQuery(redirectUri, { error: 'unsupported_response_type', ...(state ? { state } : {}) }) });
    return;
  }
  sendHtml(res, 200, renderPage('Jobber simulator', 'Allow access', renderConsentForm({
    action: '/api/oauth/authorize',
    appName: 'Tradelist',
    accountLabel: 'Choose the Jobber account to connect',
    accounts: context.accounts.map((a) => ({ id: a.id, name: a.name })),
    hidden: { client_id: context.clientId, redirect_uri: redirectUri, state },
  })));
}

/** The person's choice on the consent page: back to the app with a code, or without parameters when declined. */
export function authorizeDecision(context: JobberContext, form: Record<string, string>, res: ServerResponse): void {
  const outcome = consentDecision({ form, clientId: context.clientId, grants: context.grants, clientProblem: (params) => clientProblem(context, params), accountExists: (id) => accountOf(context, id) !== undefined, declineWithoutParameters: true });
  if ('problem' in outcome) return errorPage(res, outcome.problem);
  if (outcome.codeIssued) context.persist(true);
  sendEmpty(res, 302, { location: outcome.location });
}

/** Code exchange and refresh, the answer worded as `tokenAnswer` says. */
export async function tokenEndpoint(context: JobberContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const form = parseForm(await readBody(req, 64 * 1024));
  const basic = basicCredentials(req.headers.authorization);
  const id = form['client_id'] ?? basic?.clientId;
  const secret = form['client_secret'] ?? basic?.clientSecret;
  if (id !== context.clientId || secret !== context.clientSecret) {
    return sendJson(res, 401, { error: 'invalid_client', error_description: 'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.' });
  }
  let result;
  if (form['grant_type'] === 'authorization_code' && form['code']) {
    result = context.grants.exchangeCode(context.clientId, form['code'], form['redirect_uri']);
  } else if (form['grant_type'] === 'refresh_token' && form['refresh_token']) {
    result = context.grants.refresh(context.clientId, form['refresh_token']);
  } else if (form['grant_type'] === 'authorization_code' || form['grant_type'] === 'refresh_token') {
    return sendJson(res, 400, { error: 'invalid_request', error_description: 'The request is missing a required parameter.' });
  } else {
    return sendJson(res, 400, { error: 'unsupported_grant_type', error_description: 'The authorization grant type is not supported by the authorization server.' });
  }
  if (typeof result === 'string') {
    return sendJson(res, 400, { error: 'invalid_grant', error_description: 'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.' });
  }
  context.persist(true);
  const answer: Record<string, unknown> = { access_token: result.accessToken, refresh_token: result.refreshToken };
  if (context.tokenAnswer === 'expires_in') answer['expires_in'] = result.accessExpiresIn;
  // Jobber's refresh answer: "expires_at": "2026-11-25 23:59:59 UTC" (refresh_token_rotation).
  if (context.tokenAnswer === 'documented' && form['grant_type'] === 'refresh_token') answer['expires_at'] = `${new Date(context.clock() + result.accessExpiresIn * 1000).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
  sendJson(res, 200, answer);
}
