import { loadDetector } from './wasm.js';

// Pixel loops read typed arrays at indexes below their length (the loop bounds: w * h pixels,
// 3 channels each; model outputs by cell and class); the `!` on those reads states that, at no run-time cost.

/** A box in fractions 0..1 of the photo (x, y = top-left). */
export type Box = { x: number; y: number; width: number; height: number };
export type Detection = Box & { score: number; label: string };

const INPUT = 416;
const STRIDES = [8, 16, 32] as const;
const REG_MAX = 10;
/** NanoDet was trained on BGR input normalised with these (plain /255 gives junk). */
const MEAN = [103.53, 116.28, 123.675] as const;
const STD = [57.375, 57.12, 58.395] as const;
const MIN_SCORE = 0.3;

const COCO = [
  'person',
  'bicycle',
  'car',
  'motorcycle',
  'airplane',
  'bus',
  'train',
  'truck',
  'boat',
  'traffic light',
  'fire hydrant',
  'stop sign',
  'parking meter',
  'bench',
  'bird',
  'cat',
  'dog',
  'horse',
  'sheep',
  'cow',
  'elephant',
  'bear',
  'zebra',
  'giraffe',
  'backpack',
  'umbrella',
  'handbag',
  'tie',
  'suitcase',
  'frisbee',
  'skis',
  'snowboard',
  'sports ball',
  'kite',
  'baseball bat',
  'baseball glove',
  'skateboard',
  'surfboard',
  'tennis racket',
  'bottle',
  'wine glass',
  'cup',
  'fork',
  'knife',
  'spoon',
  'bowl',
  'banana',
  'apple',
  'sandwich',
  'orange',
  'broccoli',
  'carrot',
  'hot dog',
  'pizza',
  'donut',
  'cake',
  'chair',
  'couch',
  'potted plant',
  'bed',
  'dining table',
  'toilet',
  'tv',
  'laptop',
  'mouse',
  'remote',
  'keyboard',
  'cell phone',
  'microwave',
  'oven',
  'toaster',
  'sink',
  'refrigerator',
  'book',
  'clock',
  'vase',
  'scissors',
  'teddy bear',
  'hair drier',
  'toothbrush',
];
/** Furniture and fixtures a product stands on or in front of, never the product itself. */
const BACKGROUND_CLASSES = new Set(['dining table', 'bed', 'couch', 'bench', 'sink', 'tv', 'refrigerator', 'oven', 'toilet']);

/**
 * NanoDet on the photo (stretched to 416×416), decoded as its GFL head is
 * defined: per side a softmax over 0..10 bins, expectation times the stride.
 * Returns non-background detections, best first, after class-agnostic NMS.
 */
export async function detectObjects(rgb: Uint8Array, width: number, height: number): Promise<Detection[]> {
  const { tf, model } = await loadDetector();
  const planes = new Float32Array(3 * INPUT * INPUT);
  // Nearest-neighbour resample with BGR plane order; the detector is robust to this at 416 px.
  for (let y = 0; y < INPUT; y++) {
    const sy = Math.min(height - 1, Math.floor(((y + 0.5) * height) / INPUT));
    for (let x = 0; x < INPUT; x++) {
      const sx = Math.min(width - 1, Math.floor(((x + 0.5) * width) / INPUT));
      const s = (sy * width + sx) * 3;
      const d = y * INPUT + x;
      planes[d] = (rgb[s + 2]! - MEAN[0]) / STD[0];
      planes[INPUT * INPUT + d] = (rgb[s + 1]! - MEAN[1]) / STD[1];
      planes[2 * INPUT * INPUT + d] = (rgb[s]! - MEAN[2]) / STD[2];
    }
  }
  const input = tf.tensor4d(planes, [1, 3, INPUT, INPUT]);
  const outputs = model.execute(input) as import('@tensorflow/tfjs-core').Tensor[];
  input.dispose();
  const arrays = await Promise.all(outputs.map(async (t) => ({ shape: t.shape, data: (await t.data()) as Float32Array })));
  outputs.forEach((t) => t.dispose());

  const found: Detection[] = [];
  for (const stride of STRIDES) {
    const side = Math.ceil(INPUT / stride);
    const cells = side * side;
    const scores = arrays.find((a) => a.shape[1] === cells && a.shape[2] === COCO.length);
    const regs = arrays.find((a) => a.shape[1] === cells && a.shape[2] === 4 * (REG_MAX + 1));
    if (!scores || !regs) continue;
    for (let i = 0; i < cells; i++) {
      let best = 0;
      let label = -1;
      for (let c = 0; c < COCO.length; c++) {
        const s = scores.data[i * COCO.length + c]!;
        if (s > best) {
          best = s;
          label = c;
        }
      }
      if (best < MIN_SCORE || label < 0) continue;
      const cx = ((i % side) + 0.5) * stride;
      const cy = (Math.floor(i / side) + 0.5) * stride;
      const d = [0, 1, 2, 3].map((k) => expectation(regs.data, i * 44 + k * (REG_MAX + 1)) * stride);
      const x0 = clamp01((cx - d[0]!) / INPUT);
      const y0 = clamp01((cy - d[1]!) / INPUT);
      const x1 = clamp01((cx + d[2]!) / INPUT);
      const y1 = clamp01((cy + d[3]!) / INPUT);
      if (x1 - x0 < 0.01 || y1 - y0 < 0.01) continue;
      found.push({ x: x0, y: y0, width: x1 - x0, height: y1 - y0, score: best, label: COCO[label]! });
    }
  }
  found.sort((a, b) => b.score - a.score);
  const kept: Detection[] = [];
  for (const d of found) if (kept.every((k) => iou(k, d) < 0.5)) kept.push(d);
  return kept.filter((d) => !BACKGROUND_CLASSES.has(d.label));
}

function expectation(data: Float32Array, offset: number): number {
  let max = -Infinity;
  for (let j = 0; j <= REG_MAX; j++) max = Math.max(max, data[offset + j]!);
  let sum = 0;
  let acc = 0;
  for (let j = 0; j <= REG_MAX; j++) {
    const e = Math.exp(data[offset + j]! - max);
    sum += e;
    acc += e * j;
  }
  return acc / sum;
}

export function iou(a: Box, b: Box): number {
  const ix = Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x));
  const iy = Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));
  const inter = ix * iy;
  return inter / (a.width * a.height + b.width * b.height - inter || 1);
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));
