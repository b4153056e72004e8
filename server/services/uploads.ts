import sharp from 'sharp';
import { AppError } from '../errors';
import { M } from '../../shared/messages';
import { MAX_UPLOAD_BYTES } from '../../shared/constants';
import { sniffImageType, type ImageMime } from '../../shared/image-type';

/** Decompression-bomb guard: 40 MP is well above any phone photo (12-48 MP sensors bin to ≤ 24 MP). */
export const MAX_INPUT_PIXELS = 40_000_000;

export type CheckedImage = { bytes: Buffer; mime: ImageMime; ext: 'png' | 'jpg' | 'webp'; width: number; height: number };

/**
 * Checks an uploaded photo by content and size, then re-encodes it (EXIF orientation applied,
 * all metadata dropped) so nothing the browser sent is stored verbatim.
 */
export async function checkAndReencode(input: Buffer): Promise<CheckedImage> {
  if (input.length > MAX_UPLOAD_BYTES) throw new AppError('VALIDATION', M.generation.fileTooLarge);
  const mime = sniffImageType(input);
  if (!mime) throw new AppError('VALIDATION', M.generation.fileType);
  let meta: sharp.Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('VALIDATION', M.generation.fileType);
  }
  if (!meta.width || !meta.height) throw new AppError('VALIDATION', M.generation.fileType);
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new AppError('VALIDATION', M.generation.imageTooLarge);
  try {
    const pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const out =
      mime === 'image/png'
        ? await pipeline.png({ compressionLevel: 6 }).toBuffer({ resolveWithObject: true })
        : mime === 'image/webp'
          ? await pipeline.webp({ quality: 92 }).toBuffer({ resolveWithObject: true })
          : await pipeline.jpeg({ quality: 92 }).toBuffer({ resolveWithObject: true });
    const ext = mime === 'image/png' ? 'png' : mime === 'image/webp' ? 'webp' : 'jpg';
    return { bytes: out.data, mime, ext, width: out.info.width, height: out.info.height };
  } catch {
    throw new AppError('VALIDATION', M.generation.fileType);
  }
}
