import { errorBody } from '@tradelist/contract/errors';

/** Response schemas for the given error statuses, so OpenAPI lists how each call can fail. */
export function errorResponses(...statuses: number[]): Record<number, typeof errorBody> {
  return Object.fromEntries(statuses.map((status) => [status, errorBody]));
}
