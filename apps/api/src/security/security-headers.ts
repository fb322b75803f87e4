import helmet from '@fastify/helmet';
import { secretTokenPath } from '@tradelist/contract/app-routes';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env.ts';

/**
 * The referrer policy of every answer: other sites learn at most our origin, never a path or a
 * query, and nothing from https to http; our own server gets the full URL. Google's sign-in
 * button reads the page's origin from it, and PageSpeed Insights did not load our pages under
 * `no-referrer` (docs/decisions/0033).
 */
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/** The pages whose URL carries a token send no referrer at all, not even to our own server (product §11.6). */
export const SECRET_PAGE_REFERRER_POLICY = 'no-referrer';

/**
 * Security headers on every answer (product §11.18): a CSP without inline script that admits
 * only the Google Identity Services origin, no framing, the referrer policies above, nosniff,
 * HSTS over https.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const gsiOrigin = new URL(config.google.gsiScriptUrl).origin;
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", gsiOrigin],
        // React and the Google button set style attributes; no stylesheet is inlined by us.
        styleSrc: ["'self'", "'unsafe-inline'", gsiOrigin],
        imgSrc: ["'self'", 'data:', 'blob:', gsiOrigin, 'https://*.googleusercontent.com'],
        connectSrc: ["'self'", gsiOrigin],
        frameSrc: [gsiOrigin, 'https://www.youtube-nocookie.com'],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Google's sign-in popup needs to talk back to the opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: REFERRER_POLICY },
    strictTransportSecurity: config.isHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  });
  // After helmet's own hook: the stricter policy for the token pages, whatever their answer.
  app.addHook('onRequest', async (request, reply) => {
    if (secretTokenPath.test(request.url)) void reply.header('referrer-policy', SECRET_PAGE_REFERRER_POLICY);
  });
}
