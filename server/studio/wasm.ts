import type { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The two WASM runtimes of the cut-out, loaded once per thread (a load costs
 * about a second and ~100 MB; per job it would dominate). Nothing is fetched:
 * OpenCV.js carries its WASM inline, TF.js reads its .wasm from node_modules,
 * and the weights of its two models (NanoDet, the person segmenter) are files
 * in this repository (models/NOTICE.md).
 */

const require = createRequire(import.meta.url);
const MODELS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'models');

// The opencv-js typings are huge and loose; the pipeline uses a small, well-known subset.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Cv = any;

let cvPromise: Promise<{ cv: Cv }> | null = null;

const PROCESS_EVENTS = ['uncaughtException', 'unhandledRejection'] as const;

/**
 * Runs a WASM runtime's load and takes back the process-wide handlers its Emscripten glue installs
 * (OpenCV.js: abort on any unhandled rejection, which leaves the module dead for the rest of the
 * thread; TF.js: rethrow it as an uncaught exception). A rejection elsewhere in the process is not
 * the runtime's business.
 */
async function keepingProcessHandlers<T>(load: () => T | Promise<T>): Promise<T> {
  const emitter: EventEmitter = process;
  const before = PROCESS_EVENTS.map((event) => new Set(emitter.listeners(event)));
  try {
    return await load();
  } finally {
    PROCESS_EVENTS.forEach((event, k) => {
      for (const listener of emitter.listeners(event)) if (!before[k]!.has(listener)) emitter.removeListener(event, listener as () => void);
    });
  }
}

/**
 * OpenCV.js 4.12. The module object is thenable, so it must never be a promise's
 * resolution value (that loops): it is wrapped in `{ cv }`. `onRuntimeInitialized`
 * is set synchronously right after require, before the inline WASM finishes compiling.
 */
export function loadOpenCv(): Promise<{ cv: Cv }> {
  cvPromise ??= keepingProcessHandlers(
    () =>
      new Promise((resolve, reject) => {
        const mod = require('@techstark/opencv-js') as Cv;
        if (mod.Mat) return resolve({ cv: mod });
        const previous = mod.onRuntimeInitialized;
        mod.onRuntimeInitialized = () => {
          previous?.();
          resolve({ cv: mod });
        };
        mod.onAbort = (what: unknown) => reject(new Error(`opencv.js aborted: ${String(what)}`));
      }),
  );
  return cvPromise;
}

type Tf = typeof import('@tensorflow/tfjs-core');
type GraphModel = import('@tensorflow/tfjs-converter').GraphModel;
let tfPromise: Promise<Tf> | null = null;
let detectorPromise: Promise<{ tf: Tf; model: GraphModel }> | null = null;
let segmenterPromise: Promise<{ tf: Tf; model: GraphModel }> | null = null;

/** TF.js on the single-threaded WASM backend (SIMD when available). */
function loadTf(): Promise<Tf> {
  tfPromise ??= keepingProcessHandlers(async () => {
    const tf = (await import('@tensorflow/tfjs-core')) as Tf;
    const wasm = await import('@tensorflow/tfjs-backend-wasm');
    const dist = dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'));
    wasm.setWasmPaths(
      {
        'tfjs-backend-wasm.wasm': join(dist, 'tfjs-backend-wasm.wasm'),
        'tfjs-backend-wasm-simd.wasm': join(dist, 'tfjs-backend-wasm-simd.wasm'),
        'tfjs-backend-wasm-threaded-simd.wasm': join(dist, 'tfjs-backend-wasm-threaded-simd.wasm'),
      },
      // false: the Emscripten loader reads the file itself (fs in Node); Node's fetch has no file: URLs.
      false,
    );
    // One thread: the pool already gives each core its own worker.
    wasm.setThreadsCount(1);
    tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
    await tf.setBackend('wasm');
    await tf.ready();
    return tf;
  });
  return tfPromise;
}

/** A TF.js graph model from its two files in models/ (`<name>.json`, `<name>.bin`). */
async function loadGraph(name: string): Promise<{ tf: Tf; model: GraphModel }> {
  const tf = await loadTf();
  const converter = await import('@tensorflow/tfjs-converter');
  const json = JSON.parse(readFileSync(join(MODELS_DIR, `${name}.json`), 'utf8'));
  const bin = readFileSync(join(MODELS_DIR, `${name}.bin`));
  const weightSpecs = json.weightsManifest.flatMap((g: { weights: unknown[] }) => g.weights);
  const model = await converter.loadGraphModel(
    tf.io.fromMemory({
      modelTopology: json.modelTopology,
      weightSpecs,
      weightData: bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength),
      format: json.format,
      generatedBy: json.generatedBy,
      convertedBy: json.convertedBy,
      signature: json.signature,
    }),
  );
  return { tf, model };
}

/** The NanoDet object detector (detect.ts). */
export function loadDetector(): Promise<{ tf: Tf; model: GraphModel }> {
  detectorPromise ??= loadGraph('nanodet');
  return detectorPromise;
}

/** The person segmenter (person.ts): MediaPipe Selfie Segmentation, loaded on the first photo with a person. */
export function loadSegmenter(): Promise<{ tf: Tf; model: GraphModel }> {
  segmenterPromise ??= loadGraph('selfie');
  return segmenterPromise;
}
