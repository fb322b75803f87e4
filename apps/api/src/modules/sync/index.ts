/**
 * What other modules may use of sync (decision 0036): what an account's end or disabling does to
 * its connections and queued syncs. Nothing else of this folder is imported from outside.
 */
export { cancelQueuedSyncs } from './services/cancel-queued-syncs.ts';
export { disconnect } from './services/connections.ts';
