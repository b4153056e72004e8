import helmet from 'helmet';

/**
 * CSP for the built SPA: our own scripts only; Mantine needs inline styles; images may come
 * from https (admin-entered portfolio URLs). Off in dev, where Vite injects inline scripts.
 */
export function securityHeaders(opts: { dev: boolean; https: boolean }) {
  if (opts.dev) return helmet({ contentSecurityPolicy: false, hsts: false });
  return helmet({
    hsts: opts.https,
    crossOriginEmbedderPolicy: false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(opts.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
  });
}
