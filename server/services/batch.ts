import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { Db } from '../db';
import type { AppDeps } from '../deps';
import type { Storage } from '../providers/storage';
import { AppError } from '../errors';
import { M } from '../../shared/messages';
import type { TBatchItem, TBatchPhoto, TCreateBatch } from '../../shared/schemas/batch';
import { cutoutView, currentCutout } from './studio';
import { createGeneration, cutoutsOf, toView, type GenerationView } from './generations';
import type { Generation } from '../db/types';
import { isErased, readOutputs, rowParams } from '../db/read';
import { zipStream } from './zip-stream';
import { cutoutForRun } from './framed-consent';

/**
 * A batch (issue 12 (docs/history.md)): every photo is its own image generation through
 * `createGeneration`, so each take of credits is its own transaction under the
 * usual rules (all or nothing per photo). When the credits run out part-way,
 * the photos already accepted are kept and the rest say why; a later failure
 * of one photo refunds that photo only (the worker's ordinary refund).
 * The generations carry the batch id in `parameters.batch`.
 */
export async function createBatch(
  deps: Pick<AppDeps, 'db' | 'bus' | 'storage' | 'aiProvider'>,
  userId: string,
  input: TCreateBatch,
): Promise<{ batchId: string; items: TBatchItem[] }> {
  // A batch keeps its prompt and every photo given, in order, with its file name and state (issue 37
  // item 6): a reload of /app/batch/:id shows them all, also those that did not start.
  const batchId = input.batchId ?? randomUUID();
  const batch = await openBatch(deps.db, userId, batchId, input);
  const framedOk = new Set(input.allowFramed ?? []);
  const again = new Set(input.rerun ?? []);
  const items: TBatchItem[] = [];
  // One photo is one run (issue 33 item 13): a photo given twice is one photo, and a photo this batch
  // already runs is answered with its run, not charged again (a repeated or retried call). A photo named
  // in `rerun` whose run has finished is run again, with its current cut-out (fixed on the review).
  const running = input.batchId ? await runsOfBatch(deps.db, userId, batchId) : new Map<string, Generation>();
  for (const uploadId of new Set(input.uploadIds)) {
    let cutout: TBatchItem['cutout'] = null;
    const already = running.get(uploadId);
    const position = await photoPlace(deps.db, batchId, uploadId, input.fileNames?.[uploadId]);
    if (already && !(again.has(uploadId) && already.status === 'completed')) {
      items.push({ uploadId, generationId: already.id, error: null, needsConsent: false, cutout: null });
      continue;
    }
    const mark = (patch: { needs_consent: boolean; error: string | null }) =>
      deps.db.updateTable('batch_photos').set(patch).where('batch_id', '=', batchId).where('position', '=', position).execute();
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
          if (!already) await mark({ needs_consent: true, error: null });
          items.push({ uploadId, generationId: null, error: err.message, needsConsent: true, cutout: 'untrusted' });
          continue;
        }
        throw err;
      }
      // The take of credits, the run and the photo's pointer to its new run: one transaction.
      const { id } = await createGeneration(
        deps,
        userId,
        { type: 'image', uploadId, prompt: batch.prompt, category: batch.category ?? undefined, batch: batchId, cutoutId },
        {},
        async (trx, generationId) => {
          await trx
            .updateTable('batch_photos')
            .set({ generation_id: generationId, needs_consent: false, error: null })
            .where('batch_id', '=', batchId)
            .where('position', '=', position)
            .execute();
        },
      );
      items.push({ uploadId, generationId: id, error: null, needsConsent: false, cutout });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (!already) await mark({ needs_consent: false, error: err.message });
      items.push({ uploadId, generationId: null, error: err.message, needsConsent: false, cutout });
    }
  }
  return { batchId, items };
}

/**
 * The batch's row, made on its first call; a later call adds photos to the seller's own batch only and
 * runs them with the batch's prompt. A batch started before batches were kept (its runs only) is
 * recorded now, with its photos in the order of their runs.
 */
