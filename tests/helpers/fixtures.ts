import sharp from 'sharp';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../server/db';
import { signUp } from '../../server/services/accounts';
import type { FileStorage } from '../../server/providers/storage';
import type { PaymentEvent } from '../../server/providers/payments/types';
import type { StoredOutput } from '../../shared/schemas/generations';

/** A product-like JPEG: a dark rounded shape on a warm background. */
export async function productPhoto(width = 1200, height = 900): Promise<Buffer> {
  const shape = Buffer.from(
    `<svg width="${Math.round(width / 2)}" height="${Math.round(height / 2)}"><rect width="100%" height="100%" rx="30" fill="#5a3414"/></svg>`,
  );
  return sharp({ create: { width, height, channels: 3, background: '#d8c3a5' } })
    .composite([{ input: shape, top: Math.round(height / 4), left: Math.round(width / 4) }])
    .jpeg()
    .toBuffer();
}

let counter = 0;
/** A signed-up user (through the real service) with an upload row pointing at `storageKey`. */
export async function userWithUpload(db: Db, storageKey = `uploads/test/${randomUUID()}.jpg`) {
  const email = `kullanici${++counter}-${randomUUID().slice(0, 6)}@example.com`;
  const user = await signUp(db, { email, password: 'gizli-sifre', fullName: 'Test Kullanıcı', companyName: null, phone: null });
  const upload = await db
    .insertInto('uploads')
    .values({ user_id: user.id, storage_key: storageKey, mime: 'image/jpeg', width: 1200, height: 900, size_bytes: 1000 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { user, uploadId: upload.id, storageKey };
}

export async function ledgerSum(db: Db, userId: string): Promise<number> {
  const r = await db
    .selectFrom('credit_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('delta'), eb.lit(0)).as('s'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(r.s);
}

export async function balanceOf(db: Db, userId: string): Promise<number> {
  return (await db.selectFrom('users').select('credits_balance').where('id', '=', userId).executeTakeFirstOrThrow()).credits_balance;
}

/**
 * A finished image run of the user's upload: each photo stored as one output (the first framed and
 * the rest scenes when `roles`; a thumbnail of its own when `thumbs`, else the output is its own) and
 * the generation row recorded as completed, one credit used.
 */
export async function completedImageRun(
  db: Db,
  storage: FileStorage,
  opts: { userId: string; uploadId: string; photos: Buffer[]; roles?: boolean; thumbs?: boolean; prompt?: string },
) {
  const runId = randomUUID();
  const outputs: StoredOutput[] = [];
  for (const [i, photo] of opts.photos.entries()) {
    const key = `generations/${opts.userId}/${runId}/${i}.jpg`;
    const thumbKey = opts.thumbs ? `generations/${opts.userId}/${runId}/${i}.thumb.webp` : key;
    await storage.put(key, photo, 'image/jpeg');
    if (opts.thumbs) await storage.put(thumbKey, Buffer.from('thumb'), 'image/webp');
    outputs.push({ key, thumbKey, mime: 'image/jpeg', ...(opts.roles ? { role: i === 0 ? 'framed' : 'scene' } : {}) });
  }
  await db
    .insertInto('generations')
    .values({
      id: runId,
      user_id: opts.userId,
      upload_id: opts.uploadId,
      type: 'image',
      status: 'completed',
      credits_used: 1,
      parameters: JSON.stringify({ prompt: opts.prompt ?? 'ahşap masa' }),
      outputs: JSON.stringify(outputs),
      completed_at: new Date(),
    })
    .execute();
  return { runId, outputs };
}

/** A payment as a verified webhook reports it. */
export type PaidEvent = Extract<PaymentEvent, { kind: 'payment' }>;

/**
 * A paid Stripe checkout of the basic plan as its verified webhook reports it: 2,990 TL, no card, the
 * event and the payment named after `ref` (`stripe:evt_<ref>`, `stripe:session:<ref>`); `more` changes any field.
 */
export function checkoutPaid(userId: string, ref: string, more: Partial<PaidEvent> = {}): PaidEvent {
  return {
    provider: 'stripe',
    eventKey: `stripe:evt_${ref}`,
    eventType: 'checkout.session.completed',
    kind: 'payment',
    paymentRef: `stripe:session:${ref}`,
    userRef: userId,
    email: null,
    customerId: null,
    plan: 'basic',
    amountCents: 299000,
    currency: 'TRY',
    periodEnd: null,
    card: null,
    ...more,
  };
}
