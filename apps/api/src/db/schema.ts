import type { Insertable, Selectable, Updateable } from 'kysely';
import type {
  UsersTable,
  SessionsTable,
  UserTokensTable,
  GoogleTokenUsesTable,
  OnboardingAnswersTable,
  ProfilePicturesTable,
} from './schema/accounts.ts';
import type {
  JobsTable,
  JobSchedulesTable,
  MailOutboxTable,
  RateLimitsTable,
  UploadedFilesTable,
  OperatorAuditLogTable,
} from './schema/platform.ts';
import type {
  CategoriesTable,
  CollectionsTable,
  ProductsTable,
  UserFactorsTable,
  PricingProfilesTable,
  DownloadLogTable,
  PreviewViewsTable,
  EditionUploadsTable,
  EditionUploadPartsTable,
} from './schema/catalog.ts';
import type {
  PlansTable,
  SubscriptionsTable,
  ProcessedProviderEventsTable,
  PaymentsTable,
  BillingNoticesTable,
  FunnelEventsTable,
} from './schema/billing.ts';
import type {
  OauthFlowsTable,
  ProviderConnectionsTable,
  SyncRunsTable,
  SyncLinksTable,
  SyncLedgerTable,
  SyncPreviewsTable,
  SyncPreviewItemsTable,
  SyncRunFailuresTable,
  AutomaticSyncsTable,
} from './schema/sync.ts';
import type {
  UserGuideResourcesTable,
  UserGuideVideosTable,
  BlogPostsTable,
  NewsletterSubscribersTable,
  MarketingSignupsTable,
  SetupCallRequestsTable,
  DrawWinnersTable,
  MailingsTable,
  MailingDeliveriesTable,
} from './schema/content.ts';

export type { UsersTable, SessionsTable, UserTokensTable, GoogleTokenUsesTable, OnboardingAnswersTable, ProfilePicturesTable } from './schema/accounts.ts';
export type { JobsTable, JobSchedulesTable, MailOutboxTable, RateLimitsTable, UploadedFilesTable, OperatorAuditLogTable } from './schema/platform.ts';
export type { CategoriesTable, CollectionsTable, ProductsTable, UserFactorsTable, DownloadLogTable, PreviewViewsTable, EditionUploadsTable, EditionUploadPartsTable } from './schema/catalog.ts';
export type { PlansTable, SubscriptionsTable, ProcessedProviderEventsTable, PaymentsTable, BillingNoticesTable, FunnelEventsTable } from './schema/billing.ts';
export type { OauthFlowsTable, ProviderConnectionsTable, SyncRunsTable, SyncLinksTable, SyncLedgerTable, SyncPreviewsTable, SyncPreviewItemsTable, SyncRunFailuresTable, SyncPolicyColumn, PreviewItemKind, SyncTrigger, PreviewApprovalColumn, AutomaticSyncsTable, HeldBackItem } from './schema/sync.ts';
export type { UserGuideResourcesTable, UserGuideVideosTable, BlogPostsTable, NewsletterSubscribersTable, MarketingSignupsTable, SetupCallRequestsTable, DrawWinnersTable, MailingsTable, MailingDeliveriesTable } from './schema/content.ts';

/** Every table, as Kysely sees it; the tables' types live per area in db/schema/. */
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
  pricing_profiles: PricingProfilesTable;
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
  sync_ledger: SyncLedgerTable;
  sync_previews: SyncPreviewsTable;
  sync_preview_items: SyncPreviewItemsTable;
  sync_run_failures: SyncRunFailuresTable;
  automatic_syncs: AutomaticSyncsTable;
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
export type SyncPreviewRow = Selectable<SyncPreviewsTable>;
export type AutomaticSyncRow = Selectable<AutomaticSyncsTable>;
export type BlogPostRow = Selectable<BlogPostsTable>;
export type MailingRow = Selectable<MailingsTable>;
