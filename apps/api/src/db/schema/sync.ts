import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columns.ts';

/** The stored provider id (the wire spells QuickBooks `quickbook`, decision 0042). */
type Provider = 'quickbooks' | 'jobber';

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
  /** Each new edition is synced on its own, with the protections (decision 0050). */
  automatic_sync: Generated<boolean>;
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
  /** Items not written because of the approval or its protections (decision 0048). */
  left_alone: Generated<number>;
  /** Items that left the list, made inactive in the target. */
  retired: Generated<number>;
  /** How it was started: POST /sync-products/, an approved preview, or automatically. */
  trigger: ColumnType<SyncTrigger, SyncTrigger | undefined, SyncTrigger>;
  preview_id: number | null;
  /** What it may write (decision 0048); null: everything, as a sync without a preview always did. */
  policy: ColumnType<SyncPolicyColumn | null, string | null | undefined, string | null>;
  errors: ColumnType<Array<{ sku: string; name: string; error: string }>, string | undefined, string>;
  /** The largest changes its protections held back (migration 0027; `left_alone` counts them all). */
  held_back: ColumnType<HeldBackItem[], string | undefined, string>;
  error: string | null;
  lease_owner: string | null;
  lease_until: Timestamp | null;
  attempts: Generated<number>;
  queued_at: Timestamp;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  /** The pricing profile that priced the sync (null once deleted), and its name when the sync was asked for. */
  profile_id: Generated<number | null>;
  profile_name: Generated<string | null>;
  /** The profile's rules when the sync was asked for (the engine's PricingRules); null before pricing profiles. */
  pricing_rules: ColumnType<unknown, string | null | undefined, string | null>;
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

export type SyncTrigger = 'direct' | 'preview' | 'automatic';

/** A sync's policy as stored (decision 0048). */
export interface SyncPolicyColumn {
  exclude: string[];
  onlyRaise: boolean;
  allowDecrease: string[];
  overwriteEdited: string[];
  retireLeft: boolean;
}

/** An item a sync's protections left as it is in the target: our price, theirs (null when not in whole cents), and why. */
export interface HeldBackItem {
  sku: string;
  name: string;
  reason: 'down' | 'edited';
  ourCents: number;
  theirCents: number | null;
  /** The size of the change, by which the largest are kept. */
  magnitude: number;
}

/** What we last wrote to (or found equal in) a target, per item (decision 0048). */
export interface SyncLedgerTable {
  user_id: number;
  provider: Provider;
  account_id: string;
  sku: string;
  remote_id: string;
  name: string;
  price_cents: number;
  /** The list (category) whose sync wrote it last: only that list's syncs offer to retire it. */
  category_id: number | null;
  written_at: Timestamp;
}

export type PreviewItemKind = 'new' | 'up' | 'down' | 'details' | 'unchanged' | 'left_list' | 'edited_in_target';

/** A preview of a sync (decision 0047). */
export interface SyncPreviewsTable {
  id: Generated<number>;
  user_id: number;
  provider: Provider;
  account_id: string;
  collection_id: number;
  profile_id: number | null;
  pricing_fingerprint: string;
  status: 'running' | 'ready' | 'failed';
  counts: ColumnType<Partial<Record<PreviewItemKind, number>>, string | undefined, string>;
  error: string | null;
  created_at: Timestamp;
  ready_at: Timestamp | null;
  expires_at: Timestamp;
  approved_at: Timestamp | null;
  approved_by: string | null;
  approval: ColumnType<PreviewApprovalColumn | null, string | null | undefined, string | null>;
  sync_run_id: number | null;
}

/** The approval as recorded with its preview. */
export interface PreviewApprovalColumn {
  policy: SyncPolicyColumn;
  approved: Partial<Record<PreviewItemKind, number>>;
}

/** One item of a preview. */
export interface SyncPreviewItemsTable {
  preview_id: number;
  sku: string;
  name: string;
  kind: PreviewItemKind;
  old_cents: number | null;
  new_cents: number | null;
  magnitude_cents: number;
  remote_id: string | null;
}

/** Every item a sync's provider refused, with its reason. */
export interface SyncRunFailuresTable {
  sync_run_id: number;
  position: number;
  sku: string;
  name: string;
  error: string;
}

/** What the automatic sync did with one edition for one connection (decision 0050): once per user, provider and edition. */
export interface AutomaticSyncsTable {
  id: Generated<number>;
  user_id: number;
  provider: Provider;
  collection_id: number;
  state: 'pending' | 'syncing' | 'succeeded' | 'failed' | 'skipped';
  sync_run_id: number | null;
  /** Why it failed (as emailed) or was skipped. */
  reason: string | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}
