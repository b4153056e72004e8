import { z } from 'zod';

/** Generations of one seller processing at once across every worker process, unless the operator says otherwise. */
export const JOBS_PER_SELLER = 1;

const optional = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

/** The operator's environment, parsed once; `.env.example` documents every key. */
export const ZEnv = z.object({
  /** Only an explicit `production` matters today: it turns the local test checkout off. */
  NODE_ENV: optional,
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  PUBLIC_URL: optional,
  DATABASE_URL: optional,
  FAL_KEY: optional,
  FAL_IMAGE_MODEL: optional,
  FAL_VIDEO_MODEL: optional,
  FAL_CUTOUT_MODEL: optional,
  FAL_UPSCALE_MODEL: optional,
  S3_BUCKET: optional,
  S3_REGION: optional,
  S3_ENDPOINT: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_FORCE_PATH_STYLE: optional,
  SMTP_URL: optional,
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
  IYZICO_BASE_URL: optional,
  IYZICO_MERCHANT_ID: optional,
  IYZICO_PLAN_BASIC: optional,
  IYZICO_PLAN_STANDARD: optional,
  IYZICO_PLAN_PREMIUM: optional,
  /** An upload's whole body must arrive within this (ms); a stalled or trickling one is cut with a 408. */
  UPLOAD_BODY_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
  WORKER_CONCURRENCY: z.coerce.number().int().min(0).max(32).default(2),
  /** Generations of one seller processing at once, across every process (the same in all of them). */
  WORKER_JOBS_PER_SELLER: z.coerce.number().int().min(1).max(32).default(JOBS_PER_SELLER),
  /** Extra origins allowed for mutations and WebSocket upgrades (comma-separated). */
  ALLOWED_ORIGINS: optional,
  /** New accounts allowed per client IP per hour (offices behind one NAT may need more). */
  SIGNUP_LIMIT_PER_IP: z.coerce.number().int().min(1).max(100000).default(10),
  /**
   * How many reverse proxies in front of the server append to X-Forwarded-For (0: none, use the
   * socket address). The client address is the entry the outermost trusted proxy appended.
   */
  /** `true`: seller webhooks may point at loopback and private addresses (local testing only). */
  API_WEBHOOKS_ALLOW_PRIVATE: optional,
  TRUST_PROXY: z.preprocess((v) => (typeof v === 'string' && v.trim() ? v.trim() : '0'), z.coerce.number().int().min(0).max(10)),
});
export type Env = Readonly<z.infer<typeof ZEnv>>;

/** A snapshot: frozen, so nothing that runs later (the client build, a library) can change what the server decided. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  return Object.freeze(ZEnv.parse(source));
}
