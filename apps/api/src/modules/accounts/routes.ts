import { api } from '@tradelist/contract/api';
import type { ApiModule } from '../../http/contexts.ts';
import { registerEndpoint } from '../../http/endpoints.ts';
import { finishSession, requireUser, startSession } from '../../security/session-plugin.ts';
import { hasActiveSubscription } from '../billing/services/entitlements.ts';
import { presentSessionUser } from './presenters/session-user.ts';
import { activateAccount } from './services/activate-account.ts';
import { completeOnboarding } from './services/complete-onboarding.ts';
import { logIn } from './services/log-in.ts';
import { logInWithGoogle } from './services/log-in-with-google.ts';
import { registerUser } from './services/register-user.ts';
import { requestPasswordReset } from './services/request-password-reset.ts';
import { resendActivation } from './services/resend-activation.ts';
import { resetPassword } from './services/reset-password.ts';

const calls = api.accounts;

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
};
