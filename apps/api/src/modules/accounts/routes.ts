import {
  activateRequest,
  emailOnlyRequest,
  googleLoginRequest,
  googleLoginResponse,
  loginRequest,
  loginResponse,
  meResponse,
  registerRequest,
  resetPasswordRequest,
} from '@tradelist/contract/accounts';
import { messageBody } from '@tradelist/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { finishSession, requireUser, startSession } from '../../security/session-plugin.ts';
import { presentSessionUser } from './presenters/session-user.ts';
import { activateAccount } from './services/activate-account.ts';
import { hasActiveSubscription } from '../billing/services/entitlements.ts';
import { logIn } from './services/log-in.ts';
import { logInWithGoogle } from './services/log-in-with-google.ts';
import { registerUser } from './services/register-user.ts';
import { requestPasswordReset } from './services/request-password-reset.ts';
import { resendActivation } from './services/resend-activation.ts';
import { resetPassword } from './services/reset-password.ts';
import { errorResponses } from '../../http/error-responses.ts';

const tags = ['accounts'];

/** The account calls of SPEC §7, paths and fields exactly as the spec spells them. */
export async function accountRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/register/', {
    schema: { tags, summary: 'Register with email and password', body: registerRequest, response: { 201: messageBody, ...errorResponses(400, 403, 429) } },
    handler: async (request, reply) => reply.code(201).send(await registerUser(ctx, request.body, request.ip)),
  });

  r.post('/api/activate/', {
    schema: { tags, summary: 'Activate an account with the mailed link', body: activateRequest, response: { 200: messageBody, ...errorResponses(400, 403) } },
    handler: async (request) => activateAccount(ctx, request.body),
  });

  r.post('/api/login_page/', {
    schema: { tags, summary: 'Log in with email and password', body: loginRequest, response: { 200: loginResponse, ...errorResponses(400, 401, 403, 429) } },
    handler: async (request, reply) => {
      const user = await logIn(ctx, request.body, request.ip);
      await startSession(ctx, request, reply, user);
      return presentSessionUser(user, { hasActiveSubscription: await hasActiveSubscription(ctx, user.id) });
    },
  });

  r.post('/api/google-login/', {
    schema: { tags, summary: 'Log in or sign up with a Google ID token', body: googleLoginRequest, response: { 200: googleLoginResponse, ...errorResponses(400, 401, 403, 429) } },
    handler: async (request, reply) => {
      const user = await logInWithGoogle(ctx, request.body.token, request.ip);
      await startSession(ctx, request, reply, user);
      return presentSessionUser(user, { hasActiveSubscription: await hasActiveSubscription(ctx, user.id) });
    },
  });

  r.get('/api/logout/', {
    schema: { tags, summary: 'Log out (needs the X-XSRF-TOKEN header)', response: { 204: z.null(), ...errorResponses(403) } },
    handler: async (request, reply) => {
      await finishSession(ctx, request, reply);
      return reply.code(204).send(null);
    },
  });

  r.post('/api/request-password-reset/', {
    schema: { tags, summary: 'Mail a password reset link', body: emailOnlyRequest, response: { 200: messageBody, ...errorResponses(400, 403, 429) } },
    handler: async (request) => requestPasswordReset(ctx, request.body.email, request.ip),
  });

  r.post('/api/reset-password/', {
    schema: { tags, summary: 'Set a new password with the mailed link', body: resetPasswordRequest, response: { 200: messageBody, ...errorResponses(400, 403) } },
    handler: async (request) => resetPassword(ctx, request.body),
  });

  r.post('/api/resend-activation/', {
    schema: { tags, summary: 'Mail the activation link again', body: emailOnlyRequest, response: { 200: messageBody, ...errorResponses(400, 403, 429) } },
    handler: async (request) => resendActivation(ctx, request.body.email, request.ip),
  });

  r.get('/api/me/', {
    schema: { tags, summary: 'The signed-in user', response: { 200: meResponse, ...errorResponses(401, 403) } },
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const user = requireUser(request);
      return presentSessionUser(user, { hasActiveSubscription: await hasActiveSubscription(ctx, user.id) });
    },
  });
}
