import type { Readable } from 'node:stream';

/**
 * Where uploads and generated files live: a local folder by default, an
 * S3-compatible bucket in production. Keys are relative slash paths such as
 * `generations/<user>/<job>/0.jpg` (see keys.ts for what is allowed).
 */
export type StoredObject = { bytes: Buffer; contentType: string };
export type ObjectInfo = { size: number; contentType: string };
/** Inclusive byte range, as in an HTTP `Range: bytes=start-end` header. */
export type ByteRange = { start: number; end: number };

export interface FileStorage {
  readonly name: 'local' | 's3';
  /** Creates or replaces the object; readers never see a half-written one. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /**
   * The same from a stream (a zip being written) without holding the object whole; resolves with
   * its size. A stream that fails leaves no object behind.
   */
  putStream(key: string, body: Readable, contentType: string): Promise<number>;
  /** Whole object in memory (images, uploads); null when it does not exist. */
  get(key: string): Promise<StoredObject | null>;
  head(key: string): Promise<ObjectInfo | null>;
  /**
   * A stream of the object or of one byte range of it, for serving videos
   * (browsers seek MP4s with Range requests). `info.size` is the full size.
   */
  openRead(key: string, range?: ByteRange): Promise<{ info: ObjectInfo; body: Readable } | null>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Removes every object under `folder/` (a key-shaped prefix such as `uploads/<user>`), including
   * ones no table knows of (a write that finished after its row was refused or removed).
   */
  deleteAll(folder: string): Promise<void>;
}

/** Short name used by the server code. */
export type Storage = FileStorage;
