import type { Readable } from 'node:stream';
import type { Db } from '../db';
import type { Storage } from '../providers/storage';
import { exportImage, type SceneSource } from '../studio/export-render';
import { studioPool, type StudioPool } from '../studio/pool';
import { ALL_PRESETS, EXPORT_PRESETS, EXPORT_PRESET_IDS, type ExportChoice } from '../../shared/export-presets';
import { MAX_SILENT_UPSCALE } from '../../shared/constants';
import { M } from '../../shared/messages';
import type { StoredOutput } from '../../shared/schemas/generations';
import { isErased, readOutputs, rowParams } from '../db/read';
import { zipStream } from './zip-stream';
import { FairGate } from './fair-gate';

/** One output fitted to a preset, in this process (the export route renders on the studio pool; tests compare with this). */
export { exportImage };

/** `pool`: the studio threads the renders run on (default: the process-wide pool). */
export type ExportDeps = { db: Db; storage: Storage; pool?: StudioPool };

/** The completed image run of this owner with its stored outputs and the key of its cut-out, or null (not found, not theirs, not ready, video). */
export async function loadRunForExport(deps: ExportDeps, userId: string, generationId: string) {
  const g = await deps.db
    .selectFrom('generations')
    .select(['id', 'type', 'status', 'outputs', 'cutout_id', 'parameters', 'provider'])
    .where('id', '=', generationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!g || g.type !== 'image' || g.status !== 'completed') return null;
  const outputs = readOutputs(g.outputs).filter((o) => o.mime === 'image/jpeg');
  if (!outputs.length) return null;
  let cutoutKey: string | null = null;
  if (g.cutout_id) {
    const c = await deps.db.selectFrom('cutouts').select('storage_key').where('id', '=', g.cutout_id).executeTakeFirst();
    cutoutKey = c?.storage_key ?? null;
  }
  // The local studio's scenes are composed again for each frame from the cut-out and what made them.
  const params = rowParams(g);
  let sceneIndex = 0;
  const scenes = outputs.map((o): SceneSource | null => {
    if (o.role !== 'scene') return null;
    const index = sceneIndex++;
    if (!cutoutKey || g.provider !== 'local' || isErased(params) || params.type !== 'image') return null;
    const { prompt, category, scene } = params.parameters;
    return { prompt, category, controls: scene, index, view: o.view ?? 'side' };
  });
  return { id: g.id, outputs, cutoutKey, scenes };
}

/**
 * Export renders under way in this process at once. A white image rebuilt from a 12 MP cut-out
 * holds ~200 MB of raw pixels while it renders: without a bound, parallel exports grow memory with
 * their number and take the cores and the libuv pool that everyone's requests (sign-in's password
 * hashing, file reads) share. Exports wait instead, sellers in turn.
 */
const EXPORT_RENDERS = 1;

const renders = new FairGate(EXPORT_RENDERS);
/** The export renders running and waiting in this process (tests wait on it). */
export const exportRenderLoad = () => renders.load;

/**
 * All images of one run fitted to a preset, as a zip stream: `{preset}-{n}.jpg`, plus a note when
 * any was upscaled more than 2×. `all` (issue 38 item 10): every preset's images in one zip, a folder
 * per preset (`{preset}/{preset}-{n}.jpg`) and one note. Images are rendered and written one at a
 * time, so the zip never holds more than one image; it goes out as fast as it is read. Null: no such
 * run, or none of its files is in storage.
 */
export async function exportRun(
  deps: ExportDeps,
  userId: string,
  generationId: string,
  choice: ExportChoice,
): Promise<{ zipName: string; zip: Readable } | null> {
  const run = await loadRunForExport(deps, userId, generationId);
  if (!run) return null;
  const all = choice === ALL_PRESETS;
  const presets = all ? EXPORT_PRESET_IDS.map((id) => EXPORT_PRESETS[id]) : [EXPORT_PRESETS[choice]];
  const present: { n: number; out: StoredOutput; scene: SceneSource | null }[] = [];
  for (const [i, out] of run.outputs.entries())
    if (await deps.storage.head(out.key)) present.push({ n: i + 1, out, scene: run.scenes[i]! });
  if (!present.length) return null;
  const zip = zipStream(async (writer) => {
    const upscaled: string[] = [];
    for (const preset of presets)
      for (const { n, out, scene } of present) {
        const name = all ? `${preset.id}/${preset.id}-${n}.jpg` : `${preset.id}-${n}.jpg`;
        const r = await renders.run(userId, async () => {
          // A client that left while this export queued frees its turn without a render.
          if (writer.output.destroyed) throw new Error('zip: output closed');
          const stored = await deps.storage.get(out.key);
          if (!stored) return null;
          // The cut-out (a 12 MP PNG can be 20 MB) is read only for what is composed from it, when its turn comes.
          const cutout = (out.role === 'white' || scene) && run.cutoutKey ? await deps.storage.get(run.cutoutKey) : null;
          const input = { bytes: stored.bytes, role: out.role, cutoutPng: cutout?.bytes ?? null, scene };
          // On a studio thread: composing a scene is seconds of pixel work that must not hold the event loop.
          return (deps.pool ?? studioPool()).run({ kind: 'export', input, preset }, { owner: userId });
        });
        if (!r) continue;
        await writer.add(name, Buffer.from(r.bytes));
        if (r.upscale > MAX_SILENT_UPSCALE) upscaled.push(`${name} (${r.upscale.toFixed(1)}×)`);
      }
    // The note of enlarged images (more than 2×) comes last: it is known only once all are rendered.
    if (upscaled.length) await writer.add(M.exports.noteFileName, M.exports.upscaledNote(upscaled.join(', ')));
  });
  const short = run.id.slice(0, 8);
  return { zipName: all ? M.exports.allZipName(short) : `vitrin-${choice}-${short}.zip`, zip };
}
