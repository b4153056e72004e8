import { tracked } from '@trpc/server';
import { z } from '../../shared/zod';
import { router, protectedProcedure } from '../trpc/init';
import { ZCreateImage, ZCreateVideo, ZGenerationId, ZGenerationList } from '../../shared/schemas/generations';
import { createGeneration, cutoutsOf, getGeneration, listGenerations, toView, type GenerationView } from '../services/generations';

export type GenerationUpdate = { id: string; status: GenerationView['status']; progress: number; generation: GenerationView | null };

export const generationsRouter = router({
  createImage: protectedProcedure.input(ZCreateImage).mutation(async ({ ctx, input }) => {
    const result = await createGeneration(ctx.db, ctx.bus, ctx.userId, { type: 'image', ...input });
    ctx.onJobQueued();
    return result;
  }),

  createVideo: protectedProcedure.input(ZCreateVideo).mutation(async ({ ctx, input }) => {
    const result = await createGeneration(ctx.db, ctx.bus, ctx.userId, { type: 'video', ...input });
    ctx.onJobQueued();
    return result;
  }),

  list: protectedProcedure.input(ZGenerationList).query(({ ctx, input }) => listGenerations(ctx.db, ctx.userId, input)),

  get: protectedProcedure.input(ZGenerationId).query(({ ctx, input }) => getGeneration(ctx.db, ctx.userId, input.id)),

  /** Which AI provider runs generations; 'local' shows the preview-mode notice (D28). */
  provider: protectedProcedure.query(({ ctx }) => ({ name: ctx.aiProvider })),

  /**
   * Live status/progress of the caller's generations only. Subscribes first, then backfills
   * the current state of unfinished (or just finished) jobs, so a reconnect misses nothing.
   */
  onUpdate: protectedProcedure
    .input(z.object({ lastEventId: z.string().nullish() }).optional())
    .subscription(async function* ({ ctx, signal }) {
      const events = ctx.bus.subscribe(signal)[Symbol.asyncIterator]();
      let seq = 0;
      const id = () => `${Date.now()}-${seq++}`;
      // Current state of unfinished (or just finished) jobs: at the start, and again after the
      // event bus was down (events in that gap never arrive).
      const backfill = async () => {
        const since = new Date(Date.now() - 5 * 60_000);
        const recent = await ctx.db
          .selectFrom('generations')
          .selectAll()
          .where('user_id', '=', ctx.userId)
          .where((eb) => eb.or([eb('status', 'in', ['queued', 'processing']), eb('updated_at', '>=', since)]))
          .orderBy('created_at', 'desc')
          .limit(20)
          .execute();
        const cutouts = await cutoutsOf(ctx.db, recent);
        return recent.map((g, i) =>
          tracked(id(), { id: g.id, status: g.status, progress: g.progress, generation: toView(g, cutouts[i]) } satisfies GenerationUpdate),
        );
      };
      yield* await backfill();
      while (true) {
        const next = await events.next();
        if (next.done) return;
        const e = next.value;
        if (e.type === 'bus.resumed') {
          yield* await backfill();
          continue;
        }
        if (e.type !== 'generation.updated' || e.userId !== ctx.userId) continue;
        const final = e.status === 'completed' || e.status === 'failed';
        const generation = final ? await getGeneration(ctx.db, ctx.userId, e.generationId) : null;
        yield tracked(id(), {
          id: e.generationId,
          status: e.status as GenerationView['status'],
          progress: e.progress,
          generation,
        } satisfies GenerationUpdate);
      }
    }),
});
