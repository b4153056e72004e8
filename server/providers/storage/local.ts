import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { assertValidKey, contentTypeFromKey, InvalidStorageKeyError } from './keys.js';
import { checkRange } from './range.js';
import type { ByteRange, FileStorage, ObjectInfo, StoredObject } from './types.js';

/**
 * Files under one root folder (the server passes `${DATA_DIR}/files`).
 * `<root>/<key>` holds the bytes; `<root>/.meta/<key>.json` the content
 * type. Keys cannot start a segment with a dot, so neither the meta folder
 * nor the temporary files of an unfinished write are reachable as keys.
 */
export class LocalFileStorage implements FileStorage {
  readonly name = 'local' as const;
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const file = this.pathOf(key);
    await writeAtomically(this.metaPathOf(key), JSON.stringify({ contentType }));
    await writeAtomically(file, bytes);
  }

  async putStream(key: string, body: Readable, contentType: string): Promise<number> {
    const file = this.pathOf(key);
    await writeAtomically(this.metaPathOf(key), JSON.stringify({ contentType }));
    await mkdir(dirname(file), { recursive: true });
    const tmp = join(dirname(file), `.tmp-${randomBytes(8).toString('hex')}`);
    let size = 0;
    try {
      const counted = async function* (src: AsyncIterable<Buffer>) {
        for await (const chunk of src) {
          size += chunk.length;
          yield chunk;
        }
      };
      await pipeline(body, counted, createWriteStream(tmp));
      await rename(tmp, file);
      return size;
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.pathOf(key);
    try {
      const bytes = await readFile(file);
      return { bytes, contentType: await this.contentTypeOf(key) };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async head(key: string): Promise<ObjectInfo | null> {
    const file = this.pathOf(key);
    try {
      const s = await stat(file);
      if (!s.isFile()) return null;
      return { size: s.size, contentType: await this.contentTypeOf(key) };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async openRead(key: string, range?: ByteRange) {
    const info = await this.head(key);
    if (!info) return null;
    const body = range ? createReadStream(this.pathOf(key), checkRange(range, info.size)) : createReadStream(this.pathOf(key));
    return { info, body };
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
    await rm(this.metaPathOf(key), { force: true });
  }

  async deleteAll(folder: string): Promise<void> {
    // A write landing in the folder while it goes (a cut-out racing an account deletion) makes the
    // last rmdir fail with ENOTEMPTY: Node's rm then tries again, the new file included.
    const gone = { recursive: true, force: true, maxRetries: 5, retryDelay: 20 };
    await rm(this.pathOf(folder), gone);
    await rm(this.inside(join(this.root, '.meta'), folder), gone);
  }

  private async contentTypeOf(key: string): Promise<string> {
    try {
      const meta = JSON.parse(await readFile(this.metaPathOf(key), 'utf8')) as { contentType?: unknown };
      if (typeof meta.contentType === 'string' && meta.contentType) return meta.contentType;
    } catch {
      // No or unreadable meta: fall back to the extension.
    }
    return contentTypeFromKey(key);
  }

  private pathOf(key: string): string {
    return this.inside(this.root, key);
  }

  private metaPathOf(key: string): string {
    return this.inside(join(this.root, '.meta'), key) + '.json';
  }

  /** Key rules first, then a resolved-path check as a second lock. */
  private inside(base: string, key: string): string {
    assertValidKey(key);
    const full = resolve(base, ...key.split('/'));
    if (!full.startsWith(base + sep)) throw new InvalidStorageKeyError(key);
    return full;
  }
}

async function writeAtomically(file: string, data: Buffer | string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const tmp = join(dirname(file), `.tmp-${randomBytes(8).toString('hex')}`);
  try {
    await writeFile(tmp, data);
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
