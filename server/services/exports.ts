import JSZip from 'jszip';
import sharp from 'sharp';
import type { Db } from '../db';
import type { Storage } from '../providers/storage';
import { productFromCutout } from '../providers/ai/studio/cutout-product';
import { EXPORT_PRESETS, type ExportPreset, type ExportPresetId } from '../../shared/export-presets';
import { MAX_SILENT_UPSCALE } from '../../shared/constants';
import { M } from '../../shared/messages';
import type { StoredOutput } from '../../shared/schemas/generations';

const WHITE = { r: 255, g: 255, b: 255 };
const JPEG = { quality: 90, chromaSubsampling: '4:4:4', mozjpeg: false } as const;
/** Near-white the trim of a white image without cut-out treats as background (its faint shadow stays in). */
const TRIM_THRESHOLD = 12;

export type ExportedImage = { name: string; bytes: Buffer; width: number; height: number; upscale: number };

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

/** The completed image run of this owner with its stored outputs and cut-out, or null (not found, not theirs, not ready, video). */
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
  let cutoutPng: Buffer | null = null;
  if (g.cutout_id && outputs[0]?.role === 'white') {
    const c = await deps.db.selectFrom('cutouts').select('storage_key').where('id', '=', g.cutout_id).executeTakeFirst();
    if (c?.storage_key) cutoutPng = (await deps.storage.get(c.storage_key))?.bytes ?? null;
  }
  return { id: g.id, outputs, cutoutPng };
}

/** All images of one run fitted to a preset: `{preset}-{n}.jpg`, plus a note when any was upscaled more than 2×. */
export async function exportRun(
  deps: ExportDeps,
  userId: string,
  generationId: string,
  presetId: ExportPresetId,
): Promise<{ zipName: string; zip: Buffer; images: ExportedImage[] } | null> {
  const run = await loadRunForExport(deps, userId, generationId);
  if (!run) return null;
  const preset = EXPORT_PRESETS[presetId];
  const images: ExportedImage[] = [];
  // One at a time: each is a full-size sharp pipeline; the libuv pool runs it off the event loop.
  for (const [i, out] of run.outputs.entries()) {
    const stored = await deps.storage.get(out.key);
    if (!stored) continue;
    const r = await exportImage({ bytes: stored.bytes, role: out.role }, preset, run.cutoutPng);
    images.push({ name: `${preset.id}-${i + 1}.jpg`, bytes: r.bytes, width: preset.width, height: preset.height, upscale: r.upscale });
  }
  if (!images.length) return null;
  const zip = await zipImages(images);
  return { zipName: `vitrin-${preset.id}-${run.id.slice(0, 8)}.zip`, zip, images };
}

/** JPEGs stored as they are, with the upscale note (D31) when any image was enlarged more than 2×. */
export async function zipImages(images: ExportedImage[]): Promise<Buffer> {
  const zip = new JSZip();
  for (const img of images) zip.file(img.name, img.bytes);
  const upscaled = images.filter((img) => img.upscale > MAX_SILENT_UPSCALE);
  if (upscaled.length)
    zip.file(M.exports.noteFileName, M.exports.upscaledNote(upscaled.map((u) => `${u.name} (${u.upscale.toFixed(1)}×)`).join(', ')));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'STORE' });
}
