import { XSRF_HEADER_NAME, xsrfCookieName } from '@tradelist/contract/public-config';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/env.ts';
import type { AppContext } from '../context.ts';
import type { User } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { hmac, randomToken, safeEqual } from '../lib/secrets.ts';
import { createSession, endSession, resolveSession, SESSION_ABSOLUTE_SECONDS } from './sessions.ts';

/** product §7: the client copies this cookie into the X-XSRF-TOKEN header (over http; see xsrfCookie). */
export const XSRF_COOKIE = xsrfCookieName(false);
export const XSRF_HEADER = XSRF_HEADER_NAME.toLowerCase();
const USER_EMAIL_HEADER = 'x-user-email';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling: the session's user (null when signed out) and the session cookie value. */
    auth: { user: User | null; cookieValue: string };
  }
}

/** The session cookie's name: `__Host-` prefixed (Secure, no Domain, Path=/) over https. */
export function sessionCookieName(config: Config): string {
  return config.isHttps ? '__Host-tl_session' : 'tl_session';
}

/** The XSRF cookie's name: `__Host-` prefixed over https, like the session cookie. */
export function xsrfCookie(ctx: AppContext): string {
  return xsrfCookieName(ctx.config.isHttps);
}

/**
 * The signed double-submit token (OWASP CSRF cheat sheet): a nonce and the HMAC of the session
 * cookie value with it, so a token minted for another session, or planted by a sibling site,
 * does not verify.
 */
export function xsrfTokenFor(ctx: AppContext, cookieValue: string): string {
  const nonce = randomToken(16);
  return `${nonce}.${hmac(ctx.config.sessionSecret, `xsrf|${cookieValue}|${nonce}`)}`;
}

function isXsrfTokenValid(ctx: AppContext, cookieValue: string, token: string): boolean {
  const [nonce, mac, extra] = token.split('.');
  if (!nonce || !mac || extra !== undefined) return false;
  return safeEqual(mac, hmac(ctx.config.sessionSecret, `xsrf|${cookieValue}|${nonce}`));
}

function setSessionCookies(ctx: AppContext, reply: FastifyReply, cookieValue: string, persistent: boolean): void {
  const common = { path: '/', sameSite: 'lax' as const, secure: ctx.config.isHttps };
  const maxAge = persistent ? SESSION_ABSOLUTE_SECONDS : undefined;
  reply.setCookie(sessionCookieName(ctx.config), cookieValue, { ...common, httpOnly: true, maxAge });
  reply.setCookie(xsrfCookie(ctx), xsrfTokenFor(ctx, cookieValue), { ...common, httpOnly: false, maxAge });
}

/** Signs the user in on this response: a new session (the old one ends) and a new XSRF token. */
export async function startSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, user: User): Promise<void> {
  if (request.auth.user) await endSession(ctx, request.auth.cookieValue);
  const cookieValue = await createSession(ctx, user.id, {
    userAgent: request.headers['user-agent'] ?? null,
    ip: request.ip,
  });
  request.auth = { user, cookieValue };
  setSessionCookies(ctx, reply, cookieValue, true);
}

/**
 * Signs out: the session row is deleted, the browser gets a fresh anonymous cookie pair, and
 * Clear-Site-Data tells it to drop this origin's cookies and stored data (product §11.2), so
 * nothing of the signed-in user stays on a shared machine.
 */
export async function finishSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await endSession(ctx, request.auth.cookieValue);
  const cookieValue = randomToken();
  request.auth = { user: null, cookieValue };
  setSessionCookies(ctx, reply, cookieValue, false);
  void reply.header('clear-site-data', '"cookies", "storage"');
}

/** The signed-in user, or 401: every dashboard call starts with this. */
export function requireUser(request: FastifyRequest): User {
  const user = request.auth.user;
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue.');
  return user;
}

/**
 * Resolves the session on every call of the browser API (http/contexts.ts), gives a visitor without cookies an
 * anonymous session value and an XSRF token, and guards unsafe calls: the X-XSRF-TOKEN header
 * must equal the cookie and verify against this session; cross-site requests are refused; and a
 * request whose X-User-Email names someone else than the session's user gets 403.
 */
export function registerSession(app: FastifyInstance, ctx: AppContext): void {
  const cookieName = sessionCookieName(ctx.config);
  const xsrfName = xsrfCookie(ctx);
  const appOrigin = new URL(ctx.config.appUrl).origin;
  app.decorateRequest('auth', null as unknown as FastifyRequest['auth']);

  app.addHook('onRequest', async (request, reply) => {
    const existing = request.cookies[cookieName];
    if (existing && existing.length >= 32 && existing.length <= 64) {
      const user = await resolveSession(ctx, existing);
      request.auth = { user, cookieValue: existing };
      const xsrf = request.cookies[xsrfName];
      if (!xsrf || !isXsrfTokenValid(ctx, existing, xsrf)) {
        setSessionCookies(ctx, reply, existing, user !== null);
      }
      return;
    }
    const cookieValue = randomToken();
    request.auth = { user: null, cookieValue };
    setSessionCookies(ctx, reply, cookieValue, false);
  });

  app.addHook('preValidation', async (request) => {
    // Logout changes state although product §7 makes it a GET (its definition says so); Fastify
    // also answers HEAD with the GET handler, so such a route is guarded whatever the method.
    const changesState = request.routeOptions.config.endpoint?.needsXsrfToken === true;
    if (UNSAFE_METHODS.has(request.method) || changesState) {
      if (request.headers['sec-fetch-site'] === 'cross-site') {
        throw new AppError('CSRF_FAILED', 'Cross-site requests are not allowed.');
      }
      const origin = request.headers.origin;
      if (origin !== undefined && origin !== appOrigin) {
        throw new AppError('CSRF_FAILED', 'Requests from another site are not allowed.');
      }
      const header = request.headers[XSRF_HEADER];
      const cookie = request.cookies[xsrfName];
      if (
        typeof header !== 'string' ||
        !cookie ||
        !safeEqual(header, cookie) ||
        !isXsrfTokenValid(ctx, request.auth.cookieValue, header)
      ) {
        throw new AppError('CSRF_FAILED', 'Your session has expired. Please reload the page and try again.');
      }
    }
    const claimed = request.headers[USER_EMAIL_HEADER];
    const user = request.auth.user;
    if (typeof claimed === 'string' && claimed.trim() !== '' && user) {
      if (claimed.trim().toLowerCase() !== user.email.toLowerCase()) {
        throw new AppError('USER_MISMATCH', 'This request names another user than the one signed in.');
      }
    }
  });
}
