import { PassThrough, Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import yazl from 'yazl';

/**
 * A zip written as a stream (yazl), one entry after the other: `add` resolves once its entry has
 * been taken into the zip, so only that entry is held (a Buffer) or passes through in chunks (a
 * stream), at the pace `output` is read. A reader that goes away ends the zip: the pending `add`
 * rejects and its source is closed, instead of waiting for ever.
 */
export class ZipWriter {
  readonly output = new PassThrough();
  private readonly zip = new yazl.ZipFile();
  private busy = false;
  private readonly closedEarly: Promise<never>;

  constructor(private readonly mtime = new Date()) {
    const zipped = this.zip.outputStream as Readable;
    zipped.pipe(this.output);
    zipped.on('error', (err: Error) => this.output.destroy(err));
    this.closedEarly = new Promise<never>((_, reject) => {
      this.output.once('close', () => reject(new Error('zip: output closed')));
    });
    this.closedEarly.catch(() => {});
  }

  /** Adds one entry; `compress` deflates it (text), otherwise it is stored as is (JPEG, PNG, MP4 are compressed already). */
  async add(name: string, source: Buffer | string | Readable, opts: { compress?: boolean } = {}): Promise<void> {
    if (this.busy) throw new Error('zip: one entry at a time');
    if (this.output.destroyed) {
      if (source instanceof Readable) source.destroy(); // an opened file is not left open
      throw new Error('zip: output closed');
    }
    this.busy = true;
    const stream = typeof source === 'string' || Buffer.isBuffer(source) ? Readable.from([Buffer.from(source)]) : source;
    try {
      const taken = finished(stream);
      this.zip.addReadStream(stream, name, { compress: !!opts.compress, mtime: this.mtime });
      await Promise.race([taken, this.closedEarly]);
    } catch (err) {
      stream.destroy();
      throw err;
    } finally {
      this.busy = false;
    }
  }

  /** Writes the central directory and resolves once the whole zip has gone into `output`. */
  async finish(): Promise<void> {
    if (this.busy) throw new Error('zip: an entry is still being added');
    const zipped = this.zip.outputStream as Readable;
    const ended = finished(zipped);
    this.zip.end();
    await Promise.race([ended, this.closedEarly]);
  }

  /** Ends `output` with the error (an HTTP response is cut, a storage upload aborted). */
  abort(err: Error): void {
    this.output.destroy(err);
  }
}

/**
 * A zip that `fill` writes in the background while the returned stream is read: finished when
 * `fill` returns, cut with the error when it throws.
 */
export function zipStream(fill: (zip: ZipWriter) => Promise<void>): Readable {
  const zip = new ZipWriter();
  fill(zip)
    .then(() => zip.finish())
    .catch((err: Error) => zip.abort(err));
  return zip.output;
}
