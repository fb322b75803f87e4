import type { ErrorBody, ErrorCode } from '@tradelist/contract/errors';

const statusByCode: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  LINK_INVALID: 400,
  INVALID_CREDENTIALS: 401,
  UNAUTHENTICATED: 401,
  GOOGLE_TOKEN_INVALID: 401,
  ACCOUNT_NOT_ACTIVATED: 403,
  ACCOUNT_DISABLED: 403,
  GOOGLE_EMAIL_NOT_VERIFIED: 403,
  FORBIDDEN: 403,
  NOT_SUBSCRIBED: 403,
  DOWNLOAD_LIMIT_REACHED: 403,
  CSRF_FAILED: 403,
  USER_MISMATCH: 403,
  NOT_FOUND: 404,
  ALREADY_SUBSCRIBED: 409,
  NOTHING_TO_CANCEL: 409,
  REFUND_NOT_ALLOWED: 409,
  WEBHOOK_SIGNATURE_INVALID: 400,
  PAYMENT_PROVIDER_ERROR: 502,
  SYNC_RUNNING: 409,
  NOT_CONNECTED: 409,
  OAUTH_STATE_INVALID: 400,
  INTEGRATION_PROVIDER_ERROR: 502,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  EDITION_RELEASED: 409,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  CONFLICT: 409,
};

/** The one error type: a stable code, a message for people, optional field errors. */
export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string[]>,
    readonly retryAfterSeconds?: number,
    /** Fields of the error body some codes carry (SYNC_RUNNING: the running sync's `sync_id`). */
    readonly details?: Pick<ErrorBody, 'sync_id'>,
  ) {
    super(message);
    this.status = statusByCode[code];
  }
}

/**
 * A 400 with field errors in the `{ field: [messages] }` shape of product §5; its message is the
 * first one as "field: message", as the web client lists them.
 */
export function validationFailed(fields: Record<string, string[]>): AppError {
  const [field, messages] = Object.entries(fields)[0] ?? ['request', ['Invalid request.']];
  return new AppError('VALIDATION_FAILED', `${field}: ${messages[0]}`, fields);
}
