import type { SyncProvider } from '@tradelist/contract/sync';

/** The body of POST /api/quickbooks/auth/ or /api/jobber/auth/, read from the callback's query. */
export type CallbackRequest = { code: string; state: string; realmId?: string };

export type CallbackParams =
  | { ok: true; request: CallbackRequest }
  /** No code: the user refused on the provider's page, or the redirect was cut short. */
  | { ok: false; providerError: string | null; cancelled?: true };

/**
 * product §2.12: QuickBooks returns `code`, `state` and `realmId`; Jobber `code` and `state`. A
 * missing state or realmId is left to the server, which refuses it with its own message. A return
 * with no parameters at all is the user declining (Jobber's way): cancelled, not a failure.
 */
export function readCallbackParams(provider: SyncProvider, query: URLSearchParams): CallbackParams {
  const code = query.get('code')?.trim() ?? '';
  // Jobber comes back with no parameters at all when the user declines on its consent page.
  if ([...query.keys()].length === 0) return { ok: false, providerError: null, cancelled: true };
  if (!code) return { ok: false, providerError: query.get('error') };
  const state = query.get('state') ?? '';
  if (provider === 'quickbooks') return { ok: true, request: { code, state, realmId: query.get('realmId') ?? '' } };
  return { ok: true, request: { code, state } };
}
