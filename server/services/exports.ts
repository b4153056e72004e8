import type { Readable } from 'node:stream';
import sharp from 'sharp';
import type { Db } from '../db';
import type { Storage } from '../providers/storage';
import { productFromCutout } from '../providers/ai/studio/cutout-product';
import { EXPORT_PRESETS, type ExportPreset, type ExportPresetId } from '../../shared/export-presets';
import { MAX_SILENT_UPSCALE } from '../../shared/constants';
import { M } from '../../shared/messages';
import type { StoredOutput } from '../../shared/schemas/generations';
import { zipStream } from './zip-stream';
import { FairGate } from './fair-gate';

const WHITE = { r: 255, g: 255, b: 255 };
const JPEG = { quality: 90, chromaSubsampling: '4:4:4', mozjpeg: false } as const;
/** Near-white the trim of a white image without cut-out treats as background (its faint shadow stays in). */
const TRIM_THRESHOLD = 12;

/** A product (RGB, optional alpha) scaled into the preset's fill box and centred on pure white. */
async function placeOnWhite(
  rgb: Buffer,
  alpha: Buffer | null,
  size: { width: number; height: number },
  preset: Pick<ExportPreset, 'width' | 'height' | 'fill'>,
): Promise<{ bytes: Buffer; upscale: number }> {
  const { width: W, height: H, fill } = preset;
  const k = Math.min((W * fill) / size.width, (H * fill) / size.height);
  const pw = Math.max(1, Math.round(size.width * k));
  const ph = Math.max(1, Math.round(size.height * k));
  const layer = sharp(rgb, { raw: { width: size.width, height: size.height, channels: 3 } }).resize(pw, ph, {
    fit: 'fill',
    kernel: 'lanczos3',
  });
  let input: Buffer;
  if (alpha) {
    const a = await sharp(alpha, { raw: { width: size.width, height: size.height, channels: 1 } })
      .resize(pw, ph, { fit: 'fill', kernel: 'cubic' })
      .toColourspace('b-w')
      .raw()
      .toBuffer();
    input = await layer
      .joinChannel(a, { raw: { width: pw, height: ph, channels: 1 } })
      .raw()
      .toBuffer();
  } else {
    input = await layer.ensureAlpha(1).raw().toBuffer();
  }
  const bytes = await sharp({ create: { width: W, height: H, channels: 3, background: WHITE } })
    .composite([{ input, raw: { width: pw, height: ph, channels: 4 }, left: Math.round((W - pw) / 2), top: Math.round((H - ph) / 2) }])
    .jpeg(JPEG)
    .toBuffer();
  return { bytes, upscale: k };
}

/** The product of a run's white image: from its cut-out when stored, else the white JPEG trimmed to what is not white. */
async function whiteProduct(white: Buffer, cutoutPng: Buffer | null) {
  if (cutoutPng) {
    const p = await productFromCutout(cutoutPng);
    return { rgb: p.rgb, alpha: p.alpha, width: p.width, height: p.height };
  }
  const { data, info } = await sharp(white)
    .rotate()
    .flatten({ background: WHITE })
    .trim({ background: '#ffffff', threshold: TRIM_THRESHOLD })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { rgb: data, alpha: null, width: info.width, height: info.height };
}

/** A whole picture (scene, framed photo, fal result) contained in the canvas, centred, white padding. */
async function containOnWhite(image: Buffer, preset: ExportPreset): Promise<{ bytes: Buffer; upscale: number }> {
  const { data, info } = await sharp(image)
    .rotate()
    .flatten({ background: WHITE })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return placeOnWhite(data, null, { width: info.width, height: info.height }, { ...preset, fill: 1 });
}

/**
 * One output fitted to a preset. The white image (role 'white') is rebuilt
 * from the cut-out so the product fills exactly the preset's share; scenes and
 * other pictures are kept whole and padded with white.
 */
