import { XSRF_HEADER_NAME, xsrfCookieName } from '@tradelist/contract/public-config';

/**
 * Build-time settings of the web app. Everything runtime-configurable (support email, Google client
 * id) comes from GET /api/config/ instead, so one build serves every environment.
 */
export const env = {
  /**
   * The cookie the server sets (`__Host-` prefixed on an https page, as the server does under an
   * https APP_URL) and the header it expects back on unsafe requests.
   */
  xsrfCookieName: xsrfCookieName(typeof location !== 'undefined' && location.protocol === 'https:'),
  xsrfHeaderName: XSRF_HEADER_NAME,
  userEmailHeaderName: 'X-User-Email',
} as const;

/** product §9: toasts close after 5000 ms, 3000 ms on the landing page. */
export const toastAutoCloseMs = { default: 5000, landing: 3000 } as const;

/** product §9: redirect delay after login, register, activation, deletion and forced logout. */
export const redirectDelayMs = 5000;

/** product §9: redirect delay after an authorization callback. */
export const callbackRedirectDelayMs = 3000;

/** Viewport width (px) at and below which the navigation collapses into a hamburger menu. */
export const mobileBreakpointPx = 900;
