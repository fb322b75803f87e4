import { api } from '@tradelist/contract/api';
import type { ApiModule } from './contexts.ts';
import { registerEndpoint } from './endpoints.ts';

/** GET /api/config/: the settings the browser may know (an allow-list, never the whole config). */
export const configRoutes: ApiModule = (contexts, ctx) => {
  registerEndpoint(contexts.public, api.config.publicConfig, async () => ({
    app_url: ctx.config.appUrl,
    support_email: ctx.config.supportEmail,
    google_client_id: ctx.config.google.clientId ?? null,
    google_gsi_script_url: ctx.config.google.gsiScriptUrl,
    booking_url: ctx.config.bookingUrl ?? null,
  }));
};
