import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

/** Users of the product (product §3 session fields plus what accounts need). */
export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string | null;
  google_subject: string | null;
  is_verified: Generated<boolean>;
  is_active: Generated<boolean>;
  is_onboarded: Generated<boolean>;
  update1: Generated<boolean>;
  update2: Generated<boolean>;
  role: Generated<'user' | 'operator'>;
  password_changed_at: Timestamp | null;
  last_login_at: Timestamp | null;
  /** The user's customer at Stripe, once they have paid. */
  stripe_customer_id: Generated<string | null>;
  /** The Google address of an account that signs in with Google (the Connections tab). */
  google_email: Generated<string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Server-side sessions; only the SHA-256 of the cookie value is stored. */
export interface SessionsTable {
  id_hash: string;
  user_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  user_agent: string | null;
  ip: string | null;
}

/** Single-use links (activation, password reset); only the SHA-256 of the token is stored. */
export interface UserTokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: 'activate' | 'reset' | 'confirm_email';
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  /** The new address a `confirm_email` link confirms (the pending address of an email change). */
  email: Generated<string | null>;
  /** What a registration of a never-activated account's address asks for, applied when its own link is used. */
  password_hash: Generated<string | null>;
  name: Generated<string | null>;
}

/** The durable job queue. */
export interface JobsTable {
  id: Generated<number>;
  queue: string;
  payload: Json<unknown>;
  state: Generated<'queued' | 'active' | 'completed' | 'failed'>;
  attempts: Generated<number>;
  max_attempts: number;
  run_at: Timestamp;
  locked_until: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  completed_at: Timestamp | null;
  /** Set when the same logical job must be queued once: unique per queue while the row exists. */
  idempotency_key: Generated<string | null>;
  /** The worker (`host/pid`) that claimed the job last. */
  claimed_by: Generated<string | null>;
}

/** Scheduled work: one row per task, claimed by one process of the cluster per period. */
export interface JobSchedulesTable {
  name: string;
  next_run_at: Timestamp;
  last_run_at: Timestamp | null;
  last_run_by: string | null;
}

/**
 * Every email the product sends, written in the same transaction as the change that causes it.
 * The bodies hold live links, so they are removed once the mail is sent or abandoned (null).
 */
export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string | null;
  html_body: string | null;
  message_id: string;
  kind: string;
  /** Extra headers (the one-click unsubscribe of RFC 8058); dropped with the bodies. */
  headers: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
  status: Generated<'pending' | 'sent' | 'abandoned'>;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
}

/** The `jti` of each Google ID token used to sign in, kept until the token expires (no replay). */
export interface GoogleTokenUsesTable {
  jti: string;
  expires_at: Timestamp;
  used_at: Timestamp;
}

/** A user's onboarding answers (product §2 onboarding dialog). */
export interface OnboardingAnswersTable {
  user_id: number;
  software: string;
  team_size: string;
  referral_source: string;
  phone_number: string | null;
  can_contact: boolean;
  answered_at: Timestamp;
}

/** Fixed-window counters for rate limits, shared by every API process. */
export interface RateLimitsTable {
  key: string;
  window_start: Timestamp;
  count: number;
}

/** A product line; every category has its own list (product §3 Category). */
export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  slug: string;
  tagline: string | null;
  /** A site path (an uploaded image); shown for the category's editions without their own. */
  image: Generated<string | null>;
  is_free: Generated<boolean>;
  is_announced: Generated<boolean>;
  position: Generated<number>;
  created_at: Timestamp;
}

/** One dated edition of a category's list (product §3 Collection). */
export interface CollectionsTable {
  id: Generated<number>;
  category_id: number;
  collection_id: string;
  name: string;
  /** A calendar date as 'YYYY-MM-DD' (text, so no time zone can shift it). */
  rundate: string;
  image: string | null;
  is_free: Generated<boolean>;
  item_count: Generated<number>;
  created_at: Timestamp;
}

/** One item of an edition; cost in integer cents. */
export interface ProductsTable {
  id: Generated<number>;
  collection_id: number;
  sku: string;
  name: string;
  description: Generated<string>;
  unit: string;
  group_name: string;
  cost_cents: number;
  manufacturer_part_number: string | null;
  upc: string | null;
}

/** A user's markups per band and tax, in basis points (null = empty = 0 %), and the two texts. */
export interface UserFactorsTable {
  user_id: number;
  markup1_10_bp: number | null;
  markup11_20_bp: number | null;
  markup21_50_bp: number | null;
  markup51_150_bp: number | null;
  markup151_500_bp: number | null;
  markup501_bp: number | null;
  tax_bp: number | null;
  inventory_option: Generated<string>;
  income_type: Generated<string>;
  updated_at: Timestamp;
}

