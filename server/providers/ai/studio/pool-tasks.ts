import { cutOut, type CutoutHints, type CutoutResult } from './cutout.js';
import { renderStudioImages, type StudioImagesInput } from './images.js';
import { loadDetector, loadOpenCv } from './wasm.js';
import type { ProviderOutput } from '../types.js';

/** The CPU-heavy studio work that runs on the worker-thread pool, never on the event loop. */
export type StudioTask = { kind: 'cutout'; bytes: Buffer; hints: CutoutHints } | { kind: 'images'; input: StudioImagesInput };

export type StudioTaskResult<T extends StudioTask> = T extends { kind: 'cutout' } ? CutoutResult : ProviderOutput[];

/** Buffers arrive as Uint8Array after the thread hop; sharp and the pipeline want Buffers. */
const buf = (b: Uint8Array | null | undefined) => (b ? Buffer.from(b.buffer, b.byteOffset, b.byteLength) : b);

/** Loads OpenCV.js and the detector, so a thread's first cut-out does not wait for them. */
export async function warmUp(): Promise<void> {
  await Promise.all([loadOpenCv(), loadDetector()]);
}

export async function runTask(task: StudioTask, onProgress: (pct: number) => void): Promise<unknown> {
  if (task.kind === 'cutout') return cutOut(buf(task.bytes) as Buffer, task.hints);
  const input = { ...task.input, imageBytes: buf(task.input.imageBytes) as Buffer, cutoutPng: buf(task.input.cutoutPng) ?? null };
  return renderStudioImages(input, onProgress);
}
