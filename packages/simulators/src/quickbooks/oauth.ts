// Intuit's OAuth 2.0 endpoints: the consent page where a person picks a sandbox company, the
// token endpoint (codes and rotating refresh tokens) and the revoke endpoint.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml, readBody, sendEmpty, sendHtml, sendJson } from '../http-helpers.ts';
import { basicCredentials, consentDecision, isRedirectUri, parseForm, renderConsentForm, renderPage, withQuery } from '../provider-common.ts';
import { companyOf, type QboContext } from './state.ts';

/** The scope Tradelist asks for. */
export const QBO_ACCOUNTING_SCOPE = 'com.intuit.quickbooks.accounting';

function oauthClientProblem(context: QboContext, params: { get(name: string): string | null }): string | undefined {
  if (params.get('client_id') !== context.clientId) return 'The client_id is not a registered app.';
  const redirectUri = params.get('redirect_uri') ?? undefined;
  if (!isRedirectUri(redirectUri)) return 'The redirect_uri is missing or is not an absolute http(s) URL.';
  if (context.redirectUris && !context.redirectUris.includes(redirectUri)) return 'The redirect_uri is not registered for this app.';
  return undefined;
}

/** The consent page, or the refusal its parameters earn. */
export function authorizePage(context: QboContext, params: URLSearchParams, res: ServerResponse): void {
  const problem = oauthClientProblem(context, params);
  if (problem) {
    sendHtml(res, 400, renderPage('QuickBooks Online simulator', 'Error', `<p class="error">invalid_request: ${escapeHtml(problem)}</p>`));
    return;
  }
  const redirectUri = params.get('redirect_uri') as string;
  const state = params.get('state') ?? '';
  const fail = (error: string): void => sendEmpty(res, 302, { location: withQuery(redirectUri, { error, ...(state ? { state } : {}) }) });
  if (params.get('response_type') !== 'code') return fail('unsupported_response_type');
  const scopes = (params.get('scope') ?? '').split(/\s+/);
  if (!scopes.includes(QBO_ACCOUNTING_SCOPE)) return fail('invalid_scope');
  sendHtml(res, 200, renderPage('QuickBooks Online simulator', 'Connect', renderConsentForm({
    action: '/connect/oauth2',
    appName: 'Tradelist',
    accountLabel: 'Choose the company to connect',
    accounts: context.companies.map((c) => ({ id: c.realmId, name: c.name })),
    hidden: { client_id: context.clientId, redirect_uri: redirectUri, scope: params.get('scope') ?? '', state },
  })));
}

/** The person's choice on the consent page: back to the app with a code, or refused. */
export function authorizeDecision(context: QboContext, form: Record<string, string>, res: ServerResponse): void {
  const outcome = consentDecision({
    form,
    clientId: context.clientId,
    grants: context.grants,
    clientProblem: (params) => oauthClientProblem(context, params),
    accountExists: (realmId) => companyOf(context, realmId) !== undefined,
    callbackParams: (realmId) => ({ realmId }),
  });
  if ('problem' in outcome) {
    sendHtml(res, 400, renderPage('QuickBooks Online simulator', 'Error', `<p class="error">invalid_request: ${escapeHtml(outcome.problem)}</p>`));
    return;
  }
  if (outcome.codeIssued) context.persist(true);
  sendEmpty(res, 302, { location: outcome.location });
}

function clientAuthenticated(context: QboContext, req: IncomingMessage): boolean {
  const credentials = basicCredentials(req.headers.authorization);
  return credentials?.clientId === context.clientId && credentials.clientSecret === context.clientSecret;
}

/** `grant_type` authorization_code or refresh_token, with HTTP Basic client authentication. */
export async function tokenEndpoint(context: QboContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const form = parseForm(await readBody(req, 64 * 1024));
  if (!clientAuthenticated(context, req)) return sendJson(res, 401, { error: 'invalid_client' });
  const grantType = form['grant_type'];
  let result;
  if (grantType === 'authorization_code') {
    if (!form['code'] || !form['redirect_uri']) return sendJson(res, 400, { error: 'invalid_request' });
    result = context.grants.exchangeCode(context.clientId, form['code'], form['redirect_uri']);
  } else if (grantType === 'refresh_token') {
    if (!form['refresh_token']) return sendJson(res, 400, { error: 'invalid_request' });
    result = context.grants.refresh(context.clientId, form['refresh_token']);
  } else {
    return sendJson(res, 400, { error: 'unsupported_grant_type' });
  }
  if (typeof result === 'string') return sendJson(res, 400, { error: result });
  context.persist(true);
  sendJson(res, 200, {
    token_type: 'bearer',
    access_token: result.accessToken,
    expires_in: result.accessExpiresIn,
    refresh_token: result.refreshToken,
    x_refresh_token_expires_in: result.refreshExpiresIn,
  });
}

/** Revokes a token given as JSON or as a form. */
export async function revokeEndpoint(context: QboContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readBody(req, 64 * 1024);
  if (!clientAuthenticated(context, req)) return sendJson(res, 401, { error: 'invalid_client' });
  let token: string | undefined;
  try {
    token = String((JSON.parse(body) as { token?: unknown }).token ?? '') || undefined;
  } catch {
    token = parseForm(body)['token'];
  }
  if (!token) return sendJson(res, 400, { error: 'invalid_request' });
  // Like RFC 7009, an unknown token is answered 200 too: the caller's goal is reached.
  if (context.grants.revoke(token)) context.persist(true);
  sendEmpty(res, 200);
}
