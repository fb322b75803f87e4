import { z } from 'zod';

/** GET /api/config/: the allow-list of settings the browser may know. */
export const publicConfig = z.object({
  app_url: z.string(),
  support_email: z.string(),
  google_client_id: z.string().nullable(),
  google_gsi_script_url: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfig>;
