import type { ErrorBody } from '@tradelist/contract/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/connection-errors.ts';
import { AppError, validationFailed } from '../errors.ts';

const genericMessage = 'Something went wrong on our side. Please try again.';
const unavailableMessage = 'Tradelist is briefly unavailable. Please try again in a few seconds.';
/** How long a client is asked to wait after a 503 while the database is out of reach. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** Field errors in product §5's `{ field: [messages] }` shape from a failed request validation. */
function fieldsFromValidation(error: FastifyError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.validation ?? []) {
    const params = issue.params as { issue?: { path?: PropertyKey[] } } | undefined;
    const path = params?.issue?.path ?? issue.instancePath.split('/').filter(Boolean);
    const field = path.length > 0 ? String(path[0]) : 'non_field_errors';
    const message = path.length > 0 ? issue.message : 'Expected a JSON object.';
    (fields[field] ??= []).push(message ?? 'Invalid value.');
  }
  return fields;
}

/**
 * The one place errors become HTTP answers: AppError by its code, request
 * validation as VALIDATION_FAILED with field errors, Fastify's own 4xx by status, a database
 * that cannot be reached as a 503 SERVICE_UNAVAILABLE (it passes without a restart), and anything
 * else as a 500 that carries only a request id, never internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (reply.raw.headersSent || reply.raw.destroyed) {
      // The client hung up, or a streamed file failed after its headers went out: no answer can
      // be sent any more. The connection is closed and the event logged.
      const clientLeft = error.code === 'ERR_STREAM_PREMATURE_CLOSE' || reply.raw.destroyed;
      request.log[clientLeft ? 'info' : 'error']({ err: error }, 'streamed answer ended early');
      reply.raw.destroy();
      return;
    }
    let status: number;
    let body: ErrorBody;
    if (error instanceof AppError) {
      status = error.status;
      body = { code: error.code, error: error.message, ...(error.fields ? { fields: error.fields } : {}), ...error.details };
      if (error.retryAfterSeconds) void reply.header('retry-after', String(error.retryAfterSeconds));
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const failure = validationFailed(fieldsFromValidation(error));
      status = failure.status;
      body = { code: failure.code, error: failure.message, fields: failure.fields };
    } else if (error.statusCode === 415) {
      status = 415;
      body = { code: 'UNSUPPORTED_MEDIA_TYPE', error: 'Send the request body as application/json.' };
    } else if (error.statusCode === 413) {
      status = 413;
      body = { code: 'PAYLOAD_TOO_LARGE', error: 'The request is too large.' };
    } else if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      status = 400;
      body = { code: 'VALIDATION_FAILED', error: 'The request could not be read.' };
    } else if (isDatabaseUnavailable(error)) {
      status = 503;
      request.log.warn({ err: error }, 'database unavailable');
      body = { code: 'SERVICE_UNAVAILABLE', error: unavailableMessage };
      void reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    } else {
      status = 500;
      request.log.error({ err: error }, 'unhandled error');
      body = { code: 'INTERNAL', error: genericMessage };
    }
    if (status >= 500) body.request_id = request.id;
    else request.log.info({ code: body.code, status }, 'request refused');
    void reply.code(status).header('cache-control', 'no-store').send(body);
  });
}
