/** The photo formats accepted for upload (docs/decisions.md D14). */
export type ImageMime = 'image/png' | 'image/jpeg' | 'image/webp';

/** How many leading bytes `sniffImageType` needs. */
export const IMAGE_SNIFF_BYTES = 12;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/**
 * Identifies the format by its magic bytes, never by file name or declared type (docs/decisions.md D14). The server
 * decides on it; the browser runs the same check so a renamed file is refused before uploading.
 */
export function sniffImageType(head: Uint8Array): ImageMime | null {
  if (head.length >= 8 && PNG_SIGNATURE.every((b, i) => head[i] === b)) return 'image/png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'image/webp';
  return null;
}
