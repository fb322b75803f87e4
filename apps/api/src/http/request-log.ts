import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Config } from '../config/env.ts';

/**
 * Fastify's two lines per request ("incoming request", "request completed") at debug level
 * outside production: a developer's console then shows start-up, warnings and errors instead of
 * every asset the browser loads (LOG_LEVEL=debug brings them back). In production they stay at
 * info, one JSON line each for the operator. Failed requests keep Fastify's error level.
 */
export function requestLogController(env: Config['env']): LogController {
  const level = env === 'production' ? 'info' : 'debug';
  class RequestLogController extends LogController {
    override incomingRequest(request: FastifyRequest): void {
      if (this.isLogDisabled(request)) return;
      request.log[level]({ req: request }, 'incoming request');
    }

    override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
      if (error) return super.requestCompleted(error, request, reply);
      if (this.isLogDisabled(request)) return;
      reply.log[level]({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
  return new RequestLogController();
}
