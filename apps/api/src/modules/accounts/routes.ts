import { api } from '@tradelist/contract/api';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { ApiModule, WebhookVerifier } from '../../http/contexts.ts';
import { registerEndpoint, type EndpointRouteOptions } from '../../http/endpoints.ts';
import { finishSession, requireUser, startSession } from '../../security/session-plugin.ts';
import { hasActiveSubscription } from '../billing/index.ts';
import { presentSessionUser } from './presenters/session-user.ts';
import { activateAccount } from './services/activate-account.ts';
import { completeOnboarding } from './services/complete-onboarding.ts';
import { deleteAccount } from './services/delete-account.ts';
import { exportPersonalData } from './services/export-data.ts';
import { requireOwnAccount } from './services/own-account.ts';
import { unsubscribe, unsubscribeConfirmation } from './services/unsubscribe.ts';
import { updateSettings } from './services/update-settings.ts';
import { logIn } from './services/log-in.ts';
import { logInWithGoogle } from './services/log-in-with-google.ts';
import { registerUser } from './services/register-user.ts';
import { requestPasswordReset } from './services/request-password-reset.ts';
import { resendActivation } from './services/resend-activation.ts';
import { resetPassword } from './services/reset-password.ts';

const calls = api.accounts;

/**
 * product §11.8, before anything else about the request is looked at: a signed-in user naming
 * another account's id is refused with 403 whatever the body holds, so neither a validation
 * message nor a 404 tells anything about that id. The handler checks again on the parsed id.
 */
const ownAccountFirst: EndpointRouteOptions = {
  onRequest: async (request) => {
    const id = (request.params as { id?: string }).id;
    const signedIn = request.auth.user;
    if (signedIn && id !== undefined && /^[1-9][0-9]{0,9}$/.test(id)) requireOwnAccount(signedIn, Number(id));
  },
};

/** The account calls of product §7: registration, activation, sign-in, password reset, the session's user. */
export const accountRoutes: ApiModule = (contexts, ctx) => {
  const { public: open, user } = contexts;

  registerEndpoint(open, calls.register, async (request, reply) => reply.code(201).send(await registerUser(ctx, request.body, request.ip)));

  registerEndpoint(open, calls.activate, async (request) => activateAccount(ctx, request.body));

  registerEndpoint(open, calls.logIn, async (request, reply) => {
    const signedIn = await logIn(ctx, request.body, request.ip);
    await startSession(ctx, request, reply, signedIn);
    return presentSessionUser(signedIn, { hasActiveSubscription: await hasActiveSubscription(ctx, signedIn.id) });
  });

  registerEndpoint(open, calls.logInWithGoogle, async (request, reply) => {
    const signedIn = await logInWithGoogle(ctx, request.body.token, request.ip);
    await startSession(ctx, request, reply, signedIn);
    return presentSessionUser(signedIn, { hasActiveSubscription: await hasActiveSubscription(ctx, signedIn.id) });
  });

  registerEndpoint(open, calls.logOut, async (request, reply) => {
    await finishSession(ctx, request, reply);
    return reply.code(204).send(null);
  });

  registerEndpoint(open, calls.requestPasswordReset, async (request) => requestPasswordReset(ctx, request.body.email, request.ip));

  registerEndpoint(open, calls.resetPassword, async (request) => resetPassword(ctx, request.body));

  registerEndpoint(open, calls.resendActivation, async (request) => resendActivation(ctx, request.body.email, request.ip));

  registerEndpoint(user, calls.completeOnboarding, async (request) => completeOnboarding(ctx, requireUser(request).id, request.body));

  registerEndpoint(user, calls.me, async (request) => {
    const signedIn = requireUser(request);
    return presentSessionUser(signedIn, { hasActiveSubscription: await hasActiveSubscription(ctx, signedIn.id) });
  });

  registerEndpoint(
    user,
    calls.updateSettings,
    async (request) => {
      const { update1, update2, ...rest } = request.body;
      const change = { ...rest, wants_edition_emails: update1, wants_product_news: update2 };
      return updateSettings(ctx, requireOwnAccount(requireUser(request), request.params.id), change, { cookieValue: request.auth.cookieValue, clientAddress: request.ip });
    },
    ownAccountFirst,
  );

  registerEndpoint(user, calls.deleteAccount, async (request, reply) => {
    const owner = requireOwnAccount(requireUser(request), request.params.id);
    const done = await deleteAccount(ctx, owner, { cookieValue: request.auth.cookieValue, clientAddress: request.ip }, request.body?.current_password);
    // The sessions died with the account; the browser also gets a fresh anonymous cookie and
    // is told to drop this origin's stored data (product §4.6).
    await finishSession(ctx, request, reply);
    return done;
  }, ownAccountFirst);

  registerEndpoint(user, calls.exportData, async (request, reply) => {
    const owner = requireOwnAccount(requireUser(request), request.params.id);
    const file = await exportPersonalData(ctx, owner.id);
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'no-store')
      .send(file.json);
  }, ownAccountFirst);
};

function sendPage(reply: FastifyReply, html: string): FastifyReply {
  return reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

/**
 * The unsubscribe link's token is its own signature (mail/unsubscribe.ts), checked by the
 * service; there is no provider header to check before it.
 */
export const unsubscribeVerifier: WebhookVerifier = () => {};

/**
 * The one-click unsubscribe of product §10.14, in a context of its own beside the browser API
 * (docs/decisions/0014): a mail client's RFC 8058 POST carries no session and no XSRF token, and
 * the signed, user- and kind-bound token in the path is what authorises it.
 */
export function unsubscribeRoutes(scope: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(scope, calls.unsubscribePage, async (request, reply) => sendPage(reply, unsubscribeConfirmation(ctx, request.params.token)));
  registerEndpoint(scope, calls.unsubscribe, async (request, reply) => sendPage(reply, await unsubscribe(ctx, request.params.token)));
}
