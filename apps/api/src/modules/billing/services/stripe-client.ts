import Stripe from 'stripe';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../errors.ts';

/** The Stripe SDK, or the answer that payments are not set up on this server (no STRIPE_SECRET_KEY). */
export function requireStripe(ctx: Pick<AppContext, 'stripe'>): Stripe {
  if (!ctx.stripe) throw new AppError('PAYMENT_PROVIDER_ERROR', 'Payments are not set up on this server yet. Please contact support.');
  return ctx.stripe;
}

/**
 * Runs a call a user is waiting for: a Stripe failure (down, timed out, refused) becomes a clear
 * 502 for the user, and the details go to the log only.
 */
export async function withStripe<T>(ctx: Pick<AppContext, 'log'>, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Stripe.errors.StripeError) {
      ctx.log.error({ err: { type: error.type, code: error.code, statusCode: error.statusCode, message: error.message, requestId: error.requestId } }, `Stripe refused or failed: ${what}`);
      throw new AppError('PAYMENT_PROVIDER_ERROR', 'The payment service could not be reached. Please try again in a moment.');
    }
    throw error;
  }
}
