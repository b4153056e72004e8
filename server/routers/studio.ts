import { z } from 'zod';
import { router, protectedProcedure } from '../trpc/init';
import { ZCutoutInput, ZCutoutResult } from '../../shared/schemas/generations';
import { ZEditorOpen, ZEditorOpened, ZEditorPreview, ZEditorRefine } from '../../shared/schemas/editor';
import { ZOk } from '../../shared/schemas/common';
import { chooseCutout, cutoutView, runCutout } from '../services/studio';
import { editorSessions } from '../services/cutout-sessions';

export const studioRouter = router({
  /**
   * The product's cut-out for an upload, automatic or guided by the seller's
   * box and keep/remove strokes (fractions of the oriented photo). Owner only,
   * rate limited, no credits; runs on the studio worker threads.
   */
  cutout: protectedProcedure
    .input(ZCutoutInput)
    .output(ZCutoutResult)
    .mutation(async ({ ctx, input }) => {
      return runCutout({ db: ctx.db, storage: ctx.storage }, ctx.userId, input);
    }),

  /**
   * The photo's cut-out as a run would use it now (issue 37): the seller's accepted one, else the
   * automatic one (made now, rate limited, when there is none yet). The page shows this, never a fresh
   * automatic cut-out over what the seller accepted.
   */
  current: protectedProcedure
    .input(ZEditorOpen)
    .output(ZCutoutResult)
    .mutation(async ({ ctx, input }) =>
      cutoutView(await chooseCutout({ db: ctx.db, storage: ctx.storage }, ctx.userId, input.uploadId, null)),
    ),

  /** The editor (issue 26 (docs/history.md)): opens a warm session on the owner's upload; answers the opening mask. */
  editorOpen: protectedProcedure
    .input(ZEditorOpen)
    .output(ZEditorOpened)
    .mutation(({ ctx, input }) => editorSessions.open({ db: ctx.db, storage: ctx.storage }, ctx.userId, input.uploadId)),

  /** One live round: the working-size mask for the box and strokes, with the gate's preview verdict. */
  refine: protectedProcedure
    .input(ZEditorRefine)
    .output(ZEditorPreview)
    .mutation(({ ctx, input }) => editorSessions.refine({ db: ctx.db, storage: ctx.storage }, ctx.userId, input)),

  /** The final cut-out, made once from the previewed mask and judged by the gate; the upload's latest from now on. */
  accept: protectedProcedure
    .input(ZEditorRefine)
    .output(ZCutoutResult)
    .mutation(({ ctx, input }) => editorSessions.accept({ db: ctx.db, storage: ctx.storage }, ctx.userId, input)),

  /** The editor closed: its memory is given back at once. */
  editorClose: protectedProcedure
    .input(z.object({ sessionId: z.uuid() }))
    .output(ZOk)
    .mutation(({ ctx, input }) => {
      editorSessions.close(ctx.userId, input.sessionId);
      return { ok: true };
    }),
});