async function openBatch(db: Db, userId: string, batchId: string, input: TCreateBatch) {
  const found = await db.selectFrom('batches').select(['user_id', 'prompt', 'category']).where('id', '=', batchId).executeTakeFirst();
  if (found) {
    if (found.user_id !== userId) throw new AppError('NOT_FOUND', M.common.notFound);
    return found;
  }
  const earlier = input.batchId ? await batchRows(db, userId, batchId) : [];
  const prompt = (earlier[0] && promptOf(earlier[0]).prompt) ?? input.prompt;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('batches')
      .values({ id: batchId, user_id: userId, prompt, category: input.category ?? null })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const seen = new Set<string>();
    let position = 0;
    for (const g of earlier) {
      if (g.upload_id && seen.has(g.upload_id)) continue;
      if (g.upload_id) seen.add(g.upload_id);
      await trx
        .insertInto('batch_photos')
        .values({ batch_id: batchId, position: position++, upload_id: g.upload_id, generation_id: g.id })
        .onConflict((oc) => oc.columns(['batch_id', 'position']).doNothing())
        .execute();
    }
  });
  const row = await db.selectFrom('batches').select(['user_id', 'prompt', 'category']).where('id', '=', batchId).executeTakeFirstOrThrow();
  if (row.user_id !== userId) throw new AppError('NOT_FOUND', M.common.notFound);
  return row;
}

/** A run's prompt and category (none for a row account deletion emptied). */
function promptOf(g: Generation): { prompt?: string; category?: string } {
  const p = rowParams(g);
  if (isErased(p) || p.type !== 'image') return {};
  return { prompt: p.parameters.prompt, category: p.parameters.category };
}

/** The photo's place in the batch, added at the end the first time it is given (with its file name). */
async function photoPlace(db: Db, batchId: string, uploadId: string, fileName: string | undefined): Promise<number> {
  for (;;) {
    const found = await db
      .selectFrom('batch_photos')
      .select(['position', 'file_name'])
      .where('batch_id', '=', batchId)
      .where('upload_id', '=', uploadId)
      .executeTakeFirst();
    if (found) {
      if (fileName && !found.file_name) {
        await db
          .updateTable('batch_photos')
          .set({ file_name: fileName })
          .where('batch_id', '=', batchId)
          .where('position', '=', found.position)
          .execute();
      }
      return found.position;
    }
    const last = await db
      .selectFrom('batch_photos')
      .select((eb) => eb.fn.max('position').as('max'))
      .where('batch_id', '=', batchId)
      .executeTakeFirst();
    const position = last?.max == null ? 0 : Number(last.max) + 1;
    // Two calls adding a photo at once: the one that lost the place tries the next one.
    const added = await db
      .insertInto('batch_photos')
      .values({ batch_id: batchId, position, upload_id: uploadId, file_name: fileName ?? '' })
      .onConflict((oc) => oc.columns(['batch_id', 'position']).doNothing())
      .returning('position')
      .executeTakeFirst();
    if (added) return added.position;
  }
}

