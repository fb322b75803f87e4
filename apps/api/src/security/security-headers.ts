import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env.ts';

/**
 * Security headers on every answer (product §11.18): a CSP without inline script that admits
 * only the Google Identity Services origin, no framing, no referrer, nosniff, HSTS over https.
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
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: config.isHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  });
}
