// The configuration screen's own messages, shared with the browser tests that pin them.

/** What the profile bar says after each change. */
export const profileToasts = {
  created: (name: string, from: string) => `Profile “${name}” created as a copy of “${from}”.`,
  renamed: (name: string) => `Profile renamed to “${name}”.`,
  madeDefault: (name: string) => `“${name}” is now your default profile: downloads and syncs use it unless you choose another.`,
  deleted: (name: string) => `Profile “${name}” deleted.`,
  failed: 'The profile could not be changed.',
} as const;

/** What the QuickBooks texts' save says (product §8.8's failure message). */
export const quickBooksTextMessages = {
  saved: 'Your QuickBooks Online texts are saved.',
  saveFailed: 'Failed to update user factor',
  resetsTable: (bands: number) =>
    `Saving these texts also saves your default profile’s markups as the six markup fields: its table of ${bands} bands goes back to the six standard bands, each with the markup that applies at its lower edge.`,
} as const;

