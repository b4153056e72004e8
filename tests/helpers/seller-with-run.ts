import { applyPaymentEvent } from '../../server/services/payments';
import type { RunningServer } from '../../server/index';
import { customerClient } from '../admin/helpers';
import { checkoutPaid, completedImageRun, productPhoto, type PaidEvent } from './fixtures';
import { waitFor } from './wait';

type Client = Awaited<ReturnType<typeof customerClient>>['client'];

/**
 * A seller with a photo, one finished image run (four JPEG outputs in storage, with thumbnails when
 * `thumbs`, the first framed and the rest scenes when `roles`) and one paid checkout: what the data
 * export, the deletion and the invoice tests start from.
 */
export async function sellerWithRun(
  server: RunningServer,
  email: string,
  opts: {
    width: number;
    height: number;
    prompt: string;
    payment: Pick<PaidEvent, 'amountCents' | 'currency' | 'card'>;
    thumbs?: boolean;
    roles?: boolean;
  },
) {
  const { client, userId } = await customerClient(server, email);
  const { db, storage } = server.deps;
  const photo = await productPhoto(opts.width, opts.height);
  const uploadKey = `uploads/${userId}/${crypto.randomUUID()}.jpg`;
  await storage.put(uploadKey, photo, 'image/jpeg');
  const upload = await db
    .insertInto('uploads')
    .values({
      user_id: userId,
      storage_key: uploadKey,
      mime: 'image/jpeg',
      width: opts.width,
      height: opts.height,
      size_bytes: photo.length,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { runId } = await completedImageRun(db, storage, {
    userId,
    uploadId: upload.id,
    photos: [photo, photo, photo, photo],
    roles: opts.roles,
    thumbs: opts.thumbs,
    prompt: opts.prompt,
  });
  await applyPaymentEvent(
    { db, bus: server.deps.bus },
    checkoutPaid(userId, userId, { email, customerId: `cus_${userId.slice(0, 8)}`, ...opts.payment }),
  );
  return { client, userId, runId, uploadId: upload.id };
}

/** The seller's data export once it is no longer queued or being made. */
export function waitForExport(client: Client) {
  return waitFor(
    async () => {
      const s = (await client.query('auth.exportStatus')).data;
      return s && s.status !== 'queued' && s.status !== 'processing' ? s : undefined;
    },
    { timeout: 90_000, what: 'the export to be ready' },
  );
}
