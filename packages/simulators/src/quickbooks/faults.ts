// QuickBooks' faults: the Accounting API's `Fault` body, the gateway's older lower-case
// envelope (401 and 403) and its XML faults (no token, throttling).
import type { ServerResponse } from 'node:http';
import { escapeHtml } from '../http-helpers.ts';

export interface ErrorDetail {
  Message: string;
  Detail: string;
  code: string;
  element?: string;
}

/** A QuickBooks fault, as a value: the caller decides the HTTP status. */
export class QboFault {
  constructor(
    readonly type: 'ValidationFault' | 'SystemFault' | 'AuthenticationFault' | 'AuthorizationFault',
    readonly errors: ErrorDetail[],
  ) {}

  body(): { Fault: { Error: ErrorDetail[]; type: string } } {
    return { Fault: { Error: this.errors, type: this.type } };
  }
}

/** A ValidationFault with one error. */
export const validation = (code: string, Message: string, Detail: string, element?: string): QboFault =>
  new QboFault('ValidationFault', [{ Message, Detail, code, ...(element ? { element } : {}) }]);

/** Error 2020: a required field is missing. */
export const requiredMissing = (field: string): QboFault =>
  validation('2020', 'Required param missing, need to supply the required value for the API', `Required parameter ${field} is missing in the request`, field);

/** Error 610: no such object. */
export function objectNotFound(): QboFault {
  return validation('610', 'Object Not Found', "Object Not Found : Something you're trying to use has been made inactive. Check the fields with accounts, customers, items, vendors or employees.");
}

/** QuickBooks' answer to a token used for a company it does not open (error 3100, HTTP 403). */
export function applicationAuthorizationFailed(now: number): Record<string, unknown> {
  return gatewayFault('SERVICE', '3100', 'message=ApplicationAuthorizationFailed; errorCode=003100; statusCode=403', null, now);
}

/** The gateway's older envelope: every key lower case, a fault beside empty answer slots. */
export function gatewayFault(type: string, code: string, message: string, detail: string | null, now: number): Record<string, unknown> {
  return {
    warnings: null,
    intuitObject: null,
    fault: { error: [{ message, detail, code, element: null }], type },
    report: null,
    queryResponse: null,
    batchItemResponse: [],
    attachableResponse: [],
    syncErrorResponse: null,
    requestId: null,
    time: now,
    status: null,
    cdcresponse: [],
  };
}

/** A fault in XML, which the gateway answers whatever the request's Accept header. */
export function sendGatewayXmlFault(res: ServerResponse, time: string, status: number, type: string, code: string, message: string, detail: string, headers: Record<string, string> = {}): void {
  const xml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<IntuitResponse xmlns="http://schema.intuit.com/finance/v3" time="${time}"><Fault type="${type}"><Error code="${code}"><Message>${escapeHtml(message)}</Message><Detail>${escapeHtml(detail)}</Detail></Error></Fault></IntuitResponse>`;
  res.writeHead(status, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(xml), 'cache-control': 'no-store', ...headers });
  res.end(xml);
}

/** QuickBooks answers throttling in XML, even to a JSON request. */
export function sendThrottleFault(res: ServerResponse, time: string): void {
  sendGatewayXmlFault(res, time, 429, 'SERVICE', '3001', 'message=ThrottleExceeded; errorCode=003001; statusCode=429', 'The request limit was reached.');
}
