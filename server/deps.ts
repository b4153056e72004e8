import type { Db } from './db';
import type { Env } from './env';
import type { EventBus } from './events/bus';
import type { Storage } from './providers/storage';
import type { PaymentProviders } from './providers/payments';

/**
 * The process's runtime parts, made once at start (server/index.ts) and handed down to every
 * procedure, REST route and service that needs them.
 */
export type AppDeps = {
  db: Db;
  env: Env;
  bus: EventBus;
  storage: Storage;
  payments: PaymentProviders;
  /** 'local' shows the preview-mode notice on the generate screens (docs/decisions.md D28). */
  aiProvider: 'local' | 'fal';
  secureCookies: boolean;
  allowedOrigins: string[];
};
