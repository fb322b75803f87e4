// The dashboard's chunk: its frame and screens, except the markups (their own chunk).
export { DashboardShellRoute } from '../routes/dashboard-shell';
export { CatalogRoute } from '../routes/dashboard-catalog';
export { JobberCallbackRoute } from '../routes/dashboard-jobber-callback';
export { PaymentReturnRoute } from '../routes/dashboard-payment-return';
export { QuickbooksCallbackRoute } from '../routes/dashboard-quickbooks-callback';
export { SettingsRoute } from '../routes/dashboard-settings';
export { SyncHistoryRoute } from '../routes/dashboard-sync-history';
export { SyncPreviewRoute } from '../routes/dashboard-sync-preview';
export { SubscriptionSuccessRoute } from '../routes/dashboard-subscription-success';
export { SubscriptionsRoute } from '../routes/dashboard-subscriptions';
export { UserGuideRoute } from '../routes/dashboard-user-guide';
