import { z } from '../zod';
import { M } from '../messages/app';
import { CUTOUT_LIMITS, EDITOR_LIMITS } from '../constants';
import { ZCutoutBox, ZCutoutPoint, ZCutoutReason, ZCutoutResult } from './generations';

/**
 * The cut-out editor's live preview (issue 26 (docs/history.md)): procedures beside the unchanged
 * `studio.cutout`. A session is per seller and upload; strokes are keep/remove points in fractions
 * of the oriented photo, grouped per brush stroke (undo and redo work per stroke).
 */
export const ZEditorStroke = z.object({
  kind: z.enum(['keep', 'remove']),
  /** Brush radius as a share of the photo's longer side. */
  radius: z.number().min(EDITOR_LIMITS.minBrush).max(EDITOR_LIMITS.maxBrush),
  points: z.array(ZCutoutPoint).min(1).max(CUTOUT_LIMITS.maxStrokePoints),
});
export type EditorStroke = z.infer<typeof ZEditorStroke>;

export const ZEditorOpen = z.object({ uploadId: z.uuid(M.generation.needPhoto) });

/** A live round's input; accepting takes the same (the box and strokes the seller last saw). */
export const ZEditorRefine = z.object({
  sessionId: z.uuid(),
  box: ZCutoutBox.nullable().optional(),
  strokes: z
    .array(ZEditorStroke)
    .max(EDITOR_LIMITS.maxStrokes)
    .refine((s) => s.reduce((n, st) => n + st.points.length, 0) <= EDITOR_LIMITS.maxPoints),
});
export type TEditorRefine = z.input<typeof ZEditorRefine>;

/** A round's answer: the working-size mask (white PNG with alpha) as a data URL and the gate's preview verdict. */
export const ZEditorPreview = z.object({
  sessionId: z.uuid(),
  width: z.number().int(),
  height: z.number().int(),
  maskDataUrl: z.string(),
  reasons: z.array(ZCutoutReason),
  /** The reasons and the next step in the seller's language; null when the gate would accept. */
  note: z.string().nullable(),
  ms: z.number(),
});
export type TEditorPreview = z.infer<typeof ZEditorPreview>;

export const ZEditorOpened = ZEditorPreview.extend({ cutout: ZCutoutResult.nullable() });
export type TEditorOpened = z.infer<typeof ZEditorOpened>;
