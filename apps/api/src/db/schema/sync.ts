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