/** The photos a batch already runs (upload → its newest run that did not fail). */
async function runsOfBatch(db: Db, userId: string, batchId: string): Promise<Map<string, Generation>> {
  const rows = await batchRows(db, userId, batchId);
  const out = new Map<string, Generation>();
  for (const g of rows) if (g.upload_id && g.status !== 'failed') out.set(g.upload_id, g);
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

/**
 * The batch's photos in the order given, each with its latest run (null: not started). A batch from
 * before batches were kept lists its runs as its photos.
 */
async function batchPhotos(db: Db, userId: string, batchId: string) {
  const rows = await batchRows(db, userId, batchId);
  const kept = await db
    .selectFrom('batch_photos')
    .innerJoin('batches', 'batches.id', 'batch_photos.batch_id')
    .select([
      'batch_photos.position',
      'batch_photos.upload_id',
      'batch_photos.file_name',
      'batch_photos.generation_id',
      'batch_photos.needs_consent',
      'batch_photos.error',
    ])
    .where('batch_photos.batch_id', '=', batchId)
    .where('batches.user_id', '=', userId)
    .orderBy('batch_photos.position', 'asc')
    .execute();
  if (!kept.length) {
    return rows.map((g, i) => ({ position: i, uploadId: g.upload_id, fileName: null, needsConsent: false, error: null, run: g }));
  }
  const byId = new Map(rows.map((g) => [g.id, g]));
  return kept.map((p) => {
    // The newest run of the photo (a run whose pointer was not written yet still counts), else the pointer.
    const newest = p.upload_id ? rows.filter((g) => g.upload_id === p.upload_id).at(-1) : undefined;
    const run = newest ?? (p.generation_id ? byId.get(p.generation_id) : undefined) ?? null;
    return {
      position: p.position,
      uploadId: p.upload_id,
      fileName: p.file_name || null,
      needsConsent: p.needs_consent,
      error: p.error,
      run,
    };
  });
}

export async function getBatch(
  db: Db,
  userId: string,
  batchId: string,
): Promise<{ batchId: string; prompt: string; category: string | null; items: GenerationView[]; photos: BatchPhoto[] }> {
  const photos = await batchPhotos(db, userId, batchId);
  if (!photos.length) throw new AppError('NOT_FOUND', M.common.notFound);
  const head = await db.selectFrom('batches').select(['prompt', 'category']).where('id', '=', batchId).executeTakeFirst();
  const runs = photos.flatMap((p) => (p.run ? [p.run] : []));
  const cutouts = await cutoutsOf(db, runs);
  const views = new Map(runs.map((g, i) => [g.id, toView(g, cutouts[i])]));
  const firstParams = runs[0] ? promptOf(runs[0]) : {};
  // The batch review (issue 26 (docs/history.md)): each photo with its latest cut-out, to edit again after a reload.
  const out: BatchPhoto[] = [];
  for (const p of photos) {
    const latest = p.uploadId ? await currentCutout(db, p.uploadId) : undefined;
    const run = p.run ? views.get(p.run.id)! : null;
    out.push({
      position: p.position,
      uploadId: p.uploadId,
      fileName: p.fileName,
      photoUrl: p.uploadId ? `/api/files/uploads/${p.uploadId}` : null,
      cutout: latest ? cutoutView(latest) : null,
      generationId: run?.id ?? null,
      state: run ? 'run' : p.needsConsent ? 'needs_consent' : 'refused',
      error: run ? null : p.needsConsent ? M.studio.needsConsent : p.error,
    });
  }
  return {
    batchId,
    prompt: head?.prompt ?? firstParams.prompt ?? '',
    category: head?.category ?? firstParams.category ?? null,
    items: [...views.values()],
    photos: out,
  };
}

/**
 * A batch photo, in the order given: its upload (null once removed), its file name as picked (null
 * when not known), its latest cut-out (what a new run would use), its latest run, and its state: `run`
 * (see the run's status), `needs_consent` (no trustworthy cut-out and no framed consent yet; fix the
 * cut-out or agree), `refused` (not started, `error` says why, nothing was charged).
 */
export type BatchPhoto = TBatchPhoto;

/**
 * One zip of the batch's white images (outputs[0] of every completed photo:
 * the marketplace white image, or the framed photo when the cut-out fell back),
 * named by the photo's place in the batch, streamed as it is read: one image
 * passes through at a time, straight from storage. Null when none is ready.
 */
export async function batchWhiteZip(deps: { db: Db; storage: Storage }, userId: string, batchId: string): Promise<Readable | null> {
  // Each photo's latest run (a photo fixed and run again: its new image), numbered by its place.
  const photos = await batchPhotos(deps.db, userId, batchId);
  const entries: { name: string; key: string }[] = [];
  for (const p of photos) {
    const g = p.run;
    const first = g ? readOutputs(g.outputs)[0] : undefined;
    if (!g || g.status !== 'completed' || !first || first.mime !== 'image/jpeg') continue;
    // Asked before the answer starts, so a batch none of whose images is stored still gets its 404.
    if (!(await deps.storage.head(first.key))) continue;
    entries.push({
      name: `${String(p.position + 1).padStart(2, '0')}-${first.role === 'white' ? 'beyaz' : 'cerceveli'}.jpg`,
      key: first.key,
    });
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
