import { publicConfig } from '@tradelist/contract/public-config';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';

/** GET /api/config/: the settings the browser may know (an allow-list, never the whole config). */
export async function configRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get('/api/config/', {
    schema: { tags: ['app'], summary: 'Public settings of the web app', response: { 200: publicConfig } },
    handler: async () => ({
      app_url: ctx.config.appUrl,
      support_email: ctx.config.supportEmail,
      google_client_id: ctx.config.google.clientId ?? null,
      google_gsi_script_url: ctx.config.google.gsiScriptUrl,
    }),
  });
}
