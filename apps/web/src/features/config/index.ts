// The config feature's public surface: what other features use.
export { publicConfigQueryOptions, usePublicConfig } from './api/get-public-config';
