/**
 * What other modules may use of sync (decision 0036): what an account's end or disabling does to
 * its connections and queued syncs, and the sync that applies a policy without a preview (issue
 * §3's automatic syncs queue it with PROTECTED_POLICY_COLUMN). Nothing else of this folder is
 * imported from outside.
 */
export { cancelQueuedSyncs } from './services/cancel-queued-syncs.ts';
export { disconnect } from './services/connections.ts';
export { startPolicySync, type PolicySyncRequest } from './services/start-sync.ts';
export { PROTECTED_POLICY_COLUMN } from './services/sync-plan.ts';
