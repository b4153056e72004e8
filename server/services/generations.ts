import { randomUUID } from 'node:crypto';
import { paginate } from '../db/paginate';
import type { Db } from '../db';
import type { Generation } from '../db/types';
import { AppError } from '../errors';
import { M } from '../../shared/messages';
import { getSettings } from './settings';
import { applyExpiry } from './credits';
import { takeCredits } from './ledger';
import {
  ZImageParams,
  ZVideoParams,
  type GenerationParams,
  type ImageParams,
  type TGenerationView,
  type VideoParams,
} from '../../shared/schemas/generations';
import { isErased, readOutputs, rowParams } from '../db/read';
import { cutoutView, type CutoutRow } from './studio';
import { queueLowCredits } from './notifications';
import type { AppDeps } from '../deps';
import { announceBalance } from '../events/announce';
import { credits } from '../lib/metrics';
import { log } from '../lib/log';
import { wakeSignal } from '../lib/wake-signal';

export type CreateInput = (
  | ({ type: 'image'; uploadId: string } & Pick<ImageParams, 'prompt' | 'category' | 'batch' | 'scene' | 'subject'>)
  | ({ type: 'video'; uploadId: string } & Pick<VideoParams, 'prompt' | 'duration' | 'aspectRatio' | 'scene'>)
) & {
  /** The cut-out fixed before the run was accepted (framed-consent.ts); the worker uses exactly it. */
  cutoutId?: string | null;
};

/**
 * The row's `parameters`: the seller's input read by its kind's stored-shape schema, whose defaults
 * are the fixed settings (four JPEGs; the video resolution) and which drops what is not a parameter
 * (`type`, `uploadId`, `cutoutId`). An empty scene is no scene: the studio's own choice.
 */
function parametersOf(input: CreateInput): GenerationParams {
  const scene = input.scene && Object.keys(input.scene).length ? input.scene : undefined;
  if (input.type === 'image') return ZImageParams.parse({ ...input, category: input.category || undefined, scene });
  return ZVideoParams.parse({ ...input, scene, seed: Math.floor(Math.random() * 2 ** 31) });
}

const generationQueued = wakeSignal();

/** Generation workers in this process subscribe, so a queued run starts without waiting for the poll. */
export const onGenerationQueued = generationQueued.subscribe;

/** Wakes this process's generation workers (after the transaction that queued a run has committed). */
export const wakeGenerationWorkers = generationQueued.wake;

/**
 * Accepts a generation: in ONE transaction the credits are taken with a conditional update,
 * the `queued` row is inserted and the usage rows are written. Not enough credits → nothing.
 * Then it wakes this process's workers itself (`wakeGenerationWorkers`), so no caller has to remember to.
 */
export async function createGeneration(
  deps: Pick<AppDeps, 'db' | 'bus'>,
  userId: string,
  input: CreateInput,
  /**
   * `apiKeyId`: the run came over the seller API with this key (its usage on the admin's user page).
   * `livemode: false`: a test key's run (issue 34 item 4): no credits are taken and no ledger row is
   * written (nor the balance checked). `consentRequired`: the API's run accepted before its cut-out
   * was judged, without consent to a framed run (issue 34 item 9; the worker judges it).
   */
  source: { apiKeyId?: string; livemode?: boolean; consentRequired?: boolean } = {},
  /** More writes that belong to the same take of credits (a batch photo pointing at its new run). */
  within?: (trx: Db, generationId: string) => Promise<void>,
): Promise<{ id: string }> {
  const { db, bus } = deps;
  await applyExpiry(db, userId);
  const settings = await getSettings(db);
  const livemode = source.livemode ?? true;
  const cost = !livemode ? 0 : input.type === 'image' ? settings.imageCreditCost : settings.videoCreditCost;
  const id = randomUUID();
  const parameters = parametersOf(input);
  const balance = await db.transaction().execute(async (trx) => {
    const upload = await trx
      .selectFrom('uploads')
      .select('id')
      .where('id', '=', input.uploadId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!upload) throw new AppError('NOT_FOUND', input.type === 'image' ? M.generation.needPhotoAndPrompt : M.generation.needPhoto);
    await trx
      .insertInto('generations')
      .values({
        id,
        user_id: userId,
        upload_id: input.uploadId,
        type: input.type,
        credits_used: cost,
        parameters: JSON.stringify(parameters),
        api_key_id: source.apiKeyId ?? null,
        ...(input.cutoutId ? { cutout_id: input.cutoutId } : {}),
        ...(livemode ? {} : { livemode: false }),
        ...(source.consentRequired ? { consent_required: true } : {}),
      })
      .execute();
    await within?.(trx, id);
    if (!livemode) return null;
    return takeCredits(
      trx,
      {
        userId,
        amount: cost,
        reason: 'generation',
        ref: id,
        type: 'usage',
        description: input.type === 'image' ? M.credits.usageImage : M.credits.usageVideo,
        generationId: id,
      },
      () => M.generation.insufficient,
    );
  });
  if (balance !== null) {
    announceBalance(bus, userId, balance);
    credits.inc({ direction: 'charged' }, cost);
  }
  bus.publish({ type: 'generation.updated', userId, generationId: id, status: 'queued', progress: 0 });
  wakeGenerationWorkers();
  // "Kredileriniz azalıyor" when this take crossed the period's low line (once a period, by its dedupe key).
  if (balance !== null)
    await queueLowCredits(db, { userId, before: balance + cost, after: balance }).catch((err) =>
      log().error({ err }, 'low-credits e-mail could not be queued'),
    );
  return { id };
}

