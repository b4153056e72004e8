import { randomUUID } from 'node:crypto';
import { open, stat } from 'node:fs/promises';
import sharp from 'sharp';
import { sql } from 'kysely';
import type { Db } from '../db';
import type { Storage } from '../providers/storage';
import { AppError } from '../errors';
import { getSettings } from './settings';
import { sweepIfErased } from './account-files';
import { M } from '../../shared/messages';
import { MAX_UPLOAD_BYTES } from '../../shared/constants';
import { BYTES_PER_MB, formatMegabytes } from '../../shared/megabytes';
import { IMAGE_SNIFF_BYTES, sniffImageType, type ImageMime } from '../../shared/image-type';

/** The first `bytes` bytes of a file. */
async function fileHead(file: string, bytes: number): Promise<Buffer> {
  const h = await open(file, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await h.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await h.close();
  }
}

/** Decompression-bomb guard: 40 MP is well above any phone photo (12-48 MP sensors bin to ≤ 24 MP). */
export const MAX_INPUT_PIXELS = 40_000_000;

export type CheckedImage = { bytes: Buffer; mime: ImageMime; ext: 'png' | 'jpg' | 'webp'; width: number; height: number };

/**
 * Checks an uploaded photo by content and size, then re-encodes it (EXIF orientation applied,
 * all metadata dropped) so nothing the browser sent is stored verbatim. `input`: the bytes, or the
 * path of the file an upload was received into (read from disk, never held whole in memory first).
 */
export async function checkAndReencode(input: Buffer | string): Promise<CheckedImage> {
  const size = typeof input === 'string' ? (await stat(input)).size : input.length;
  if (size > MAX_UPLOAD_BYTES) throw new AppError('VALIDATION', M.generation.fileTooLarge);
  const mime = sniffImageType(typeof input === 'string' ? await fileHead(input, IMAGE_SNIFF_BYTES) : input);
  if (!mime) throw new AppError('VALIDATION', M.generation.fileType);
  let meta: sharp.Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('VALIDATION', M.generation.fileType);
  }
  if (!meta.width || !meta.height) throw new AppError('VALIDATION', M.generation.fileType);
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new AppError('VALIDATION', M.generation.imageTooLarge);
  try {
    const pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const out =
      mime === 'image/png'
        ? await pipeline.png({ compressionLevel: 6 }).toBuffer({ resolveWithObject: true })
        : mime === 'image/webp'
          ? await pipeline.webp({ quality: 92 }).toBuffer({ resolveWithObject: true })
          : await pipeline.jpeg({ quality: 92 }).toBuffer({ resolveWithObject: true });
    const ext = mime === 'image/png' ? 'png' : mime === 'image/webp' ? 'webp' : 'jpg';
    return { bytes: out.data, mime, ext, width: out.info.width, height: out.info.height };
  } catch {
    throw new AppError('VALIDATION', M.generation.fileType);
  }
}

async function usedBytes(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('uploads')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('size_bytes'), sql<string>`0`).as('used'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.used);
}

/** The seller's photo storage: bytes of their uploads, the quota, and how long unused ones are kept. */
export async function storageUsage(db: Db, userId: string): Promise<{ usedBytes: number; quotaBytes: number; retentionDays: number }> {
  const [used, s] = await Promise.all([usedBytes(db, userId), getSettings(db)]);
  return { usedBytes: used, quotaBytes: s.storageQuotaMb * BYTES_PER_MB, retentionDays: s.uploadRetentionDays };
}

/**
 * Stores a checked photo and records it, within the seller's storage quota (the storage_quota_mb
 * setting) and only while the account is live; otherwise the file is taken away again and nothing
 * remains (413 over the quota, 401 for an account being deleted). File first, row second: an
 * account deletion that has begun holds the user row, so it either finds this row and its file,
 * or this upload is refused. The quota check and the insert hold a per-seller lock, so parallel
 * uploads cannot each fit into the same last megabytes.
 */
export async function storeUpload(
  deps: { db: Db; storage: Storage },
  userId: string,
  image: CheckedImage,
): Promise<{ uploadId: string; url: string; width: number; height: number }> {
  const { db, storage } = deps;
  const s = await getSettings(db);
  const quota = s.storageQuotaMb * BYTES_PER_MB;
  const id = randomUUID();
  // Unguessable key: the upload id alone never leads to the file without the owner check.
  const key = `uploads/${userId}/${id}.${image.ext}`;
  try {
    await storage.put(key, image.bytes, image.mime);
    await db.transaction().execute(async (trx) => {
      const live = await liveAccount(trx, userId).forShare().executeTakeFirst();
      if (!live) throw new AppError('UNAUTHENTICATED', M.common.unauthorized);
      await sql`select pg_advisory_xact_lock(hashtext(${`uploads:${userId}`}))`.execute(trx);
      const used = await usedBytes(trx, userId);
      if (used + image.bytes.length > quota)
        throw new AppError('QUOTA_EXCEEDED', M.fairShare.quotaFull(formatMegabytes(used), formatMegabytes(quota), s.uploadRetentionDays));
      await trx
        .insertInto('uploads')
        .values({
          id,
          user_id: userId,
          storage_key: key,
          mime: image.mime,
          width: image.width,
          height: image.height,
          size_bytes: image.bytes.length,
        })
        .execute();
    });
  } catch (err) {
    // No file may stay behind without its row (nor, for an account erased meanwhile, its folder,
    // which may have gone while the file was being written: then the caller is told the account is gone).
    await storage.delete(key).catch(() => undefined);
    await sweepIfErased(deps, userId);
    if (!(err instanceof AppError) && !(await liveAccount(db, userId).executeTakeFirst()))
      throw new AppError('UNAUTHENTICATED', M.common.unauthorized);
    throw err;
  }
  return { uploadId: id, url: `/api/files/uploads/${id}`, width: image.width, height: image.height };
}

/** The seller's row while the account may still store files (neither disabled nor erased). */
function liveAccount(db: Db, userId: string) {
  return db.selectFrom('users').select('id').where('id', '=', userId).where('is_disabled', '=', false).where('deleted_at', 'is', null);
}
