import { z } from 'zod';
import { idField, singleLine } from './fields.ts';
import { profileIdField } from './pricing-profiles.ts';

/** The services a sync writes to, as the code names them. */
export const syncProviders = ['quickbooks', 'jobber'] as const;
export type SyncProvider = (typeof syncProviders)[number];

/**
 * product §7: the same services as `software_name` of POST /sync-products/ spells them on the
 * wire (`quickbook`, no final s); every answer that names a provider spells it so too.
 */
export const softwareNames = ['quickbook', 'jobber'] as const;
export type SoftwareName = (typeof softwareNames)[number];

const softwareNameOfProvider: Record<SyncProvider, SoftwareName> = { quickbooks: 'quickbook', jobber: 'jobber' };
const providerOfSoftwareName: Record<SoftwareName, SyncProvider> = { quickbook: 'quickbooks', jobber: 'jobber' };

/** A provider's spelling on the wire. */
export function softwareNameOf(provider: SyncProvider): SoftwareName {
  return softwareNameOfProvider[provider];
}

/** The provider a wire spelling names. */
export function syncProviderOf(softwareName: SoftwareName): SyncProvider {
  return providerOfSoftwareName[softwareName];
}

/** The provider's name as people read it. */
export const syncProviderNames: Record<SyncProvider, string> = { quickbooks: 'QuickBooks Online', jobber: 'Jobber' };

/**
 * POST /api/sync-products/ (product §7): push an edition with the user's markups into QuickBooks
 * Online (`quickbook`, with the connected `company_id`, the realmId) or Jobber. Rights as for a
 * download; syncs do not count against the download maximum.
 */
export const syncProductsRequest = z.object({
  collection_id: idField('A valid collection id is required.'),
  catelog_id: z
    .union([z.literal('none'), idField('A valid category id or none is required.')], { error: 'A valid category id or none is required.' })
    .default('none'),
  software_name: z.enum(softwareNames, { error: 'Choose QuickBooks (quickbook) or Jobber (jobber).' }),
  company_id: singleLine(z.string().trim().max(64, { error: 'A valid company id is required.' })).optional(),
  /** The pricing profile that prices the items; without it, the default profile. */
  profile_id: profileIdField,
});
export type SyncProductsRequest = z.input<typeof syncProductsRequest>;

export const syncStatuses = ['queued', 'running', 'succeeded', 'failed'] as const;
export type SyncStatus = (typeof syncStatuses)[number];

/** One item the provider refused, with its message. */
export const syncItemError = z.object({ sku: z.string(), name: z.string(), error: z.string() });

/** A sync and its progress (the counts grow while it runs). */
export const syncRun = z.object({
  id: z.number().int(),
  provider: z.enum(softwareNames),
  collection_id: z.number().int(),
  status: z.enum(syncStatuses),
  total: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  failed: z.number().int(),
  /** Items the sync did not write because of the approval or its protections (product §10.21); the server always sends it. */
  left_alone: z.number().int().optional(),
  /** Items that left the list, made inactive in the service; the server always sends it. */
  retired: z.number().int().optional(),
  /** The preview whose approval started it; null for a sync without one; the server always sends it. */
  preview_id: z.number().int().nullable().optional(),
  /** The first item errors (at most 20), for the screen. */
  errors: z.array(syncItemError),
  /** Why the whole sync failed (not connected any more, the provider down), or null. */
  error: z.string().nullable(),
  queued_at: z.iso.datetime(),
  finished_at: z.iso.datetime().nullable(),
  /** The name of the pricing profile that priced the items, as it was named when the sync was asked for. */
  profile_name: z.string().nullable(),
});
export type SyncRun = z.infer<typeof syncRun>;

/** POST /api/sync-products/ answers 202 with the queued sync (409 with the running one's id). */
export const syncStartedResponse = z.object({ sync_id: z.number().int(), message: z.string() });

