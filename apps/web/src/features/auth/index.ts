// The auth feature's public surface: what the settings screen uses (the cached session user it replaces after a save).
export { meQueryOptions } from './api/get-me';
