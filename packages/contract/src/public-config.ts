import { z } from 'zod';

/** GET /api/config/: the allow-list of settings the browser may know. */
export const publicConfig = z.object({
  app_url: z.string(),
  support_email: z.string(),
  google_client_id: z.string().nullable(),
  google_gsi_script_url: z.string(),
  /** The scheduling page of the setup call (BOOKING_URL), or null: the app shows its request form. */
  booking_url: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof publicConfig>;

/** product §7: the header the client copies the XSRF cookie into, over http and https alike. */
export const XSRF_HEADER_NAME = 'X-XSRF-TOKEN';

/**
 * product §7's XSRF cookie. Over https it is `__Host-` prefixed (Secure, Path=/, no Domain), so a
 * sibling host or an http page cannot plant one; the web app picks the name the same way from
 * its own page's scheme, which is APP_URL's.
 */
export function xsrfCookieName(https: boolean): string {
  return https ? '__Host-XSRF-TOKEN' : 'XSRF-TOKEN';
}
