import type { Config } from './env.ts';

/** Default rate limits (product §11.5; ASVS 2.2.1 allows at most 100 failures/hour). */
export const defaultRateLimits: Config['rateLimits'] = {
  loginPerAccount: { limit: 10, windowSeconds: 15 * 60 },
  loginPerAddress: { limit: 100, windowSeconds: 15 * 60 },
  registerPerAccount: { limit: 5, windowSeconds: 60 * 60 },
  registerPerAddress: { limit: 20, windowSeconds: 60 * 60 },
  resetPerAccount: { limit: 3, windowSeconds: 60 * 60 },
  resetPerAddress: { limit: 20, windowSeconds: 60 * 60 },
  // Exfiltration guard (product §11.11): no one needs more files than this in an hour.
  downloadsPerUser: { limit: 60, windowSeconds: 60 * 60 },
  // The same guard for the markup preview: 600 pages of at most 100 items an hour, enough to
  // scroll and search a list several times, not to copy a 240,000-item edition through it.
  previewPagesPerUser: { limit: 600, windowSeconds: 60 * 60 },
  // Checkouts, confirmations, portal sessions, cancels and refunds each call Stripe: a person
  // needs a handful; a script would spend the account's Stripe rate limit.
  billingCallsPerUser: { limit: 30, windowSeconds: 60 * 60 },
  // Each connect starts an authorization flow (a stored state): a person needs a few.
  providerConnectsPerUser: { limit: 30, windowSeconds: 60 * 60 },
  // Each sync reads the whole list at the provider and spends the company's API limits.
  syncsPerUser: { limit: 60, windowSeconds: 60 * 60 },
  // Each upload is decoded and re-encoded: a person changes their picture a few times, a script
  // would keep the image library busy.
  profilePictureUploadsPerUser: { limit: 20, windowSeconds: 60 * 60 },
  // Each newsletter sign-up may send a mail: a person signs up once or twice, a script would
  // fill someone's mailbox or the list with junk.
  signupFormsPerEmail: { limit: 5, windowSeconds: 60 * 60 },
  signupFormsPerAddress: { limit: 20, windowSeconds: 60 * 60 },
};

/** Multiplies every limit (load tests raise them; 1 is the product's setting). */
export function scaleRateLimits(limits: Config['rateLimits'], scale: number): Config['rateLimits'] {
  return Object.fromEntries(
    Object.entries(limits).map(([name, rule]) => [name, { ...rule, limit: Math.max(1, Math.round(rule.limit * scale)) }]),
  ) as Config['rateLimits'];
}