export async function exportImage(
  output: { bytes: Buffer; role?: StoredOutput['role'] },
  preset: ExportPreset,
  cutoutPng: Buffer | null,
): Promise<{ bytes: Buffer; upscale: number }> {
  if (output.role === 'white') {
    const p = await whiteProduct(output.bytes, cutoutPng);
    return placeOnWhite(p.rgb, p.alpha, p, preset);
  }
  return containOnWhite(output.bytes, preset);
}

export type ExportDeps = { db: Db; storage: Storage };

/** The completed image run of this owner with its stored outputs and the key of its cut-out, or null (not found, not theirs, not ready, video). */
export async function loadRunForExport(deps: ExportDeps, userId: string, generationId: string) {
  const g = await deps.db
    .selectFrom('generations')
    .select(['id', 'type', 'status', 'outputs', 'cutout_id'])
    .where('id', '=', generationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!g || g.type !== 'image' || g.status !== 'completed') return null;
  const outputs = ((g.outputs ?? []) as StoredOutput[]).filter((o) => o.mime === 'image/jpeg');
  if (!outputs.length) return null;
  let cutoutKey: string | null = null;
  if (g.cutout_id && outputs[0]?.role === 'white') {
    const c = await deps.db.selectFrom('cutouts').select('storage_key').where('id', '=', g.cutout_id).executeTakeFirst();
    cutoutKey = c?.storage_key ?? null;
  }
  return { id: g.id, outputs, cutoutKey };
}

/**
 * Export renders under way in this process at once. A white image rebuilt from a 12 MP cut-out
 * holds ~200 MB of raw pixels while it renders: without a bound, parallel exports grow memory with
 * their number and take the cores and the libuv pool that everyone's requests (sign-in's password
 * hashing, file reads) share. Exports wait instead, sellers in turn.
 */
const EXPORT_RENDERS = 1;

const renders = new FairGate(EXPORT_RENDERS);

/**
 * All images of one run fitted to a preset, as a zip stream: `{preset}-{n}.jpg`, plus a note when
 * any was upscaled more than 2×. Images are rendered and written one at a time, so the zip never
 * holds more than one image; it goes out as fast as it is read. Null: no such run, or none of its
 * files is in storage.
 */
export async function exportRun(
  deps: ExportDeps,
  userId: string,
  generationId: string,
  presetId: ExportPresetId,
): Promise<{ zipName: string; zip: Readable } | null> {
  const run = await loadRunForExport(deps, userId, generationId);
  if (!run) return null;
  const preset = EXPORT_PRESETS[presetId];
  const present: { n: number; out: StoredOutput }[] = [];
  for (const [i, out] of run.outputs.entries()) if (await deps.storage.head(out.key)) present.push({ n: i + 1, out });
  if (!present.length) return null;
  const zip = zipStream(async (writer) => {
    const upscaled: string[] = [];
    for (const { n, out } of present) {
      const name = `${preset.id}-${n}.jpg`;
      const r = await renders.run(userId, async () => {
        // A client that left while this export queued frees its turn without a render.
        if (writer.output.destroyed) throw new Error('zip: output closed');
        const stored = await deps.storage.get(out.key);
        if (!stored) return null;
        // The cut-out (a 12 MP PNG can be 20 MB) is read only for the white image, when its turn comes.
        const cutout = out.role === 'white' && run.cutoutKey ? await deps.storage.get(run.cutoutKey) : null;
        return exportImage({ bytes: stored.bytes, role: out.role }, preset, cutout?.bytes ?? null);
      });
      if (!r) continue;
      await writer.add(name, r.bytes);
      if (r.upscale > MAX_SILENT_UPSCALE) upscaled.push(`${name} (${r.upscale.toFixed(1)}×)`);
    }
    // The note of enlarged images (more than 2×) comes last: it is known only once all are rendered.
    if (upscaled.length) await writer.add(M.exports.noteFileName, M.exports.upscaledNote(upscaled.join(', ')));
  });
  return { zipName: `vitrin-${preset.id}-${run.id.slice(0, 8)}.zip`, zip };
}