export type GenerationView = TGenerationView;

type CutoutRef = CutoutRow;

/**
 * Output URLs are served by /api/files only to the owner's session. An erased row has no owner
 * any more (account deletion empties it), so no one is shown it: it is not found.
 */
export function toView(g: Generation, cutout?: CutoutRef | null): GenerationView {
  const params = rowParams(g);
  if (isErased(params)) throw new AppError('NOT_FOUND', M.common.notFound);
  const outputs = readOutputs(g.outputs);
  const cut = cutout && g.cutout_id === cutout.id ? cutoutView(cutout) : null;
  return {
    ...params,
    id: g.id,
    status: g.status,
    progress: g.progress,
    prompt: params.parameters.prompt,
    creditsUsed: g.credits_used,
    outputs: outputs.map((_, i) => `/api/files/generations/${g.id}/${i}`),
    thumbnails: outputs.map((_, i) => `/api/files/generations/${g.id}/${i}?thumb=1`),
    outputSizes: outputs.map((o) => (o.width && o.height ? { width: o.width, height: o.height } : null)),
    outputRoles: outputs.map((o) => o.role ?? null),
    cutoutId: g.cutout_id,
    cutoutUrl: g.status === 'completed' ? (cut?.cutoutUrl ?? null) : null,
    cutoutNote: g.status === 'completed' ? (cut?.note ?? null) : null,
    errorMessage: g.error_message,
    createdAt: new Date(g.created_at).toISOString(),
    completedAt: g.completed_at ? new Date(g.completed_at).toISOString() : null,
  };
}

export async function getGeneration(db: Db, userId: string, id: string): Promise<GenerationView> {
  const g = await db.selectFrom('generations').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!g) throw new AppError('NOT_FOUND', M.common.notFound);
  return toView(g, (await cutoutsOf(db, [g]))[0]);
}

/** The cut-out rows the given generations used, in the same order (null where none). */
export async function cutoutsOf(db: Db, rows: Generation[]): Promise<Array<CutoutRef | null>> {
  const ids = [...new Set(rows.map((g) => g.cutout_id).filter((id): id is string => !!id))];
  if (!ids.length) return rows.map(() => null);
  const found = await db
    .selectFrom('cutouts')
    .select(['id', 'storage_key', 'width', 'height', 'note_code', 'reasons', 'mask_key'])
    .where('id', 'in', ids)
    .execute();
  const byId = new Map(found.map((c) => [c.id, c]));
  return rows.map((g) => (g.cutout_id ? (byId.get(g.cutout_id) ?? null) : null));
}

/** Newest first, page by page (Mantine Pagination on the history screen). */
export async function listGenerations(
  db: Db,
  userId: string,
  opts: { page: number; pageSize: number },
): Promise<{ items: GenerationView[]; total: number; page: number; pageSize: number }> {
  const { rows, total } = await paginate(
    // A test key's runs are the API's own (issue 34 item 4): the page's history shows live runs only.
    db.selectFrom('generations').where('user_id', '=', userId).where('livemode', '=', true),
    (q) => q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
    opts,
  );
  const cutouts = await cutoutsOf(db, rows);
  return { items: rows.map((g, i) => toView(g, cutouts[i])), total, page: opts.page, pageSize: opts.pageSize };
}

/** The caller's unfinished runs and those finished in the last five minutes (live feed snapshot). */
export async function recentGenerationViews(db: Db, userId: string): Promise<GenerationView[]> {
  const since = new Date(Date.now() - 5 * 60_000);
  const recent = await db
    .selectFrom('generations')
    .selectAll()
    .where('user_id', '=', userId)
    .where('livemode', '=', true)
    .where((eb) => eb.or([eb('status', 'in', ['queued', 'processing']), eb('updated_at', '>=', since)]))
    .orderBy('created_at', 'desc')
    .limit(20)
    .execute();
  const cutouts = await cutoutsOf(db, recent);
  return recent.map((g, i) => toView(g, cutouts[i]));
}
