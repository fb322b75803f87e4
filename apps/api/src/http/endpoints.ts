import type { Access, BodyOf, Endpoint, ParamsOf, QueryOf, ResponseOf } from '@tradelist/contract/endpoint';
import { errorBody } from '@tradelist/contract/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod, RouteShorthandOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

declare module 'fastify' {
  interface FastifyInstance {
    /** Who may call the routes of this context (set by http/contexts.ts). */
    endpointAccess: Access | null;
  }
  interface FastifyContextConfig {
    /** The contract definition the route was registered from. */
    endpoint?: Endpoint;
  }
}

/** The request a handler of `E` receives: params, query and body already parsed by the contract. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: ParamsOf<E>;
  Querystring: QueryOf<E>;
  Body: BodyOf<E>;
}>;

/** A handler answers the call's success body, or sends its own answer (a file) and returns the reply. */
export type EndpointHandler<E extends Endpoint> = (request: EndpointRequest<E>, reply: FastifyReply) => Promise<ResponseOf<E> | FastifyReply>;

/** Route options a definition does not carry: server-side limits and early checks. */
export type EndpointRouteOptions = Pick<RouteShorthandOptions, 'bodyLimit' | 'onRequest'>;

/** The OpenAPI security requirement of each access level (schemes declared in app.ts). */
const securityByAccess: Record<Access, Array<Record<string, string[]>>> = {
  public: [],
  user: [{ session: [] }],
  operator: [{ session: ['operator'] }],
  webhook: [{ providerSignature: [] }],
};

const accessDescription: Record<Access, string> = {
  public: 'Anyone may call it.',
  user: 'Needs a signed-in user (401 otherwise).',
  operator: 'Needs a signed-in operator (401 for a visitor, 403 for any other user).',
  webhook: "Called by a provider; checked by the provider's signature, not a session.",
};

/**
 * Registers one contract call in the given context. The context must be the one of the call's
 * access level: a call registered in the wrong context is a programming error caught at boot.
 */
export function registerEndpoint<E extends Endpoint>(scope: FastifyInstance, endpoint: E, handler: EndpointHandler<E>, options: EndpointRouteOptions = {}): void {
  if (scope.endpointAccess !== endpoint.access) {
    throw new Error(`${endpoint.method} ${endpoint.path} is a ${endpoint.access} call but was registered in the ${scope.endpointAccess ?? 'root'} context`);
  }
  const errors = Object.fromEntries(endpoint.errors.map((status) => [status, errorBody]));
  scope.route({
    ...options,
    method: endpoint.method,
    url: endpoint.path,
    config: { endpoint },
    schema: {
      tags: [endpoint.tag],
      summary: endpoint.summary,
      description: accessDescription[endpoint.access],
      security: securityByAccess[endpoint.access],
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { ...endpoint.response, ...errors },
    },
    handler: handler as unknown as RouteHandlerMethod,
  });
}

/**
 * How OpenAPI prints a route: the contract's zod schemas as JSON Schema, and for an upload call
 * its multipart/form-data body with the one file field (read by the route itself, so Fastify
 * never validates a body there), so clients and the fuzz tests can tell the upload calls apart.
 */
export const openApiTransform: typeof jsonSchemaTransform = (data) => {
  const transformed = jsonSchemaTransform(data);
  const upload = data.route.config?.endpoint?.upload;
  if (!upload) return transformed;
  const file = { type: 'string', format: 'binary', description: `The file, at most ${upload.maxBytes} bytes.` };
  return {
    ...transformed,
    schema: { ...transformed.schema, consumes: ['multipart/form-data'], body: { type: 'object', required: [upload.field], properties: { [upload.field]: file } } },
  };
};
