import { router, protectedProcedure } from '../trpc/init';
import {
  ZAiProvider,
  ZCreateImage,
  ZCreateVideo,
  ZGenerationId,
  ZGenerationList,
  ZGenerationPage,
  ZGenerationStarted,
  ZGenerationUpdate,
  ZGenerationView,
} from '../../shared/schemas/generations';
import { liveOutput } from '../trpc/live-output';
import { getGeneration, listGenerations, recentGenerationViews, type GenerationView } from '../services/generations';
import { liveFeed } from '../events/live-feed';
import { startGeneration } from '../services/framed-consent';

export type GenerationUpdate = { id: string; status: GenerationView['status']; progress: number; generation: GenerationView | null };

export const generationsRouter = router({
  createImage: protectedProcedure
    .input(ZCreateImage)
    .output(ZGenerationStarted)
    .mutation(({ ctx, input }) => startGeneration(ctx, ctx.userId, { type: 'image', ...input })),

  createVideo: protectedProcedure
    .input(ZCreateVideo)
    .output(ZGenerationStarted)
    .mutation(({ ctx, input }) => startGeneration(ctx, ctx.userId, { type: 'video', ...input })),

  list: protectedProcedure
    .input(ZGenerationList)
    .output(ZGenerationPage)
    .query(({ ctx, input }) => listGenerations(ctx.db, ctx.userId, input)),

  get: protectedProcedure
    .input(ZGenerationId)
    .output(ZGenerationView)
    .query(({ ctx, input }) => getGeneration(ctx.db, ctx.userId, input.id)),

  /** Which AI provider runs generations; 'local' shows the preview-mode notice (docs/decisions.md D28). */
  provider: protectedProcedure.output(ZAiProvider).query(({ ctx }) => ({ name: ctx.aiProvider })),

  /**
   * Live status/progress of the caller's generations only: the unfinished (or just finished)
   * ones first, then every change; a finished run carries its whole view.
   */
  onUpdate: protectedProcedure.output(liveOutput(ZGenerationUpdate)).subscription(({ ctx, signal }) =>
    liveFeed(ctx.bus, signal, {
      snapshot: async () =>
        (await recentGenerationViews(ctx.db, ctx.userId)).map((generation): GenerationUpdate => ({
          id: generation.id,
          status: generation.status,
          progress: generation.progress,
          generation,
        })),
      fromEvent: async (e): Promise<GenerationUpdate | null> => {
        if (e.type !== 'generation.updated' || e.userId !== ctx.userId) return null;
        const final = e.status === 'completed' || e.status === 'failed';
        const generation = final ? await getGeneration(ctx.db, ctx.userId, e.generationId) : null;
        return { id: e.generationId, status: e.status, progress: e.progress, generation };
      },
    }),
  ),
});
