// The config feature's public surface: what other features use.
export { usePublicConfig } from './api/get-public-config';
