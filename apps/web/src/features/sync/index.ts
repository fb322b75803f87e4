// The sync feature's public surface: what the catalog, the settings and the callback routes use.
export { useCatalogSync, type CatalogSync, type SyncTarget } from './hooks/use-catalog-sync';
export { CatalogSyncDialogs } from './components/catalog-sync-dialogs';
export type { ProfileField, SyncChoice } from './components/sync-confirm-dialog';
export { CollectionSyncButton, CollectionSyncSummary } from './components/collection-sync-controls';
export { AuthorizationCallback } from './components/authorization-callback';
export { ConnectionStatusCard, ConnectionsPanel } from './components/connection-status';
export { SyncPreviewScreen } from './components/sync-preview-screen';
export { SyncHistoryScreen } from './components/sync-history-screen';
export { providerName } from './utils/messages';
