import { defineEndpoint } from '../endpoint.ts';
import { publicConfig } from '../public-config.ts';

/** The web app's public settings. */
export const configEndpoints = {
  publicConfig: defineEndpoint({
    method: 'GET',
    path: '/api/config/',
    access: 'public',
    tag: 'app',
    summary: 'Public settings of the web app (sets the XSRF-TOKEN cookie)',
    response: { 200: publicConfig },
    errors: [],
  }),
} as const;
