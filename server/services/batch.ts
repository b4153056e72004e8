import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { Db } from '../db';
import type { AppDeps } from '../deps';
import type { Storage } from '../providers/storage';
import { AppError } from '../errors';
import { M } from '../../shared/messages';
import type { TBatchItem } from '../../shared/schemas/batch';
import type { TCutoutResult } from '../../shared/schemas/generations';
import { cutoutView, currentCutout } from './studio';
import { createGeneration, cutoutsOf, toView, type GenerationView } from './generations';
import { zipStream } from './zip-stream';
import { cutoutForRun } from './framed-consent';
import { readOutputs } from '../db/read';

/**
 * A batch (issue 12 (docs/history.md)): every photo is its own image generation through
 * `createGeneration`, so each take of credits is its own transaction under the
 * usual rules (all or nothing per photo). When the credits run out part-way,
 * the photos already accepted are kept and the rest say why; a later failure
 * of one photo refunds that photo only (the worker's ordinary refund).
 * The generations carry the batch id in `parameters.batch`.
 */
export async function createBatch(
  deps: Pick<AppDeps, 'db' | 'bus' | 'storage' | 'aiProvider' | 'onJobQueued'>,
  userId: string,
  input: {
    uploadIds: string[];
    prompt: string;
    category?: string;
    allowFramed?: string[];
    batchId?: string;
    cutoutIds?: Record<string, string>;
  },
): Promise<{ batchId: string; items: TBatchItem[] }> {
  // A batch is only its runs' `parameters.batch`, read back per owner: continuing one adds runs to it.
  const batchId = input.batchId ?? randomUUID();
  const framedOk = new Set(input.allowFramed ?? []);
  const items: TBatchItem[] = [];
  // One photo is one run (issue 33 item 13): a photo given twice is one photo, and a photo this batch
  // already runs is answered with its run, not charged again (a repeated or retried call).
  const running = input.batchId ? await runsOfBatch(deps.db, userId, batchId) : new Map<string, string>();
  for (const uploadId of new Set(input.uploadIds)) {
    let cutout: TBatchItem['cutout'] = null;
    const already = running.get(uploadId);
    if (already) {
      items.push({ uploadId, generationId: already, error: null, needsConsent: false, cutout: null });
      continue;
    }
    try {
      // Each photo is judged first; one without a trustworthy cut-out is only run framed when the
      // seller agreed for it (the page asks once for all of them and sends them again).
      let cutoutId: string | null = null;
      try {
        const judged = await cutoutForRun(
          deps,
          userId,
          { type: 'image', uploadId, cutoutId: input.cutoutIds?.[uploadId] },
          framedOk.has(uploadId),
        );
        cutoutId = judged.cutoutId;
        cutout = deps.aiProvider === 'local' ? (judged.trusted ? 'accepted' : 'untrusted') : null;
      } catch (err) {
        if (err instanceof AppError && err.appCode === 'NEEDS_FRAMED_CONSENT') {
          items.push({ uploadId, generationId: null, error: err.message, needsConsent: true, cutout: 'untrusted' });
          continue;
        }
        throw err;
      }
      const { id } = await createGeneration(deps, userId, {
        type: 'image',
        uploadId,
        prompt: input.prompt,
        category: input.category,
        batch: batchId,
        cutoutId,
      });
      items.push({ uploadId, generationId: id, error: null, needsConsent: false, cutout });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      items.push({ uploadId, generationId: null, error: err.message, needsConsent: false, cutout });
    }
  }
  return { batchId, items };
}

/** The photos a batch already runs (upload → its newest run that did not fail). */
async function runsOfBatch(db: Db, userId: string, batchId: string): Promise<Map<string, string>> {
  const rows = await batchRows(db, userId, batchId);
  const out = new Map<string, string>();
  for (const g of rows) if (g.upload_id && g.status !== 'failed') out.set(g.upload_id, g.id);
  return out;
}

/** The owner's generations of one batch, oldest first (the order the photos were given). */
async function batchRows(db: Db, userId: string, batchId: string) {
  return db
    .selectFrom('generations')
    .selectAll()
    .where('user_id', '=', userId)
    .where(sql<boolean>`parameters->>'batch' = ${batchId}`)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export async function getBatch(
  db: Db,
  userId: string,
  batchId: string,
): Promise<{ batchId: string; items: GenerationView[]; photos: BatchPhoto[] }> {
  const rows = await batchRows(db, userId, batchId);
  if (!rows.length) throw new AppError('NOT_FOUND', M.common.notFound);
  const cutouts = await cutoutsOf(db, rows);
  // The batch review (issue 26 (docs/history.md)): each photo with its latest cut-out, to edit again after a reload.
  const photos: BatchPhoto[] = [];
  for (const g of rows) {
    const latest = g.upload_id ? await currentCutout(db, g.upload_id) : undefined;
    photos.push({
      uploadId: g.upload_id,
      photoUrl: g.upload_id ? `/api/files/uploads/${g.upload_id}` : null,
      cutout: latest ? cutoutView(latest) : null,
    });
  }
  return { batchId, items: rows.map((g, i) => toView(g, cutouts[i])), photos };
}

/** A batch photo: its upload (null once removed) and its latest cut-out (what a new run would use). */
export type BatchPhoto = { uploadId: string | null; photoUrl: string | null; cutout: TCutoutResult | null };

/**
 * One zip of the batch's white images (outputs[0] of every completed photo:
 * the marketplace white image, or the framed photo when the cut-out fell back),
 * named by the photo's place in the batch, streamed as it is read: one image
 * passes through at a time, straight from storage. Null when none is ready.
 */
export async function batchWhiteZip(deps: { db: Db; storage: Storage }, userId: string, batchId: string): Promise<Readable | null> {
  const rows = await batchRows(deps.db, userId, batchId);
  const entries: { name: string; key: string }[] = [];
  for (const [i, g] of rows.entries()) {
    const first = readOutputs(g.outputs)[0];
    if (g.status !== 'completed' || !first || first.mime !== 'image/jpeg') continue;
    // Asked before the answer starts, so a batch none of whose images is stored still gets its 404.
    if (!(await deps.storage.head(first.key))) continue;
    entries.push({ name: `${String(i + 1).padStart(2, '0')}-${first.role === 'white' ? 'beyaz' : 'cerceveli'}.jpg`, key: first.key });
  }
  if (!entries.length) return null;
  return zipStream(async (zip) => {
    for (const { name, key } of entries) {
      if (zip.output.destroyed) return; // the reader left
      const opened = await deps.storage.openRead(key);
      if (opened) await zip.add(name, opened.body); // JPEGs are stored as they are
    }
  });
}
