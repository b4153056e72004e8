import type { Readable } from 'node:stream';
import sharp from 'sharp';
import type { Db } from '../db';
import type { Storage } from '../providers/storage';
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
/** Alpha at or under this is empty when finding a cut-out's product (as the studio's own reading of a cut-out). */
const EMPTY_ALPHA = 8;

type Box = { left: number; top: number; width: number; height: number };
type Frame = Pick<ExportPreset, 'width' | 'height' | 'fill'>;

/**
 * The product box scaled into the frame's fill share, centred. Export images are whole libvips
 * pipelines (crop, resize, composite, encode) so a 12 MP source is never copied into JavaScript
 * buffers: libvips reads it in strips, memory stays near the output's size and the event loop is free.
 */
function fitted(size: { width: number; height: number }, frame: Frame) {
  const { width: W, height: H, fill } = frame;
  const k = Math.min((W * fill) / size.width, (H * fill) / size.height);
  const width = Math.max(1, Math.round(size.width * k));
  const height = Math.max(1, Math.round(size.height * k));
  return { width, height, left: Math.round((W - width) / 2), top: Math.round((H - height) / 2), upscale: k };
}

/** `layer` (RGBA, already cut to the product's box) resized into the frame and laid on pure white. */
async function placeOnWhite(layer: sharp.Sharp, box: Box, frame: Frame): Promise<{ bytes: Buffer; upscale: number }> {
  const at = fitted(box, frame);
  // sharp premultiplies alpha while resizing, so the cut-out's black transparent pixels do not darken the edge.
  const input = await layer
    .extract(box)
    .resize(at.width, at.height, { fit: 'fill', kernel: 'lanczos3' })
    .ensureAlpha(1)
    .png({ compressionLevel: 0 })
    .toBuffer();
  const bytes = await sharp({ create: { width: frame.width, height: frame.height, channels: 3, background: WHITE } })
    .composite([{ input, left: at.left, top: at.top }])
    .jpeg(JPEG)
    .toBuffer();
  return { bytes, upscale: at.upscale };
}

/**
 * The box of what is not background: `trim` of a picture whose background is `background`.
 * (sharp trims its input before any other step, so the picture to trim is made first.) Null: nothing there.
 */
async function trimmedBox(picture: sharp.Sharp, background: string, threshold: number): Promise<Box | null> {
  try {
    const { info } = await picture.trim({ background, threshold }).raw().toBuffer({ resolveWithObject: true });
    return { left: -(info.trimOffsetLeft ?? 0), top: -(info.trimOffsetTop ?? 0), width: info.width, height: info.height };
  } catch {
    return null; // libvips refuses to trim an image that is background everywhere
  }
}

/**
 * Where a cut-out's alpha is not empty. Its alpha alone (1 byte a pixel) is scanned here: libvips's
 * trim median-filters the whole picture first (over a second for 12 MP), the scan takes a few ms.
 */
async function cutoutBox(rgba: Buffer, size: { width: number; height: number }): Promise<Box | null> {
  const alpha = await sharp(rgba, { raw: { ...size, channels: 4 } })
    .extractChannel(3)
    .raw()
    .toBuffer();
  const { width, height } = size;
  const rowFilled = (y: number) => {
    for (let i = y * width, end = i + width; i < end; i++) if (alpha[i]! > EMPTY_ALPHA) return true;
    return false;
  };
  let top = 0;
  while (top < height && !rowFilled(top)) top++;
  if (top === height) return null;
  let bottom = height - 1;
  while (!rowFilled(bottom)) bottom--;
  let left = width;
  let right = -1;
  for (let y = top; y <= bottom; y++) {
    const row = y * width;
    for (let x = 0; x < left; x++) if (alpha[row + x]! > EMPTY_ALPHA) left = x;
    for (let x = width - 1; x > right; x--) if (alpha[row + x]! > EMPTY_ALPHA) right = x;
  }
  return { left, top, width: right - left + 1, height: bottom - top + 1 };
}

/**
 * The white image's product: from its cut-out when stored (cut to its visible part), else the
 * white JPEG trimmed to what is not white (its faint shadow stays in).
 */
async function whiteOnWhite(white: Buffer, cutoutPng: Buffer | null, frame: Frame) {
  if (cutoutPng) {
    // Decoded once (a PNG cannot be read from the middle): the trim and the crop both read these pixels.
    const { data, info } = await sharp(cutoutPng).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const box = await cutoutBox(data, info);
    if (box) return placeOnWhite(sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } }), box, frame);
  }
  const flat = sharp(white).rotate().flatten({ background: WHITE });
  const box = (await trimmedBox(flat.clone(), '#ffffff', TRIM_THRESHOLD)) ?? { left: 0, top: 0, ...(await orientedSize(white)) };
  return placeOnWhite(flat, box, frame);
}

/** A picture's size as shown (after its EXIF orientation), read from the header alone. */
async function orientedSize(image: Buffer) {
  const { autoOrient } = await sharp(image).metadata();
  return { width: autoOrient.width, height: autoOrient.height };
}

/** A whole picture (scene, framed photo, fal result) contained in the canvas, centred, white padding. */
async function containOnWhite(image: Buffer, preset: ExportPreset): Promise<{ bytes: Buffer; upscale: number }> {
  const size = await orientedSize(image);
  return placeOnWhite(sharp(image).rotate().flatten({ background: WHITE }), { left: 0, top: 0, ...size }, { ...preset, fill: 1 });
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
  if (output.role === 'white') return whiteOnWhite(output.bytes, cutoutPng, preset);
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
