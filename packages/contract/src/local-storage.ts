/**
 * The browser's local storage keys of product §3, spelled as the spec spells them. Logout clears all
 * of them (product §10.5: "all of this app's keys").
 */
export const storageKeys = {
  userSession: 'userSession',
  email: 'email',
  activeSection: 'activeSection',
  avatarUrl: 'avatarUrl',
  status: 'status',
  status2: 'status2',
  update1: 'update1',
  update2: 'update2',
  username: 'username',
  verified: 'verified',
} as const;

/**
 * Keys kept for one browser session only (sessionStorage): gone when the tab or browser closes,
 * and cleared at logout with the keys above.
 */
export const sessionStorageKeys = {
  /** The id of the user who cancelled the onboarding dialog in this session (product §2.6). */
  onboardingDismissed: 'onboardingDismissed',
  /**
   * The sync asked for when the user left to connect QuickBooks Online or Jobber: the provider,
   * the edition, its category and the catalog view, so the callback takes the user back to that
   * card and the sync goes on.
   */
  syncAfterConnect: 'syncAfterConnect',
} as const;
export type SessionStorageKey = (typeof sessionStorageKeys)[keyof typeof sessionStorageKeys];

/**
 * product §3.2: what the browser keeps about its QuickBooks Online and Jobber connections, for the
 * catalog's Sync button (product §4.5) only: a connected flag, the expiry and, for QuickBooks, the
 * company id (realmId). Never a provider token (product §10.11): the tokens stay on the server.
 */
export const integrationStorageKeys = {
  quickbooksConnected: 'quickbooksConnected',
  quickbooksExpiresAt: 'quickbooksExpiresAt',
  quickbooksCompanyId: 'quickbooksCompanyId',
  jobberConnected: 'jobberConnected',
  jobberExpiresAt: 'jobberExpiresAt',
} as const;

/**
 * product §2.7, §3.1 (ours): the download modal's last choice, preselected the next time: the
 * format (`csv` or `xlsx`, which the card's buttons also show as the first choice) and the layout.
 */
export const preferenceStorageKeys = {
  downloadFormat: 'downloadFormat',
  downloadLayout: 'downloadLayout',
} as const;

/** Every key this app stores: the product §3.1 keys, the integration keys and the preferences. */
export const appStorageKeys = { ...storageKeys, ...integrationStorageKeys, ...preferenceStorageKeys } as const;
export type AppStorageKey = (typeof appStorageKeys)[keyof typeof appStorageKeys];

