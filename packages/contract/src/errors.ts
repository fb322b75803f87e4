import { z } from 'zod';

/**
 * Stable error codes. The server answers every failure with one of these; the web client maps
 * them to the exact messages of product §8 where the spec names one.
 */
export const errorCodes = [
  'VALIDATION_FAILED',
  'INVALID_CREDENTIALS',
  'ACCOUNT_NOT_ACTIVATED',
  'ACCOUNT_DISABLED',
  'LINK_INVALID',
  'GOOGLE_TOKEN_INVALID',
  'GOOGLE_EMAIL_NOT_VERIFIED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'CSRF_FAILED',
  'USER_MISMATCH',
  'RATE_LIMITED',
  'NOT_SUBSCRIBED',
  'DOWNLOAD_LIMIT_REACHED',
  'NOT_FOUND',
  'ALREADY_SUBSCRIBED',
  'NOTHING_TO_CANCEL',
  'REFUND_NOT_ALLOWED',
  'WEBHOOK_SIGNATURE_INVALID',
  'PAYMENT_PROVIDER_ERROR',
  'SYNC_RUNNING',
  'NOT_CONNECTED',
  'OAUTH_STATE_INVALID',
  'INTEGRATION_PROVIDER_ERROR',
  'METHOD_NOT_ALLOWED',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'EDITION_RELEASED',
  'INTERNAL',
  /** The database (or another part the call needs) cannot be reached for a moment: try again shortly. */
  'SERVICE_UNAVAILABLE',
  /** The change contradicts the current state (the last operator, a draw already made, an account already disabled). */
  'CONFLICT',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/**
 * The one error body. `error` is the human-readable message (product §7/§8 read an "error field");
 * `fields` lists field errors as `{ field: [messages] }` (product §5: shown as "field: first message").
 */
export const errorBody = z.object({
  code: z.enum(errorCodes),
  error: z.string(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
  request_id: z.string().optional(),
  /** SYNC_RUNNING: the sync already running for this user and provider. */
  sync_id: z.number().int().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** Plain `{ message }` answer of product §7 (activate, reset request, reset). */
export const messageBody = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof messageBody>;
