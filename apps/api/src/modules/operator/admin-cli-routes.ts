import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { singleLine } from '@tradelist/contract/fields';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { safeEqual, sha256 } from '../../lib/secrets.ts';
import type { AdminContext } from './services/admin-command.ts';
import { runAdminCommand } from './services/run-admin-command.ts';
import { errorResponses } from '../../http/error-responses.ts';

/** The largest request the operator CLI sends: a supplier file of 100,000+ items, base64. */
export const ADMIN_CLI_BODY_LIMIT = 64 * 1024 * 1024;

const adminCliRequest = z.object({
  argv: z.array(singleLine(z.string().max(4096))).min(1).max(32),
  /** The files named in argv, by the argument that names them, base64. */
  files: z.record(z.string(), z.string()).default({}),
});
const adminCliResponse = z.object({ exit_code: z.number().int(), output: z.string() });

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function isLoopback(request: FastifyRequest): boolean {
  return LOOPBACK.has(request.ip) && LOOPBACK.has(request.socket.remoteAddress ?? '');
}

/**
 * POST /api/admin/cli/: the operator CLI's way in while the server holds the embedded database
 * (issue 3 §1). Registered only when the server has a token (written to DATA_DIR/server.json),
 * outside the browser API's contexts: loopback callers only, `Authorization: Bearer <token>`
 * compared in constant time, no session or XSRF (not a browser call), hidden from OpenAPI. Runs the same `runAdminCommand` as the CLI,
 * with the open database for `backup`.
 */
export async function adminCliRoutes(app: FastifyInstance, ctx: AppContext, options: { token: string | undefined; database?: AdminContext['database'] }): Promise<void> {
  const token = options.token;
  if (!token) return;
  // Hashes compared, so not even the length of the token leaks through timing.
  const expected = sha256(`Bearer ${token}`);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/admin/cli/', {
    bodyLimit: ADMIN_CLI_BODY_LIMIT,
    schema: { hide: true, body: adminCliRequest, response: { 200: adminCliResponse, ...errorResponses(400, 401, 403, 413) } },
    // Checked before the body is read: nobody else gets to upload 64 MB.
    onRequest: async (request) => {
      if (!isLoopback(request)) throw new AppError('FORBIDDEN', 'Operator commands are accepted from this machine only.');
      const authorization = request.headers.authorization;
      if (typeof authorization !== 'string' || authorization === '') throw new AppError('UNAUTHENTICATED', 'The operator token is missing.');
      if (!safeEqual(sha256(authorization), expected)) throw new AppError('FORBIDDEN', 'The operator token is wrong.');
    },
    handler: async (request) => {
      const files = new Map(Object.entries(request.body.files).map(([name, base64]) => [name, new Uint8Array(Buffer.from(base64, 'base64'))]));
      const result = await runAdminCommand({ ...ctx, database: options.database }, request.body.argv, files);
      request.log.info({ command: request.body.argv[0], exitCode: result.exitCode }, 'operator command');
      return { exit_code: result.exitCode, output: result.output };
    },
  });
}
