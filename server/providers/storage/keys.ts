/**
 * Storage keys are built by the server, but they often embed ids, so they are
 * checked anyway: a key must never climb out of the storage root or mean
 * different things on disk and in S3.
 *
 * Allowed: 1-512 characters of [A-Za-z0-9._-] in slash-separated segments;
 * no leading or trailing slash, no empty segment, no segment starting with a
 * dot (that also rules out `.` and `..`, and keeps the local driver's
 * `.meta` folder unreachable), no backslash, no NUL.
 */
export class InvalidStorageKeyError extends Error {
  override readonly name = 'InvalidStorageKeyError';
  constructor(readonly key: string) {
    super(`invalid storage key: ${JSON.stringify(key.slice(0, 100))}`);
  }
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export function assertValidKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0 || key.length > 512) throw new InvalidStorageKeyError(String(key));
  for (const segment of key.split('/')) {
    if (!SEGMENT.test(segment)) throw new InvalidStorageKeyError(key);
  }
}

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  mp4: 'video/mp4',
  txt: 'text/plain; charset=utf-8',
  json: 'application/json',
};

/** Fallback when no content type was recorded (e.g. files copied in by hand). */
export function contentTypeFromKey(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return TYPES[ext] ?? 'application/octet-stream';
}
