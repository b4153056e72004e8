import type { ByteRange } from './types.js';

/**
 * Clamps the end of a requested range to the object. A start beyond the end
 * throws RangeError, which the file route answers with 416.
 */
export function checkRange(range: ByteRange, size: number): ByteRange {
  const end = Math.min(range.end, size - 1);
  if (!Number.isInteger(range.start) || range.start < 0 || range.start > end) {
    throw new RangeError(`unsatisfiable range ${range.start}-${range.end} of ${size}`);
  }
  return { start: range.start, end };
}