/**
 * What can be bought (product §3 Subscription plan). A paid plan is sold two ways (product §9): with
 * auto-renew, a subscription on the recurring price that renews every `billing_interval`; without,
 * a one-time payment on the one-time price for `period_months` months. `download_max_per_period`
 * limits the downloads of paid editions in each period.
 */
export interface PlansTable {
  id: Generated<number>;
  slug: string;
  name: string;
  description: string;
  /** What one payment costs (the whole year for the annual plan), in cents. */
  price_cents: number;
  regular_price_cents: number | null;
  /** 'none' for a free plan (nothing to pay, no period); 'year' goes with 12 months, 'month' with 1. */
  billing_interval: 'none' | 'month' | 'year';
  /** The length of one paid period; null for a free plan. */
  period_months: number | null;
  download_max_per_period: number;
  stripe_product_id: Generated<string | null>;
  stripe_price_id_recurring: string | null;
  stripe_price_id_one_time: string | null;
  is_free: Generated<boolean>;
  is_active: Generated<boolean>;
  /** Sort order of the pricing cards and the subscriptions screen. */
  position: Generated<number>;
}

/**
 * A user's right to paid editions. It began at `period_start` (editions current since then count
 * as bought); its current period runs from `current_period_start` to `period_end`, and the
 * downloads of that period count against the plan's maximum. A renewal or an extended grant
 * starts a new period.
 */
export interface SubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  plan_id: number;
  /** past_due: a renewal payment failed and Stripe is retrying the card (access continues, decision 0012). */
  status: 'active' | 'canceled' | 'past_due' | 'expired';
  period_start: Timestamp;
  current_period_start: Timestamp;
  period_end: Timestamp;
  auto_renew: Generated<boolean>;
  source: 'complimentary' | 'stripe_subscription' | 'one_time_payment';
  stripe_subscription_id: Generated<string | null>;
  /** The Checkout Session of a one-time purchase (each is applied once). */
  stripe_checkout_session_id: Generated<string | null>;
  canceled_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * Every download started: feeds quotas, support and the refund rule. A row is 'reserved' while
 * its file is being sent (it holds a place against the maximum until `reserved_until`, so a
 * process killed mid-file frees it), then 'completed' or 'aborted'. Only completed rows and live
 * reservations of a period (`subscription_id`, `period_start`) count.
 */
export interface DownloadLogTable {
  id: Generated<number>;
  user_id: number | null;
  collection_id: number;
  subscription_id: number | null;
  /** The subscription's `current_period_start` when the download began; null for free editions. */
  period_start: Timestamp | null;
  format: string;
  layout: string;
  status: Generated<'reserved' | 'completed' | 'aborted'>;
  reserved_until: Timestamp | null;
  finished_at: Timestamp | null;
  created_at: Timestamp;
}

/**
 * What the markup preview showed of a paid edition in one subscription period: the product ids
 * shown (a multirange, read and written as its text form) and how many distinct products that
 * is. The refund rule counts a large share as use of the list (decision 0021).
 */
export interface PreviewViewsTable {
  subscription_id: number;
  period_start: Timestamp;
  collection_id: number;
  user_id: number;
  products_shown: string;
  distinct_shown: number;
  first_shown_at: Timestamp;
  last_shown_at: Timestamp;
}

/** Webhook events of payment providers already received; each is processed once. */
export interface ProcessedProviderEventsTable {
  id: Generated<number>;
  provider: string;
  event_id: string;
  type: string;
  received_at: Timestamp;
  processed_at: Timestamp | null;
}

/** A payment Stripe took: the first of a subscription, a renewal, or a one-time purchase. */
export interface PaymentsTable {
  id: Generated<number>;
  user_id: number | null;
  subscription_id: number | null;
  kind: 'first' | 'renewal' | 'one_time';
  stripe_invoice_id: string | null;
  stripe_payment_intent_id: string | null;
  amount_cents: number;
  currency: string;
  /** The period this payment bought. */
  period_start: Timestamp;
  period_end: Timestamp;
  paid_at: Timestamp;
  receipt_url: string | null;
  refunded_at: Timestamp | null;
  stripe_refund_id: string | null;
  created_at: Timestamp;
}

/** A billing email already sent about one thing (`subject_key`): each is sent once. */
export interface BillingNoticesTable {
  id: Generated<number>;
  kind: string;
  subject_key: string;
  user_id: number | null;
  created_at: Timestamp;
}

