import { availableParallelism } from 'node:os';
import { z } from 'zod';

/** Generations of one seller processing at once across every worker process, unless the operator says otherwise. */
export const JOBS_PER_SELLER = 1;

const optional = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

/**
 * The kinds of setting, each with its own check and its own one-line complaint. A new key is one
 * line in `ZEnv` below with one of these (or `optional` for free text).
 */
const blank = (v: string | undefined) => v === undefined || !v.trim();

/** A whole number in [min, max], or undefined when unset. */
function int(min: number, max: number) {
  return z
    .string()
    .optional()
    .transform((v, ctx): number | undefined => {
      if (blank(v)) return undefined;
      const n = Number(v!.trim());
      if (!/^\d+$/.test(v!.trim()) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `must be a whole number from ${min} to ${max}` });
        return z.NEVER;
      }
      return n;
    });
}

/** A whole number in [min, max]; unset → `fallback`. */
const intOr = (min: number, max: number, fallback: number) => int(min, max).transform((v) => v ?? fallback);

/** A URL whose scheme is one of `protocols` (e.g. `['http:', 'https:']`) and that names a host. */
function url(protocols: string[], example: string) {
  return z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (blank(v)) return undefined;
      const s = v!.trim();
      let u: URL | undefined;
      try {
        u = new URL(s);
      } catch {
        u = undefined;
      }
      if (!u || !protocols.includes(u.protocol) || !u.hostname) {
        ctx.addIssue({ code: 'custom', message: `must be a URL such as ${example}` });
        return z.NEVER;
      }
      return s;
    });
}

/** One of `values`; unset → `fallback`. */
function oneOf<T extends string>(values: readonly T[], fallback: T) {
  return z
    .string()
    .optional()
    .transform((v, ctx): T => {
      if (blank(v)) return fallback;
      const s = v!.trim().toLowerCase();
      if (!(values as readonly string[]).includes(s)) {
        ctx.addIssue({ code: 'custom', message: `must be one of ${values.join(', ')}` });
        return z.NEVER;
      }
      return s as T;
    });
}

/** Free text that, when set, must be at least `min` characters (a token someone could guess). */
function secret(min: number) {
  return optional.superRefine((v, ctx) => {
    if (v !== undefined && v.length < min) ctx.addIssue({ code: 'custom', message: `must be at least ${min} characters` });
  });
}

