// The GraphQL endpoint at /api/graphql: the token, the request limit (429), the version
// header, then the query cost against the account's bucket (THROTTLED) before it runs.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { execute } from 'graphql';
import { readBody, sendJson } from '../http-helpers.ts';
import { bearerToken } from '../provider-common.ts';
import { executionError, jobberSchema, operationCost, prepare } from './graphql.ts';
import { rootValue } from './resolvers.ts';
import { accountOf, type JobberContext } from './state.ts';
import { servedVersion } from './versions.ts';

const RATE_LIMIT_DOCS = 'https://developer.getjobber.com/docs/using_jobbers_api/api_rate_limits';

/** Refills the account's bucket for the time passed and answers it. */
function bucketOf(context: JobberContext, accountId: string): { available: number; at: number } {
  const now = context.clock();
  const bucket = context.buckets.get(accountId) ?? { available: context.limits.maximumAvailable, at: now };
  bucket.available = Math.min(context.limits.maximumAvailable, bucket.available + ((now - bucket.at) / 1000) * context.limits.restoreRate);
  bucket.at = now;
  context.buckets.set(accountId, bucket);
  return bucket;
}

/** Answers one GraphQL request. */
export async function graphqlEndpoint(context: JobberContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  context.stats.requests += 1;
  const body = await readBody(req, 1024 * 1024);
  const grant = context.grants.authenticate(bearerToken(req.headers.authorization) ?? '');
  if (!grant) {
    return sendJson(res, 401, { error: 'invalid_request', error_description: 'The access token is missing, invalid, expired or revoked.' }, { 'www-authenticate': 'Bearer realm="Jobber", error="invalid_token"' });
  }
  if (!context.requestWindow.take(`${grant.clientId}|${grant.account}`)) {
    context.stats.throttled += 1;
    return sendJson(res, 429, { errors: [{ message: 'Too many requests', extensions: { code: 'TOO_MANY_REQUESTS', documentation: RATE_LIMIT_DOCS } }] });
  }
  const version = req.headers['x-jobber-graphql-version'];
  if (typeof version !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(version)) {
    return sendJson(res, 400, { errors: [{ message: 'The X-JOBBER-GRAPHQL-VERSION header is required: send the API version as YYYY-MM-DD.', extensions: { code: 'MISSING_API_VERSION' } }] });
  }
  if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
    return sendJson(res, 415, { errors: [{ message: 'Content-Type must be application/json.' }] });
  }
  const target = accountOf(context, grant.account);
  if (!target) return sendJson(res, 401, { error: 'invalid_request', error_description: 'The account of this token no longer exists.' });

  const bucket = bucketOf(context, target.id);
  const served = servedVersion(version, context.clock());
  const cost = (requested: number, actual: number | null): Record<string, unknown> => ({
    cost: {
      requestedQueryCost: requested,
      actualQueryCost: actual,
      throttleStatus: { maximumAvailable: context.limits.maximumAvailable, currentlyAvailable: Math.floor(bucket.available), restoreRate: context.limits.restoreRate },
    },
    versioning: served,
  });

  let request: { query?: unknown; variables?: unknown; operationName?: unknown };
  try {
    request = JSON.parse(body) as typeof request;
  } catch {
    return sendJson(res, 200, { errors: [{ message: 'The request body is not valid JSON.' }], extensions: cost(0, 0) });
  }
  if (typeof request?.query !== 'string') return sendJson(res, 200, { errors: [{ message: 'No query string was present' }], extensions: cost(0, 0) });
  const variables = typeof request.variables === 'object' && request.variables !== null ? (request.variables as Record<string, unknown>) : {};

  const prepared = prepare(request.query, variables, typeof request.operationName === 'string' ? request.operationName : undefined);
  if ('errors' in prepared) return sendJson(res, 200, { errors: prepared.errors, extensions: cost(0, 0) });
  const requested = operationCost(prepared);
  if (requested > bucket.available) {
    context.stats.throttled += 1;
    return sendJson(res, 200, { errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: RATE_LIMIT_DOCS } }], extensions: cost(requested, null) });
  }
  const result = await execute({ schema: jobberSchema, document: prepared.document, rootValue: rootValue(context, target, grant), variableValues: prepared.variables, operationName: prepared.operation.name?.value });
  const data = (result.data ?? null) as Record<string, unknown> | null;
  // Jobber takes the points once the query has resolved: what it actually read.
  const actual = operationCost(prepared, data);
  bucket.available = Math.max(0, bucket.available - actual);
  sendJson(res, 200, { data, ...(result.errors ? { errors: result.errors.map(executionError) } : {}), extensions: cost(requested, actual) });
}
