import sharp from 'sharp';
import { AppError } from '../errors';
import { M } from '../../shared/messages';
import { MAX_UPLOAD_BYTES } from '../../shared/constants';

/** Decompression-bomb guard: 40 MP is well above any phone photo (12-48 MP sensors bin to ≤ 24 MP). */
export const MAX_INPUT_PIXELS = 40_000_000;

export type CheckedImage = { bytes: Buffer; mime: 'image/png' | 'image/jpeg' | 'image/webp'; ext: 'png' | 'jpg' | 'webp'; width: number; height: number };

/** Identifies the format by its magic bytes, never by file name or declared type (D14). */
export function sniffImageType(b: Buffer): CheckedImage['mime'] | null {
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 12 && b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return null;
}

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
