// Entry of one export-render thread. Plain JS so it starts the same way under `node --import tsx`,
// vitest and the bench (as the studio pool's worker): registers tsx, then loads the renderer.
import { register } from 'tsx/esm/api';
import { parentPort } from 'node:worker_threads';

register();
const { exportImage } = await import('./exports.ts');
const { EXPORT_PRESETS } = await import('../../shared/export-presets.ts');

/** Buffers arrive as Uint8Array after the thread hop; sharp wants Buffers. */
const buf = (b) => (b ? Buffer.from(b.buffer, b.byteOffset, b.byteLength) : null);

parentPort.on('message', async ({ id, bytes, role, presetId, cutoutPng }) => {
  try {
    const r = await exportImage({ bytes: buf(bytes), role }, EXPORT_PRESETS[presetId], buf(cutoutPng));
    parentPort.postMessage({ id, bytes: r.bytes, upscale: r.upscale });
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
