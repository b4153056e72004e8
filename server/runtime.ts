import path from 'node:path';
import type { Env } from './env';
import type { DbHandle } from './db';
import { EVENTS_CHANNEL, LocalEventBus, type AppEvent, type EventBus } from './events/bus';
import { PgEventBus } from './events/pg-bus';
import { createStorage, type Storage } from './providers/storage';
import { createAiProvider, type AiProvider } from './providers/ai';

/** The runtime parts chosen by the environment (docs/architecture.md: runtime parts), shared by server and worker. */
export function storageFromEnv(env: Env): Storage {
  return createStorage({
    dataDir: path.resolve(env.DATA_DIR),
    s3: {
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true' || env.S3_FORCE_PATH_STYLE === '1',
    },
  });
}

export function providerFromEnv(env: Env): AiProvider {
  return createAiProvider({
    falKey: env.FAL_KEY,
    imageModel: env.FAL_IMAGE_MODEL,
    videoModel: env.FAL_VIDEO_MODEL,
    cutoutModel: env.FAL_CUTOUT_MODEL,
    upscaleModel: env.FAL_UPSCALE_MODEL,
  });
}

/**
 * What renders a test key's runs (issue 34 item 4): the local studio, also when fal renders the live ones,
 * so a free test run never costs the operator a fal call.
 */
export function testProviderFor(provider: AiProvider): AiProvider {
  return provider.name === 'local' ? provider : createAiProvider();
}

/**
 * NOTIFY-backed on real Postgres so processes share events; in-process on PGlite, where the
 * embedded database's own NOTIFYs (cache triggers) are forwarded to it.
 */
export async function eventBusFor(handle: DbHandle): Promise<EventBus> {
  if (handle.pool && handle.url) return PgEventBus.connect(handle.pool, handle.url);
  if (!handle.listen) return new LocalEventBus();
  let bus: LocalEventBus | null = null;
  const unlisten = await handle.listen(EVENTS_CHANNEL, (payload) => {
    try {
      bus?.publish(JSON.parse(payload) as AppEvent);
    } catch {
      // a malformed payload is dropped
    }
  });
  bus = new LocalEventBus(unlisten);
  return bus;
}