/** A step of the buying path, for the operator's funnel. */
export interface FunnelEventsTable {
  id: Generated<number>;
  event: 'subscriptions_page_opened' | 'checkout_started' | 'payment_succeeded';
  user_id: number | null;
  created_at: Timestamp;
}

type Provider = 'quickbook' | 'jobber';

/** An authorization started at QuickBooks or Jobber (product §11.15): single use, 10 minutes, bound to the session. */
export interface OauthFlowsTable {
  id: Generated<number>;
  state_hash: string;
  provider: Provider;
  user_id: number;
  /** SHA-256 of the session cookie that started it. */
  session_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** A user's connection to a provider; tokens sealed with AES-256-GCM under `key_id`. */
export interface ProviderConnectionsTable {
  id: Generated<number>;
  user_id: number;
  provider: Provider;
  status: 'connected' | 'disconnected';
  /** QuickBooks realmId, or the Jobber account id ('' when Jobber does not say). */
  account_id: string;
  account_name: string | null;
  key_id: string | null;
  access_token_enc: string | null;
  refresh_token_enc: string | null;
  access_expires_at: Timestamp | null;
  refresh_expires_at: Timestamp | null;
  version: Generated<number>;
  connected_at: Timestamp;
  refreshed_at: Timestamp | null;
  updated_at: Timestamp;
  disconnected_reason: string | null;
}

/** One sync of an edition to a provider, its checkpointed progress and outcome. */
export interface SyncRunsTable {
  id: Generated<number>;
  user_id: number;
  provider: Provider;
  collection_id: number;
  account_id: string;
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  total: Generated<number>;
  /** Items finished (in product order) as of the last checkpoint. */
  done: Generated<number>;
  created: Generated<number>;
  updated: Generated<number>;
  unchanged: Generated<number>;
  failed: Generated<number>;
  errors: ColumnType<Array<{ sku: string; name: string; error: string }>, string | undefined, string>;
  error: string | null;
  lease_owner: string | null;
  lease_until: Timestamp | null;
  attempts: Generated<number>;
  queued_at: Timestamp;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
}

/** A provider's id for one of our keys in a company or account (Jobber item by SKU, QuickBooks account by name). */
export interface SyncLinksTable {
  user_id: number;
  provider: Provider;
  account_id: string;
  kind: 'item' | 'account';
  key: string;
  remote_id: string;
}

/** A user's profile picture: the random name of its file, stored as `profile-pictures/<name>` in uploaded_files (product §11.13). */
export interface ProfilePicturesTable {
  user_id: number;
  file_name: string;
  updated_at: Timestamp;
}

/** The user guide's PDFs (product §3.9). */
export interface UserGuideResourcesTable {
  id: Generated<number>;
  slug: string;
  name: string;
  description: string;
  file_name: string;
  content: Buffer;
  position: number;
  created_at: Timestamp;
}

/** The user guide's videos, each with a poster image and WebVTT captions (product §2.14). */
export interface UserGuideVideosTable {
  id: Generated<number>;
  slug: string;
  title: string;
  description: string;
  media_type: string;
  content: Buffer;
  duration_seconds: number;
  poster_media_type: string;
  poster: Buffer;
  captions: string;
  position: number;
  created_at: Timestamp;
}

/** Blog posts (product §3.4); `paragraphs` holds `{ text, image }` objects, text in markdown. */
export interface BlogPostsTable {
  id: Generated<number>;
  custom_url: string | null;
  title: string;
  category: string;
  intro: string;
  author: string;
  author_image: string;
  thumbnail: string;
  paragraphs: Json<Array<{ text: string; image: string | null }>>;
  status: Generated<'draft' | 'published'>;
  published_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Newsletter addresses (product §5.4), stored once; an unsubscribed row keeps its date. */
export interface NewsletterSubscribersTable {
  id: Generated<number>;
  email: string;
  subscribed_at: Timestamp;
  unsubscribed_at: Timestamp | null;
  client_address: string | null;
}

/** Entries of the free-year draw (product §2.2 /marketing), one per address. */
export interface MarketingSignupsTable {
  id: Generated<number>;
  email: string;
  signed_up_at: Timestamp;
  client_address: string | null;
}

/** Requests for the 40%-off setup call (when no BOOKING_URL is set), kept for the operator. */
export interface SetupCallRequestsTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string | null;
  preferred_time: string;
  requested_at: Timestamp;
  client_address: string | null;
}

/** A winner of the free-year draw, drawn at random by an operator. */
export interface DrawWinnersTable {
  id: Generated<number>;
  marketing_signup_id: number | null;
  email: string;
  /** How many entries the draw was among. */
  entries: number;
  drawn_at: Timestamp;
  drawn_by_id: number | null;
  drawn_by_email: string;
}

/** What each operator changed (product §12): appended, never edited. */
export interface OperatorAuditLogTable {
  id: Generated<number>;
  operator_id: number | null;
  operator_email: string;
  action: string;
  subject_type: string;
  subject_id: string | null;
  before: Json<unknown> | null;
  after: Json<unknown> | null;
  reason: string | null;
  created_at: Timestamp;
}

/** A supplier file checked for the console's preview, kept until it is published (decision 0019). */
export interface EditionUploadsTable {
  id: Generated<number>;
  category_id: number;
  name: string | null;
  rundate: string;
  file_name: string;
  sha256: string;
  uploaded_by: number | null;
  created_at: Timestamp;
}

/** A kept supplier file's bytes, in parts of EDITION_UPLOAD_PART_BYTES written one statement each (decision 0024). */
export interface EditionUploadPartsTable {
  upload_id: number;
  part: number;
  bytes: Buffer;
}

/** One bulk email: a new edition's announcement or product news, sent in checkpointed batches (decision 0019). */
export interface MailingsTable {
  id: Generated<number>;
  kind: 'new-edition' | 'product-news';
  collection_id: number | null;
  subject: string | null;
  body_markdown: string | null;
  /** YYYY-MM-DD: not sent before this day (an edition's run date). */
  due_on: string;
  state: 'scheduled' | 'sending' | 'sent' | 'skipped';
  /** What the edition changed, computed once when sending starts, so every batch tells the same. */
  summary: Json<unknown> | null;
  /** The checkpoint: every user with a smaller or equal id has been handled. */
  last_user_id: Generated<number>;
  recipients: Generated<number>;
  created_by: string;
  created_at: Timestamp;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
}

/** Who a mailing was sent to: one row per user, claimed with the user's outbox mail. */
export interface MailingDeliveriesTable {
  mailing_id: number;
  user_id: number;
  created_at: Timestamp;
}

/** An uploaded file (a picture, a content image), served under `/media/<key>` (decision 0035). */
export interface UploadedFilesTable {
  key: string;
  content_type: string;
  /** Hex SHA-256 of the content: the ETag. */
  sha256: string;
  size: number;
  content: Buffer;
  created_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  user_tokens: UserTokensTable;
  jobs: JobsTable;
  job_schedules: JobSchedulesTable;
  mail_outbox: MailOutboxTable;
  rate_limits: RateLimitsTable;
  google_token_uses: GoogleTokenUsesTable;
  onboarding_answers: OnboardingAnswersTable;
  categories: CategoriesTable;
  collections: CollectionsTable;
  products: ProductsTable;
  user_factors: UserFactorsTable;
  plans: PlansTable;
  subscriptions: SubscriptionsTable;
  download_log: DownloadLogTable;
  preview_views: PreviewViewsTable;
  processed_provider_events: ProcessedProviderEventsTable;
  payments: PaymentsTable;
  billing_notices: BillingNoticesTable;
  funnel_events: FunnelEventsTable;
  oauth_flows: OauthFlowsTable;
  provider_connections: ProviderConnectionsTable;
  sync_runs: SyncRunsTable;
  sync_links: SyncLinksTable;
  profile_pictures: ProfilePicturesTable;
  user_guide_resources: UserGuideResourcesTable;
  user_guide_videos: UserGuideVideosTable;
  blog_posts: BlogPostsTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  marketing_signups: MarketingSignupsTable;
  setup_call_requests: SetupCallRequestsTable;
  operator_audit_log: OperatorAuditLogTable;
  draw_winners: DrawWinnersTable;
  edition_uploads: EditionUploadsTable;
  edition_upload_parts: EditionUploadPartsTable;
  mailings: MailingsTable;
  mailing_deliveries: MailingDeliveriesTable;
  uploaded_files: UploadedFilesTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Job = Selectable<JobsTable>;
export type MailOutboxRow = Selectable<MailOutboxTable>;
export type CategoryRow = Selectable<CategoriesTable>;
export type CollectionRow = Selectable<CollectionsTable>;
export type ProductRow = Selectable<ProductsTable>;
export type PlanRow = Selectable<PlansTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type DownloadLogRow = Selectable<DownloadLogTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type ProviderConnectionRow = Selectable<ProviderConnectionsTable>;
export type SyncRunRow = Selectable<SyncRunsTable>;
export type BlogPostRow = Selectable<BlogPostsTable>;
export type MailingRow = Selectable<MailingsTable>;
