import { z } from 'zod';
import { subscriptionSummary } from './billing.ts';
import { idField, singleLine } from './fields.ts';
import { softwareNames } from './sync.ts';

/**
 * The operator console's overview, users and signups (product §10.13): request and response
 * shapes of their calls under /api/operator/.
 */

/** GET /api/operator/overview/: the figures the console opens with. */
export const operatorOverview = z.object({
  /** The first day of the month the monthly figures count from (UTC), `YYYY-MM-DD`. */
  month_start: z.string(),
  users: z.object({ total: z.number().int(), activated: z.number().int(), disabled: z.number().int() }),
  subscribers: z.object({ total: z.number().int(), paid: z.number().int(), complimentary: z.number().int() }),
  /** The yearly amount of every paid subscription running now, at its plan's price, in cents. */
  revenue_per_year_cents: z.number().int(),
  downloads_this_month: z.number().int(),
  syncs_this_month: z.number().int(),
  /** People (not clicks) at each step of the buying path this month. */
  funnel: z.object({
    subscriptions_page_opened: z.number().int(),
    checkout_started: z.number().int(),
    paid: z.number().int(),
  }),
  signups: z.object({ newsletter: z.number().int(), draw: z.number().int(), setup_calls: z.number().int() }),
});
export type OperatorOverview = z.infer<typeof operatorOverview>;

/** Rows per page of the user search and the signup lists. */
export const OPERATOR_PAGE_SIZE = 25;

const pageField = z.coerce.number().int().min(1).max(100_000).default(1);

/** `GET /api/operator/users/?q=&page=`: by email or name, any part, case-insensitive. */
export const userSearchQuery = z.object({
  q: singleLine(z.string().trim().max(254)).default(''),
  page: pageField,
});

export const userListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['user', 'operator']),
  is_verified: z.boolean(),
  is_disabled: z.boolean(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
  /** The plan of the subscription that entitles the user now, if any. */
  plan_name: z.string().nullable(),
});
export type UserListItem = z.infer<typeof userListItem>;

export const userSearchResponse = z.object({
  users: z.array(userListItem),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});

export const operatorUserParams = z.object({ id: idField('A valid user id is required.') });

const subscriptionRecord = z.object({
  id: z.number().int(),
  plan_name: z.string(),
  status: z.enum(['active', 'canceled', 'past_due', 'expired']),
  source: z.enum(['complimentary', 'stripe_subscription', 'one_time_payment']),
  auto_renew: z.boolean(),
  period_start: z.string(),
  current_period_start: z.string(),
  period_end: z.string(),
  canceled_at: z.string().nullable(),
});

const paymentRecord = z.object({
  id: z.number().int(),
  kind: z.enum(['first', 'renewal', 'one_time']),
  amount_cents: z.number().int(),
  currency: z.string(),
  paid_at: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  refunded_at: z.string().nullable(),
  /** The payment can be refunded at the payment provider (paid online, not refunded yet). */
  refundable: z.boolean(),
});

/** GET /api/operator/users/{id}/: everything support needs about one user, never a secret. */
export const operatorUserDetail = z.object({
  account: z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    google_email: z.string().nullable(),
    role: z.enum(['user', 'operator']),
    is_verified: z.boolean(),
    is_disabled: z.boolean(),
    is_onboarded: z.boolean(),
    update1: z.boolean(),
    update2: z.boolean(),
    has_password: z.boolean(),
    created_at: z.string(),
    last_login_at: z.string().nullable(),
  }),
  onboarding: z
    .object({
      software: z.string(),
      team_size: z.string(),
      referral_source: z.string(),
      phone_number: z.string().nullable(),
      can_contact: z.boolean(),
      answered_at: z.string(),
    })
    .nullable(),
  /** The subscription that entitles the user now, as the user's own subscriptions screen shows it. */
  subscription: subscriptionSummary.nullable(),
  /** The refund rule's verdict on the current subscription: null when it allows a refund. */
  refund_rule_refusal: z.string().nullable(),
  subscriptions: z.array(subscriptionRecord),
  payments: z.array(paymentRecord),
  syncs: z.array(
    z.object({
      id: z.number().int(),
      provider: z.enum(softwareNames),
      edition: z.string(),
      status: z.enum(['queued', 'running', 'succeeded', 'failed']),
      total: z.number().int(),
      created: z.number().int(),
      updated: z.number().int(),
      failed: z.number().int(),
      queued_at: z.string(),
      finished_at: z.string().nullable(),
    }),
  ),
  connections: z.array(
    z.object({
      provider: z.enum(softwareNames),
      status: z.enum(['connected', 'disconnected']),
      account_name: z.string().nullable(),
      connected_at: z.string(),
      disconnected_reason: z.string().nullable(),
    }),
  ),
});
export type OperatorUserDetail = z.infer<typeof operatorUserDetail>;

