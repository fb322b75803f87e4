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
