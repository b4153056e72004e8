import { cutOut, type CutoutHints, type CutoutResult } from './cutout.js';
import { exportImage, type ExportInput, type ExportResult } from './export-render.js';
import { renderStudioImages, type StudioImagesInput } from './images.js';
import type { ExportPreset } from '../../shared/export-presets.js';
import { loadDetector, loadOpenCv } from './wasm.js';
import {
  acceptMask,
  openEditorPhoto,
  type AcceptResult,
  refineMask,
  type EditorMask,
  type EditorPhoto,
  type RefineInput,
} from './refine.js';
import type { Box } from './detect.js';
import type { Point } from './cutout.js';
import type { ProviderOutput } from '../providers/ai/types.js';
import { paintVideo, type StudioVideoInput, type VideoPaint } from './video-cutout.js';

/** The CPU-heavy studio work that runs on the worker-thread pool, never on the event loop. */
export type StudioTask =
  | { kind: 'cutout'; bytes: Buffer; hints: CutoutHints }
  | { kind: 'images'; input: StudioImagesInput }
  // A video's layers painted into `dir` (video-cutout.ts); ffmpeg then encodes them outside the pool.
  | { kind: 'video-paint'; input: StudioVideoInput; dir: string }
  | { kind: 'export'; input: ExportInput; preset: Pick<ExportPreset, 'width' | 'height' | 'fill'> }
  // The editor's warm session (refine.ts): open once, a round per stroke, the final cut-out at accept.
  | { kind: 'editor-open'; bytes: Buffer; maskPng: Buffer | null }
  | { kind: 'refine'; input: RefineInput }
  | {
      kind: 'editor-accept';
      bytes: Buffer;
      photo: Pick<EditorPhoto, 'w' | 'h' | 'lab'>;
      mask: Uint8Array;
      box: Box | null;
      remove: Point[];
      /** The seller edited the mask: the gate's findings are warnings (refine.ts acceptMask). */
      sellerDecides?: boolean;
    };

export type StudioTaskResult<T extends StudioTask> = T extends { kind: 'cutout' }
  ? CutoutResult
  : T extends { kind: 'editor-accept' }
    ? AcceptResult
    : T extends { kind: 'editor-open' }
      ? { photo: EditorPhoto; opening: EditorMask }
      : T extends { kind: 'refine' }
        ? EditorMask
        : T extends { kind: 'export' }
          ? ExportResult
          : T extends { kind: 'video-paint' }
            ? VideoPaint
            : ProviderOutput[];

/** Buffers arrive as Uint8Array after the thread hop; sharp and the pipeline want Buffers. */
const buf = (b: Uint8Array | null | undefined) => (b ? Buffer.from(b.buffer, b.byteOffset, b.byteLength) : b);

/** Loads OpenCV.js and the detector, so a thread's first cut-out does not wait for them. */
export async function warmUp(): Promise<void> {
  await Promise.all([loadOpenCv(), loadDetector()]);
}

export async function runTask(task: StudioTask, onProgress: (pct: number) => void): Promise<unknown> {
  if (task.kind === 'cutout') return cutOut(buf(task.bytes) as Buffer, task.hints);
  if (task.kind === 'editor-open') return openEditorPhoto(buf(task.bytes) as Buffer, buf(task.maskPng) ?? null);
  if (task.kind === 'refine') return refineMask(task.input);
  if (task.kind === 'editor-accept') return acceptMask({ ...task, bytes: buf(task.bytes) as Buffer });
  if (task.kind === 'video-paint') {
    const input = { ...task.input, imageBytes: buf(task.input.imageBytes) as Buffer, cutoutPng: buf(task.input.cutoutPng) ?? null };
    return paintVideo(input, task.dir);
  }
  if (task.kind === 'export') {
    const input = { ...task.input, bytes: buf(task.input.bytes) as Buffer, cutoutPng: buf(task.input.cutoutPng) ?? null };
    return exportImage(input, task.preset);
  }
  const input = { ...task.input, imageBytes: buf(task.input.imageBytes) as Buffer, cutoutPng: buf(task.input.cutoutPng) ?? null };
  return renderStudioImages(input, onProgress);
}
