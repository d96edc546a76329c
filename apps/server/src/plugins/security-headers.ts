import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { Config } from '../config.ts';

/**
 * security.md §16, §39. Tokens live in local storage (product.md §3), so no script may run unless it is
 * one of our own files: no inline or third-party script, no plugins, no framing, no <base>.
 * Styles allow inline because the UI library sets CSS variables in style attributes.
 */
export const securityHeaders = (config: Pick<Config, 'appUrl'>): FastifyHelmetOptions => ({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      frameSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
  },
  hsts: config.appUrl.startsWith('https://')
    ? { maxAge: 31_536_000, includeSubDomains: true }
    : false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
});