/** The operator's environment, parsed once; `.env.example` documents every key. */
export const ZEnv = z.object({
  /** Only an explicit `production` matters today: it turns the local test checkout off. */
  NODE_ENV: optional,
  PORT: intOr(0, 65535, 3000),
  DATA_DIR: optional.transform((v) => v ?? './data'),
  PUBLIC_URL: url(['http:', 'https:'], 'https://vitrin.example.com'),
  DATABASE_URL: url(['postgres:', 'postgresql:'], 'postgres://user:password@host:5432/vitrin'),
  FAL_KEY: optional,
  FAL_IMAGE_MODEL: optional,
  FAL_VIDEO_MODEL: optional,
  FAL_CUTOUT_MODEL: optional,
  FAL_UPSCALE_MODEL: optional,
  S3_BUCKET: optional,
  S3_REGION: optional,
  S3_ENDPOINT: url(['http:', 'https:'], 'https://s3.eu-central-1.amazonaws.com'),
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_FORCE_PATH_STYLE: optional,
  SMTP_URL: url(['smtp:', 'smtps:'], 'smtps://user:password@smtp.example.com:465'),
  /** Sender of every e-mail, e.g. `"Vitrin AI" <bildirim@example.com>`; default: site name and support e-mail. */
  SMTP_FROM: optional,
  /** `true`: in production without SMTP_URL, e-mails (with their reset and verification links) go to the log; otherwise the server refuses to start. */
  EMAIL_LOG_LINKS: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_LINK_BASIC: optional,
  STRIPE_LINK_STANDARD: optional,
  STRIPE_LINK_PREMIUM: optional,
  STRIPE_PRICE_BASIC: optional,
  STRIPE_PRICE_STANDARD: optional,
  STRIPE_PRICE_PREMIUM: optional,
  LEMONSQUEEZY_WEBHOOK_SECRET: optional,
  LEMONSQUEEZY_CHECKOUT_BASIC: optional,
  LEMONSQUEEZY_CHECKOUT_STANDARD: optional,
  LEMONSQUEEZY_CHECKOUT_PREMIUM: optional,
  LEMONSQUEEZY_VARIANT_BASIC: optional,
  LEMONSQUEEZY_VARIANT_STANDARD: optional,
  LEMONSQUEEZY_VARIANT_PREMIUM: optional,
  ADMIN_EMAIL: optional,
  ADMIN_PASSWORD: optional,
  IYZICO_API_KEY: optional,
  IYZICO_SECRET_KEY: optional,
  IYZICO_BASE_URL: url(['http:', 'https:'], 'https://api.iyzipay.com'),
  IYZICO_MERCHANT_ID: optional,
  IYZICO_PLAN_BASIC: optional,
  IYZICO_PLAN_STANDARD: optional,
  IYZICO_PLAN_PREMIUM: optional,
  /** An upload's whole body must arrive within this (ms); a stalled or trickling one is cut with a 408. */
  UPLOAD_BODY_TIMEOUT_MS: intOr(100, 3_600_000, 120_000),
  WORKER_CONCURRENCY: intOr(0, 32, 2),
  /** Generations of one seller processing at once, across every process (the same in all of them). */
  WORKER_JOBS_PER_SELLER: intOr(1, 32, JOBS_PER_SELLER),
  /** Extra origins allowed for mutations and WebSocket upgrades (comma-separated). */
  ALLOWED_ORIGINS: optional,
  /** New accounts allowed per client IP per hour (offices behind one NAT may need more). */
  SIGNUP_LIMIT_PER_IP: intOr(1, 100000, 10),
  /** `true`: seller webhooks may point at loopback and private addresses (local testing only). */
  API_WEBHOOKS_ALLOW_PRIVATE: optional,
  /**
   * How many reverse proxies in front of the server append to X-Forwarded-For (0: none, use the
   * socket address). The client address is the entry the outermost trusted proxy appended.
   */
  TRUST_PROXY: intOr(0, 10, 0),
  /** Threads of the studio pool in this process (each holds ~400 MB); default one per core, at most 2. */
  STUDIO_THREADS: intOr(1, 64, Math.max(1, Math.min(2, availableParallelism()))),
  /** The studio threads one seller may hold while another waits; default all but one. */
  STUDIO_THREADS_PER_SELLER: int(1, 64),
  /** Log level (docs/operations.md: Logs). */
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info'),
  /** `GET /metrics` answers a request with `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: secret(16),
  /** Serve `/metrics` (without a token) on this port instead, e.g. one only the scraper can reach. */
  METRICS_PORT: int(1, 65535),
});
export type Env = Readonly<z.infer<typeof ZEnv>>;

/** Every bad setting, one line each: `KEY: what is wrong (got "…")`. */
class EnvError extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join('\n'));
    this.name = 'EnvError';
  }
}

/** What a bad value is shown as: secrets by their length only, URLs without their password. */
function shownValue(key: string, value: unknown): string {
  const s = String(value ?? '');
  if (/KEY|SECRET|PASSWORD|TOKEN/.test(key)) return `${s.length} characters`;
  return `"${s.replace(/(\/\/[^:/@]*:)[^@/]*@/, '$1***@').slice(0, 200)}"`;
}

/**
 * A snapshot: frozen, so nothing that runs later (the client build, a library) can change what the
 * server decided. Throws `EnvError` naming every bad key.
 */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = ZEnv.safeParse(source);
  if (parsed.success) return Object.freeze(parsed.data);
  const lines = parsed.error.issues.map((issue) => {
    const key = String(issue.path[0] ?? '?');
    return `${key}: ${issue.message} (got ${shownValue(key, source[key])})`;
  });
  throw new EnvError([...new Set(lines)]);
}

/**
 * The entry points' reading (`npm start`, `npm run worker`, `npm run db:migrate`): a bad setting
 * prints its line on stderr and ends the process with 1, before anything is opened.
 */
export function readEnvOrExit(source: NodeJS.ProcessEnv = process.env): Env {
  try {
    return readEnv(source);
  } catch (err) {
    if (!(err instanceof EnvError)) throw err;
    for (const line of err.lines) process.stderr.write(`${line}\n`);
    process.exit(1);
  }
}