/** An action's answer: what it did, in words, and the user as it stands now. */
export const operatorUserActionResponse = z.object({ message: z.string(), user: operatorUserDetail });
export type OperatorUserActionResponse = z.infer<typeof operatorUserActionResponse>;

/** POST /api/operator/users/{id}/complimentary-subscription/ */
export const grantComplimentaryRequest = z.object({
  days: z.coerce.number({ error: 'Enter a number of days.' }).int({ error: 'Enter a whole number of days.' }).min(1, { error: 'Enter at least 1 day.' }).max(3650, { error: 'Enter at most 3650 days.' }).default(365),
});

/** The field error of a refund outside the rule without a reason. */
export const exceptionReasonMessage = 'Write why this refund is made outside the rule (at least 10 characters).';

const reasonField = singleLine(z.string().trim().max(1000, { error: 'Ensure this field has no more than 1000 characters.' }));

/**
 * POST /api/operator/users/{id}/refund/: `by: 'rule'` refunds the current subscription's renewal
 * by the refund rule; `by: 'exception'` refunds any payment made online (`payment_id`), with a
 * written `reason`.
 */
export const operatorRefundRequest = z
  .object({
    by: z.enum(['rule', 'exception'], { error: 'Choose how to refund: by the rule or as an exception.' }),
    payment_id: idField('Choose the payment to refund.').optional(),
    reason: reasonField.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.by !== 'exception') return;
    if (value.payment_id === undefined) ctx.addIssue({ code: 'custom', path: ['payment_id'], message: 'Choose the payment to refund.' });
    if ((value.reason ?? '').length < 10) ctx.addIssue({ code: 'custom', path: ['reason'], message: exceptionReasonMessage });
  });
export type OperatorRefundRequest = z.infer<typeof operatorRefundRequest>;

/** POST /api/operator/users/{id}/disable/: the reason is kept in the audit log. */
export const disableUserRequest = z.object({ reason: reasonField.default('') });

/** Newsletter, draw and setup-call lists: `?page=`. */
export const signupListQuery = z.object({ page: pageField });

const pagedList = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), page_size: z.number().int() });

export const newsletterListResponse = pagedList(
  z.object({ id: z.number().int(), email: z.string(), subscribed_at: z.string(), unsubscribed_at: z.string().nullable() }),
);

export const drawWinner = z.object({
  id: z.number().int(),
  email: z.string(),
  drawn_at: z.string(),
  drawn_by: z.string(),
  entries: z.number().int(),
});
export type DrawWinner = z.infer<typeof drawWinner>;

export const drawListResponse = pagedList(z.object({ id: z.number().int(), email: z.string(), signed_up_at: z.string() })).extend({
  /** Every winner drawn so far, newest first. */
  winners: z.array(drawWinner),
});

export const setupCallListResponse = pagedList(
  z.object({ id: z.number().int(), name: z.string(), email: z.string(), phone: z.string().nullable(), preferred_time: z.string(), requested_at: z.string() }),
);

/**
 * POST /api/operator/signups/draw/winner/: draws one winner among the entries. Once a winner
 * is drawn, another draw needs `again: true` and picks among the entries that have not won.
 */
export const drawWinnerRequest = z.object({ again: z.boolean().default(false) });
export const drawWinnerResponse = z.object({ message: z.string(), winner: drawWinner });

/** The media type of the signup exports. */
export const CSV_MEDIA_TYPE = 'text/csv';
