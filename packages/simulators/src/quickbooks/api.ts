// The Accounting API v3 under /v3/company/{realmId}/: the gateway (token, company, limits),
// then query, read, create and update of items and accounts, and batch.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { readBody, sendJson } from '../http-helpers.ts';
import { bearerToken } from '../provider-common.ts';
import { applicationAuthorizationFailed, gatewayFault, objectNotFound, QboFault, requiredMissing, sendGatewayXmlFault, sendThrottleFault, validation } from './faults.ts';
import { runQuery } from './query.ts';
import { companyOf, timeOf, type Company, type QboContext } from './state.ts';
import { write } from './writes.ts';

/** Answers one Accounting API request. */
export async function apiRequest(context: QboContext, req: IncomingMessage, res: ServerResponse, realmId: string, rest: string, params: URLSearchParams): Promise<void> {
  context.stats.requests += 1;
  const body = req.method === 'POST' ? await readBody(req, 4 * 1024 * 1024) : '';
  const presented = bearerToken(req.headers.authorization);
  const grant = presented ? context.grants.authenticate(presented) : undefined;
  if (!grant) {
    // Intuit's gateway answers a request without a bearer token in XML (error 100), and a token
    // it does not accept (expired, revoked, unknown) in its lower-case envelope (error 3200).
    const headers = { 'www-authenticate': 'Bearer realm="Intuit", error="invalid_token"' };
    if (!presented) return sendGatewayXmlFault(res, timeOf(context), 401, 'AuthenticationFault', '100', 'General Authentication Error', 'AuthenticationErrorGeneral: SRV-110-Authentication Failure , statusCode: 401', headers);
    return sendJson(res, 401, gatewayFault('AUTHENTICATION', '3200', 'message=AuthenticationFailed; errorCode=003200; statusCode=401', null, context.clock()), headers);
  }
  const target = companyOf(context, realmId);
  // A company the token was not granted (another one, or no company at all): QuickBooks answers
  // 403 with error 3100, in its older envelope (lower-case keys, type SERVICE), whatever the call.
  if (!target || grant.account !== realmId) return sendJson(res, 403, applicationAuthorizationFailed(context.clock()));
  const isBatch = rest === 'batch';
  const running = context.inFlight.get(realmId) ?? 0;
  if (running >= context.limits.concurrentRequests || !context.perMinute.take(realmId) || (isBatch && !context.batchPerMinute.take(realmId))) {
    context.stats.throttled += 1;
    return sendThrottleFault(res, timeOf(context));
  }
  context.inFlight.set(realmId, running + 1);
  try {
    if (context.latencyMs > 0) await delay(context.latencyMs);
    const [status, answer] = routeApi(context, target, req.method ?? 'GET', rest, params, body);
    sendJson(res, status, { ...answer, time: timeOf(context) });
  } finally {
    context.inFlight.set(realmId, (context.inFlight.get(realmId) ?? 1) - 1);
  }
}

function routeApi(context: QboContext, target: Company, method: string, rest: string, params: URLSearchParams, body: string): [number, Record<string, unknown>] {
  const asFault = (fault: QboFault): [number, Record<string, unknown>] => [400, fault.body()];
  if (rest === 'query' && (method === 'GET' || method === 'POST')) {
    const text = method === 'GET' ? params.get('query') ?? '' : body;
    const answer = runQuery(target, text, context.limits.maxResults);
    return answer instanceof QboFault ? asFault(answer) : [200, { QueryResponse: answer }];
  }
  const read = /^(item|account|companyinfo)\/([^/]+)$/.exec(rest);
  if (read && method === 'GET') {
    if (read[1] === 'companyinfo') {
      if (read[2] !== target.realmId) return asFault(objectNotFound());
      return [200, { CompanyInfo: { CompanyName: target.name, LegalName: target.name, Country: 'US', Id: target.realmId, SyncToken: '0', domain: 'QBO' } }];
    }
    const list = read[1] === 'item' ? target.items : target.accounts;
    const found = list.find((e) => e.Id === read[2]);
    if (!found) return asFault(objectNotFound());
    return [200, { [read[1] === 'item' ? 'Item' : 'Account']: found }];
  }
  if ((rest === 'item' || rest === 'account') && method === 'POST') {
    const input = parseJsonObject(body);
    if (input instanceof QboFault) return asFault(input);
    const kind = rest === 'item' ? 'Item' : 'Account';
    const result = write(context, target, kind, input['Id'] === undefined ? 'create' : 'update', input);
    return result instanceof QboFault ? asFault(result) : [200, { [kind]: result }];
  }
  if (rest === 'batch' && method === 'POST') {
    const input = parseJsonObject(body);
    if (input instanceof QboFault) return asFault(input);
    const answer = runBatch(context, target, input['BatchItemRequest']);
    return answer instanceof QboFault ? asFault(answer) : [200, { BatchItemResponse: answer }];
  }
  return asFault(validation('4000', 'Unsupported Operation', `Operation ${method} ${rest} is not supported.`));
}

function runBatch(context: QboContext, target: Company, requests: unknown): Record<string, unknown>[] | QboFault {
  if (!Array.isArray(requests) || requests.length === 0) return requiredMissing('BatchItemRequest');
  if (requests.length > context.limits.maxBatchItems) {
    return validation('1001', 'Batch Size Exceeded', `The batch has ${requests.length} operations; at most ${context.limits.maxBatchItems} are allowed.`, 'BatchItemRequest');
  }
  const ids = new Set<string>();
  for (const request of requests as Record<string, unknown>[]) {
    const bId = typeof request?.['bId'] === 'string' ? request['bId'] : '';
    if (!bId) return requiredMissing('bId');
    if (ids.has(bId)) return validation('1002', 'Duplicate bId', `bId ${bId} is used more than once.`, 'bId');
    ids.add(bId);
  }
  // Operations run one after another, in order, as QuickBooks does.
  return (requests as Record<string, unknown>[]).map((request) => {
    const bId = request['bId'] as string;
    const reply = (result: Record<string, unknown> | QboFault): Record<string, unknown> =>
      result instanceof QboFault ? { Fault: result.body().Fault, bId } : { ...result, bId };
    if (typeof request['Query'] === 'string') {
      const answer = runQuery(target, request['Query'], context.limits.maxResults);
      return reply(answer instanceof QboFault ? answer : { QueryResponse: answer });
    }
    const kind = request['Item'] !== undefined ? 'Item' : request['Account'] !== undefined ? 'Account' : undefined;
    const operation = request['operation'];
    const entity = kind ? request[kind] : undefined;
    if (!kind || typeof entity !== 'object' || entity === null || Array.isArray(entity)) return reply(requiredMissing('Item'));
    if (operation !== 'create' && operation !== 'update') {
      return reply(validation('4000', 'Unsupported Operation', `Operation ${String(operation)} is not supported for ${kind}; deactivate with Active false.`, 'operation'));
    }
    const result = write(context, target, kind, operation, entity as Record<string, unknown>);
    return reply(result instanceof QboFault ? result : { [kind]: result });
  });
}

function parseJsonObject(body: string): Record<string, unknown> | QboFault {
  try {
    const value = JSON.parse(body) as unknown;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // answered below
  }
  return validation('2010', 'Request has invalid or unsupported property', 'The request body must be a JSON object.');
}
