import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { registerSession, requireUser } from '../security/session-plugin.ts';

/** The Fastify contexts routes are registered in, one per access level of the contract. */
export interface ApiContexts {
  public: FastifyInstance;
  user: FastifyInstance;
  /**
   * Calls of a signed-in user that upload a file: the same checks as `user`, and the only context
   * that also reads multipart/form-data (product §7.1). Each route reads its file itself, within
   * the limits of its contract definition.
   */
  userUploads: FastifyInstance;
  operator: FastifyInstance;
  /** Operator calls that upload a file (an edition's supplier file, a post's images, a guide PDF): `operator` plus multipart. */
  operatorUploads: FastifyInstance;
}

/** What an API module registers: its routes, each in the context of its access level. */
export type ApiModule = (contexts: ApiContexts, ctx: AppContext) => void | Promise<void>;

/** A provider's check of a webhook request: throws an AppError when the signature is wrong. */
export type WebhookVerifier = (rawBody: Buffer, headers: Record<string, string | string[] | undefined>) => void | Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The unparsed body of a webhook call, exactly as the provider signed it. */
    rawBody?: Buffer;
  }
}

/**
 * The browser-facing API: one encapsulated context that resolves the session and checks the
 * XSRF token and X-User-Email (security/session-plugin.ts), and accepts JSON only (a text/plain
 * body is what a cross-site form can send without a preflight). Inside it, child contexts:
 * public calls, calls of a signed-in user (401 otherwise), the same for uploads (multipart bodies
 * are read only in the two upload contexts), operator calls and operator uploads (403 for anyone else, checked on the server). The checks run in preValidation, after the XSRF check and before
 * the body is parsed into anything.
 */
export async function registerBrowserApi(app: FastifyInstance, ctx: AppContext, modules: ApiModule[]): Promise<void> {
  await app.register(async (api) => {
    api.removeContentTypeParser('text/plain');
    registerSession(api, ctx);

    const contexts: Partial<ApiContexts> = {};
    await api.register(async (scope) => {
      scope.decorate('endpointAccess', 'public');
      contexts.public = scope;
    });
    await api.register(async (scope) => {
      scope.decorate('endpointAccess', 'user');
      scope.addHook('preValidation', async (request) => {
        requireUser(request);
      });
      contexts.user = scope;
    });
    await api.register(async (scope) => {
      scope.decorate('endpointAccess', 'user');
      scope.addHook('preValidation', async (request) => {
        requireUser(request);
      });
      // No whole-request limits here: a route states its own (bodyLimit, the file's size).
      await scope.register(fastifyMultipart, { limits: { files: 1, fields: 4, parts: 5, fieldSize: 1024 } });
      contexts.userUploads = scope;
    });
    await api.register(async (scope) => {
      scope.decorate('endpointAccess', 'operator');
      scope.addHook('preValidation', async (request) => {
        if (requireUser(request).role !== 'operator') throw new AppError('FORBIDDEN', 'This page is for operators only.');
      });
      contexts.operator = scope;
    });
    await api.register(async (scope) => {
      scope.decorate('endpointAccess', 'operator');
      scope.addHook('preValidation', async (request) => {
        if (requireUser(request).role !== 'operator') throw new AppError('FORBIDDEN', 'This page is for operators only.');
      });
      await scope.register(fastifyMultipart, { limits: { files: 1, fields: 8, parts: 9, fieldSize: 4096 } });
      contexts.operatorUploads = scope;
    });
    // The child contexts exist once their plugin functions ran; routes are added to them now.
    const ready = contexts as ApiContexts;
    for (const registerModule of modules) await registerModule(ready, ctx);
  });
}

/**
 * A provider's webhook context, beside (not inside) the browser API: no session, no XSRF token,
 * the body kept raw for the signature check, which runs before the handler sees anything.
 */
export async function registerWebhookContext(app: FastifyInstance, verify: WebhookVerifier, register: (scope: FastifyInstance) => void | Promise<void>): Promise<void> {
  await app.register(async (scope) => {
    scope.decorate('endpointAccess', 'webhook');
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (request, body, done) => {
      request.rawBody = body as Buffer;
      done(null, body);
    });
    scope.addHook('preValidation', async (request) => {
      await verify(request.rawBody ?? Buffer.alloc(0), request.headers);
    });
    await register(scope);
  });
}
