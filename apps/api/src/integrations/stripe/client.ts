import Stripe from 'stripe';
import type { Config } from '../../config/env.ts';

/** How long one Stripe request may take before it counts as failed (the SDK's default is 80 s). */
const STRIPE_TIMEOUT_MS = 20_000;

/**
 * The Stripe SDK configured from the environment: the secret key, and the API base when
 * STRIPE_API_URL points somewhere other than Stripe (its host, port and protocol are the SDK's
 * own options). Null without a key: the payment calls then answer that payments are not set up.
 * The SDK retries a failed request twice with the same idempotency key, so a retried POST
 * creates nothing twice.
 */
export function createStripeClient(config: Pick<Config, 'stripe'>): Stripe | null {
  const { secretKey, apiUrl } = config.stripe;
  if (!secretKey) return null;
  const base = apiUrl ? new URL(apiUrl) : undefined;
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: STRIPE_TIMEOUT_MS,
    appInfo: { name: 'Tradelist' },
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          protocol: base.protocol === 'http:' ? ('http' as const) : ('https' as const),
          port: Number(base.port || (base.protocol === 'http:' ? 80 : 443)),
        }
      : {}),
  });
}

export type { Stripe };
