import pino from 'pino';

export type Logger = pino.Logger;

/**
 * What never reaches a log line (docs/security.md, Logs): cookies, the Authorization header (seller
 * API keys, the metrics token), webhook signatures and secrets, passwords, and tokens anywhere in an
 * object the code logs. URLs are cleaned by `safeUrl` before they are logged.
 */
const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers["stripe-signature"]',
  'req.headers["x-signature"]',
  'req.headers["x-iyz-signature-v3"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.secret',
  '*.apiKey',
  '*.key',
];

/**
 * Path segments after these words are secrets (the password-reset, e-mail-verification and
 * unsubscribe links of server/email/links.ts) and are shown as `[token]`; query strings are dropped.
 */
const TOKEN_AFTER = /\/(reset|verify|bildirimlerden-cik|token)\/[^/?#]+/gi;

/** A request URL fit for a log line: no query string, no token segment. */
export function safeUrl(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  return path.replace(TOKEN_AFTER, (_m, word: string) => `/${word}/[token]`);
}

/**
 * The process's logger: JSON lines (one object per line, for a log collector) or, with `pretty`
 * (`npm run dev`), pino-pretty's coloured lines when it is installed (a dev dependency), else JSON.
 * `destination` receives the lines (tests capture them).
 */
export function createLogger(opts: { level?: string; pretty?: boolean; destination?: pino.DestinationStream } = {}): Logger {
  const options: pino.LoggerOptions = {
    level: opts.level ?? 'info',
    base: { pid: process.pid },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  if (opts.destination) return pino(options, opts.destination);
  if (opts.pretty) {
    try {
      return pino({ ...options, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid' } } });
    } catch {
      // pino-pretty is a dev dependency; a production install has plain JSON
    }
  }
  return pino(options);
}

/** A logger that writes nothing (the default in tests). */
export const silentLogger: Logger = pino({ level: 'silent' });

/** A logger whose lines go to `write` (one JSON object per call), e.g. a test's array. */
export function lineLogger(write: (line: string) => void, level = 'info'): Logger {
  return createLogger({ level, destination: { write } });
}

let processLogger: Logger | undefined;

/**
 * The logger of code that has no server at hand (module-level helpers): the one the entry point
 * installed with `setProcessLogger`, else JSON at info.
 */
export function log(): Logger {
  processLogger ??= createLogger();
  return processLogger;
}

export function setProcessLogger(logger: Logger): void {
  processLogger = logger;
}