export const syncIdParams = z.object({ syncId: idField('A valid sync id is required.') });

/** GET /api/sync-results/: the user's last sync per edition and provider (the catalog shows them). */
export const syncResultsResponse = z.array(syncRun);

/** GET /api/sync-results/last/: the user's last sync to each service (the catalog card links it to its record). */
export const lastSyncsResponse = z.object({ quickbook: syncRun.nullable(), jobber: syncRun.nullable() });

/** A connection's state, for the catalog's Sync button and the settings' Connections tab. */
export const connectionStatus = z.object({
  connected: z.boolean(),
  /** When the connection was made (the server refreshes its tokens; no secret reaches the browser). */
  connected_at: z.iso.datetime().nullable(),
  /** QuickBooks: the company (realmId) and its name; null for Jobber or when disconnected. */
  company_id: z.string().nullable(),
  company_name: z.string().nullable(),
  /** Each new edition is synced to this connection on its own, with the protections (product §10.22); kept when the user connects again. */
  automatic_sync: z.boolean(),
});
export type ConnectionStatus = z.infer<typeof connectionStatus>;

/** POST /api/quickbooks/connect/ and /api/jobber/connect/: the provider's authorization page, with a state bound to the session. */
export const authorizeUrlResponse = z.object({ url: z.url() });

const codeField = singleLine(z.string({ error: 'Authorization failed - no code received' }).trim().min(1, { error: 'Authorization failed - no code received' }).max(2048));
const stateField = singleLine(z.string({ error: 'The authorization state is missing.' }).trim().min(1, { error: 'The authorization state is missing.' }).max(256));

/** POST /api/quickbooks/auth/ (product §7): the callback's code, state and realmId. */
export const quickbooksAuthRequest = z.object({
  code: codeField,
  state: stateField,
  realmId: singleLine(z.string({ error: 'The company id (realmId) is missing.' }).trim().regex(/^\d{1,32}$/, { error: 'The company id (realmId) is missing.' })),
});

/** POST /api/jobber/auth/ (product §7): the callback's code and state. */
export const jobberAuthRequest = z.object({ code: codeField, state: stateField });

/**
 * The answer of a completed authorization. product §3 names `access_token` (and for Jobber an
 * optional `refresh_token`); provider tokens stay on the server (product §10.11), so `access_token`
 * is an opaque handle of the connection, never a provider token, and no refresh token is sent.
 * `expires_at` is what the browser stores as the expiry for its display; `company_id` is the realmId.
 */
export const authCompletedResponse = z.object({
  access_token: z.string(),
  expires_at: z.iso.datetime(),
  company_id: z.string().nullable(),
});
export type AuthCompletedResponse = z.infer<typeof authCompletedResponse>;

/**
 * PUT /api/quickbooks/automatic-sync/ and /api/jobber/automatic-sync/ (product §10.22): turns the
 * connection's hands-free months on or off; answers the connection's status.
 */
export const automaticSyncRequest = z.object({
  automatic_sync: z.boolean({ error: 'Say true or false.' }),
});
export type AutomaticSyncRequest = z.infer<typeof automaticSyncRequest>;

/** The switch of Settings → Connections and what it promises (product §10.22). */
export const automaticSyncWords = {
  label: 'Keep prices current automatically each month',
  explanation:
    'When a new edition of a list you have synced comes out, we sync it for you and email you what changed. We never lower a price, never overwrite an item you edited in your software, and never make an item inactive: those wait for you to review.',
} as const;

/** The messages of the automatic sync switch (product §8.10). */
export function automaticSyncMessages(provider: SyncProvider) {
  const name = syncProviderNames[provider];
  return {
    turnedOn: `Each new edition will be synced to ${name} automatically.`,
    turnedOff: `Automatic syncs to ${name} are off.`,
    failed: 'Failed to change automatic syncs.',
    notConnected: `${name} is not connected. Connect it first, then turn on automatic syncs.`,
  };
}
