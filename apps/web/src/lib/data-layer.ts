/** One entry of the tag manager's queue, such as `{ event: 'subscription_start' }` (product §2.9, §2.11). */
export interface DataLayerEntry {
  event: string;
  [key: string]: unknown;
}

/** What holds the queue: the window in the app, a plain object in tests. */
export interface DataLayerHost {
  dataLayer?: unknown[];
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/**
 * Pushes a tracking event onto `dataLayer`, creating the array when no tag manager has: the
 * queue is read by whatever loads later, and nothing leaves the page by itself.
 */
export function pushDataLayer(entry: DataLayerEntry, host: DataLayerHost = window): void {
  host.dataLayer ??= [];
  host.dataLayer.push(entry);
}
