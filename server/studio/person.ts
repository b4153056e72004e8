import sharp from 'sharp';
import { detectObjects } from './detect.js';
import { loadSegmenter } from './wasm.js';

/** The segmenter's input: MediaPipe Selfie Segmentation (general model), 256×256 RGB scaled to 0..1. */
const SIDE = 256;
/** The detector's "person" at this score or above is a person (a butterfly scored 0.50 as one). */
const PERSON_SCORE = 0.6;

/**
 * Where the photo shows a person (a model wearing the product, a figure holding it): for each pixel
 * at the working size, the person segmenter's probability (0..255) that it belongs to the person and
 * what the person holds. Null when the detector finds no person, the segmenter is not run then.
 * Why: a person framed to the photo's edges leaves grabCut no background to learn from (refine.ts).
 */
export async function personMap(rgb: Uint8Array, w: number, h: number): Promise<Uint8Array | null> {
  const found = await detectObjects(rgb, w, h);
  if (!found.some((d) => d.label === 'person' && d.score >= PERSON_SCORE)) return null;
  const { tf, model } = await loadSegmenter();
  const small = await sharp(rgb, { raw: { width: w, height: h, channels: 3 } })
    .resize(SIDE, SIDE, { fit: 'fill' })
    .raw()
    .toBuffer();
  const input = tf.tensor4d(
    Float32Array.from(small, (v) => v / 255),
    [1, SIDE, SIDE, 3],
  );
  const output = model.execute(input) as import('@tensorflow/tfjs-core').Tensor;
  input.dispose();
  const p = (await output.data()) as Float32Array;
  output.dispose();
  const map = Uint8Array.from(p, (v) => Math.round(Math.min(1, Math.max(0, v)) * 255));
  const full = await sharp(map, { raw: { width: SIDE, height: SIDE, channels: 1 } })
    .resize(w, h, { fit: 'fill' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  return Uint8Array.from(full);
}
