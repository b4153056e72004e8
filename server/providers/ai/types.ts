/**
 * The AI provider contract shared by the local studio provider and fal.ai.
 *
 * A generation is two steps so that a worker can die between them safely:
 *   1. `submitImage` / `submitVideo` returns an opaque `requestId`; the caller
 *      persists it BEFORE waiting.
 *   2. `waitForResult` waits for that request. A later worker that finds a
 *      stored id calls `waitForResult` again instead of submitting, so a
 *      provider request that already finished is never sent twice.
 * `runProviderJob` (run-job.ts) wraps both steps for the worker.
 */

import type { ImageParams, SceneControls, VideoParams } from '../../../shared/schemas/generations.js';

export { ASPECT_RATIOS, IMAGES_PER_RUN, VIDEO_DURATIONS, type AspectRatio } from '../../../shared/constants.js';

/** The stored image parameters the provider reads (`category`, `scene`: the local studio's scene plan), and the photo. */
export type ImageJobInput = Pick<ImageParams, 'prompt' | 'category' | 'numImages' | 'scene'> & {
  imageBytes: Buffer;
  mime: string;
  /**
   * The upload's cut-out (PNG with alpha at the photo's size) that the local
   * studio composes from and the fal studio makes its scenes around; null when the cut-out fell back.
   */
  cutoutPng?: Buffer | null;
  /** The seller whose run it is: the local studio serves sellers in turn. fal ignores it. */
  owner?: string;
};

/**
 * The stored video parameters the provider reads, and the photo. `prompt` may be empty (fal
 * gets a neutral default prompt then); `duration` is whole seconds within VIDEO_DURATIONS.
 */
export type VideoJobInput = Pick<VideoParams, 'prompt' | 'duration' | 'aspectRatio' | 'resolution'> & {
  imageBytes: Buffer;
  mime: string;
  /** Local studio only: the upload's cut-out (PNG with alpha) the video stages on the prompt's scene; null/absent frames the photo. */
  cutoutPng?: Buffer | null;
  /** Local studio only: product category for the scene plan. */
  category?: string;
  /** Local studio only: the seller's scene controls (the video stages the product on the same scene as the images). */
  scene?: SceneControls;
  /** The seller whose run it is: the local studio paints the video's layers on the pool in the seller's turn. */
  owner?: string;
  /**
   * Local studio only: the video's long side at most this (a test key's run, which is delivered at
   * TEST_OUTPUT_MAX px: rendered small instead of rendered at 1080p and shrunk). fal ignores it.
   */
  maxSide?: number;
};

/** width/height: the real pixel size, when the provider knows it (shown to the seller, docs/decisions.md D31). */
export type ProviderOutput =
  /** role: set by providers that know what an image is (the fal studio's 'white' image and 'scene's). */
  | {
      bytes: Buffer;
      mime: 'image/jpeg';
      ext: 'jpg';
      width?: number;
      height?: number;
      role?: 'white' | 'scene';
      /** Local studio scenes: the camera view they were composed for (exports compose again the same way). */
      view?: 'top' | 'side';
    }
  | { bytes: Buffer; mime: 'video/mp4'; ext: 'mp4'; width?: number; height?: number };

/**
 * What `waitForResult` needs to find (or rebuild) a request.
 * `loadInput`: the local provider keeps requests in memory, so after a restart
 * it re-runs the (deterministic) render from the same input; fal's studio reads
 * the photo and cut-out from it to lay the product's own pixels into each scene.
 */
export type AiRequest =
  | { kind: 'image'; requestId: string; loadInput: () => Promise<ImageJobInput> }
  | { kind: 'video'; requestId: string; loadInput: () => Promise<VideoJobInput> };

export type WaitOptions = {
  /** 0-100, never decreasing within one call; 100 only when outputs are ready. */
  onProgress?: (pct: number) => void;
  /** Stops waiting (rejects with the signal's reason). The provider request itself keeps running. */
  signal?: AbortSignal;
};

/**
 * Input files a provider put on its own storage for a run (fal's CDN URLs, by role), kept on
 * the run's row: a retried or resumed run reuses them instead of uploading the photo again.
 */
export type ProviderInputs = Record<string, string>;

export type SubmitContext = {
  /** What an earlier attempt of this run uploaded, if anything. */
  inputs?: ProviderInputs | null;
  /** Records uploads on the run before the request that uses them is sent. */
  saveInputs?: (inputs: ProviderInputs) => Promise<void>;
};

export interface AiProvider {
  readonly name: 'local' | 'fal';
  /**
   * Which jobs compose from a cut-out: the worker passes the run's own (fixed when the run was
   * accepted, services/studio.ts chooseCutout) as `cutoutPng`. true: images and videos (the local
   * studio); 'image': image runs only (fal, whose video model takes the photo).
   */
  readonly usesCutout?: boolean | 'image';
  /** Opaque id, at most ~200 characters; persist it before waiting. */
  submitImage(input: ImageJobInput, context?: SubmitContext): Promise<{ requestId: string }>;
  submitVideo(input: VideoJobInput, context?: SubmitContext): Promise<{ requestId: string }>;
  /** Resolves with 4 JPEGs for images, one MP4 for video; rejects with ProviderError. */
  waitForResult(request: AiRequest, options?: WaitOptions): Promise<ProviderOutput[]>;
}
