import sharp from 'sharp';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../server/db';
import { signUp } from '../../server/services/accounts';

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
