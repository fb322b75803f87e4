/**
 * What other modules may use of sync (decision 0036): what an account's end or disabling does to
 * its connections and queued syncs, and the automatic syncs of new editions that the composition
 * adds to the catalog's announcements (decision 0050). Nothing else of this folder is imported from outside.
 */
export { cancelQueuedSyncs } from './services/cancel-queued-syncs.ts';
export { disconnect } from './services/connections.ts';
export { withAutomaticSyncs } from './services/automatic-syncs.ts';
