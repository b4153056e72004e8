import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';

/**
 * OpenCV.js's and TF.js's Emscripten glue put process-wide handlers in: OpenCV's aborts the module
 * on any unhandled rejection anywhere in the thread (the studio thread's cut-outs dead from then on;
 * in the suite's shared workers, every later file's process killed). Loading them must leave the
 * process's handlers as they were. In a fresh process: this one may have loaded them already.
 */
const script = `
import { loadDetector, loadOpenCv } from './server/studio/wasm.ts';
const count = () => ['uncaughtException', 'unhandledRejection'].map((e) => process.listenerCount(e));
const before = count();
await loadOpenCv();
await loadDetector();
const { cv } = await loadOpenCv();
Promise.reject(new Error('elsewhere')).catch(() => {});
console.log(JSON.stringify({ before, after: count(), opencv: typeof cv.Mat }));
`;

test('loading OpenCV.js and TF.js adds no process-wide error handler', async () => {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: process.cwd(),
  });
  const { before, after, opencv } = JSON.parse(stdout.trim().split('\n').at(-1)!) as { before: number[]; after: number[]; opencv: string };
  expect(opencv).toBe('function');
  expect(after).toEqual(before);
}, 60_000);
