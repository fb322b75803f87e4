import type { RateLimitRule } from '../config/env.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { hitRateLimit } from './rate-limits-repository.ts';

export const rateLimitedMessage = 'Too many attempts. Please wait a while and try again.';

/** Counts one attempt for `key` and reports whether it is within the rule. */
export async function countAttempt(ctx: AppContext, key: string, rule: RateLimitRule): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const now = ctx.clock.now();
  const { count, windowStart } = await hitRateLimit(ctx.db, key, now, rule.windowSeconds);
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + rule.windowSeconds * 1000 - now.getTime()) / 1000));
  return { allowed: count <= rule.limit, retryAfterSeconds };
}

/** Counts one attempt for every key and throws RATE_LIMITED (429, Retry-After) if any is over. */
export async function enforceRateLimits(ctx: AppContext, checks: Array<{ key: string; rule: RateLimitRule }>): Promise<void> {
  let retryAfter = 0;
  for (const check of checks) {
    const result = await countAttempt(ctx, check.key, check.rule);
    if (!result.allowed) retryAfter = Math.max(retryAfter, result.retryAfterSeconds);
  }
  if (retryAfter > 0) throw new AppError('RATE_LIMITED', rateLimitedMessage, undefined, retryAfter);
}
