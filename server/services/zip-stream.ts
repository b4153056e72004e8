import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { crc32, createDeflateRaw, deflateRaw } from 'node:zlib';

const deflateRawAsync = promisify(deflateRaw);
const UTF8_NAMES = 0x0800;
const DATA_DESCRIPTOR = 0x0008;
const STORE = 0;
const DEFLATE = 8;
const MAX_U32 = 0xffffffff;

type Entry = { name: Buffer; flags: number; method: number; crc: number; csize: number; usize: number; offset: number };

/** MS-DOS time and date, as zip headers keep them (2-second steps, local time). */
function dosDateTime(d: Date): { time: number; date: number } {
  const year = Math.max(1980, d.getFullYear());
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

/**
 * A zip written as a stream, one entry after the other: only the entry being added is held (a
 * Buffer entry) or passes through in chunks (a stream entry), plus ~50 bytes per entry for the
 * central directory. The zip leaves through `output` with its backpressure: when nobody reads,
 * `add` waits. A Buffer entry gets its sizes and CRC in the local header (as any zip tool writes
 * it); a stream entry gets them in a data descriptor after its bytes. No ZIP64: a zip over 4 GB
 * or 65,535 entries is refused.
 */
export class ZipWriter {
  readonly output = new PassThrough();
  private readonly entries: Entry[] = [];
  private offset = 0;
  private busy = false;
  private readonly stamp: { time: number; date: number };

  constructor(date = new Date()) {
    this.stamp = dosDateTime(date);
  }

  /** Adds one entry; `compress` deflates it (text), otherwise it is stored as is (JPEG, PNG, MP4 are compressed already). */
  async add(name: string, source: Buffer | string | Readable, opts: { compress?: boolean } = {}): Promise<void> {
    if (this.busy) throw new Error('zip: one entry at a time');
    if (this.entries.length >= 0xffff) throw new Error('zip: too many entries');
    this.busy = true;
    try {
      const method = opts.compress ? DEFLATE : STORE;
      if (typeof source === 'string' || Buffer.isBuffer(source)) {
        const bytes = typeof source === 'string' ? Buffer.from(source, 'utf8') : source;
        const data = method === DEFLATE ? await deflateRawAsync(bytes) : bytes;
        const entry = this.entry(name, UTF8_NAMES, method, crc32(bytes), data.length, bytes.length);
        await this.write(this.localHeader(entry));
        await this.write(data);
      } else {
        const entry = this.entry(name, UTF8_NAMES | DATA_DESCRIPTOR, method, 0, 0, 0);
        await this.write(this.localHeader(entry));
        const counted = async function* (src: AsyncIterable<Buffer>) {
          for await (const chunk of src) {
            entry.crc = crc32(chunk, entry.crc);
            entry.usize += chunk.length;
            yield chunk;
          }
        };
        const sink = async (src: AsyncIterable<Buffer>) => {
          for await (const chunk of src) {
            entry.csize += chunk.length;
            await this.write(chunk);
          }
        };
        if (method === DEFLATE) await pipeline(source, counted, createDeflateRaw(), sink);
        else await pipeline(source, counted, sink);
        if (entry.usize > MAX_U32 || entry.csize > MAX_U32) throw new Error('zip: entry over 4 GB');
        const d = Buffer.alloc(16);
        d.writeUInt32LE(0x08074b50, 0);
        d.writeUInt32LE(entry.crc >>> 0, 4);
        d.writeUInt32LE(entry.csize, 8);
        d.writeUInt32LE(entry.usize, 12);
        await this.write(d);
      }
    } finally {
      this.busy = false;
    }
  }

  /** Writes the central directory and ends `output`. */
  async finish(): Promise<void> {
    if (this.busy) throw new Error('zip: an entry is still being added');
    const start = this.offset;
    for (const e of this.entries) await this.write(this.centralHeader(e));
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.write(end);
    this.output.end();
  }

  /** Ends `output` with the error (an HTTP response is cut, a storage upload aborted). */
  abort(err: Error): void {
    this.output.destroy(err);
  }

  private entry(name: string, flags: number, method: number, crc: number, csize: number, usize: number): Entry {
    if (this.offset > MAX_U32) throw new Error('zip: over 4 GB');
    const e = { name: Buffer.from(name, 'utf8'), flags, method, crc, csize, usize, offset: this.offset };
    this.entries.push(e);
    return e;
  }

  private localHeader(e: Entry): Buffer {
    const h = Buffer.alloc(30 + e.name.length);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(20, 4); // version needed: 2.0
    h.writeUInt16LE(e.flags, 6);
    h.writeUInt16LE(e.method, 8);
    h.writeUInt16LE(this.stamp.time, 10);
    h.writeUInt16LE(this.stamp.date, 12);
    h.writeUInt32LE(e.crc >>> 0, 14);
    h.writeUInt32LE(e.csize, 18);
    h.writeUInt32LE(e.usize, 22);
    h.writeUInt16LE(e.name.length, 26);
    e.name.copy(h, 30);
    return h;
  }

  private centralHeader(e: Entry): Buffer {
    const h = Buffer.alloc(46 + e.name.length);
    h.writeUInt32LE(0x02014b50, 0);
    h.writeUInt16LE(20, 4); // made by: MS-DOS, 2.0
    h.writeUInt16LE(20, 6);
    h.writeUInt16LE(e.flags, 8);
    h.writeUInt16LE(e.method, 10);
    h.writeUInt16LE(this.stamp.time, 12);
    h.writeUInt16LE(this.stamp.date, 14);
    h.writeUInt32LE(e.crc >>> 0, 16);
    h.writeUInt32LE(e.csize, 20);
    h.writeUInt32LE(e.usize, 24);
    h.writeUInt16LE(e.name.length, 28);
    h.writeUInt32LE(e.offset, 42);
    e.name.copy(h, 46);
    return h;
  }

  private async write(chunk: Buffer): Promise<void> {
    const out = this.output;
    if (out.destroyed) throw new Error('zip: output closed');
    this.offset += chunk.length;
    if (out.write(chunk)) return;
    // Wait for the reader; a reader that went away (closed response) ends the zip instead of leaving it hanging.
    await new Promise<void>((resolve, reject) => {
      const done = () => {
        out.off('drain', done);
        out.off('close', closed);
        resolve();
      };
      const closed = () => {
        out.off('drain', done);
        out.off('close', closed);
        reject(new Error('zip: output closed'));
      };
      out.on('drain', done);
      out.on('close', closed);
    });
  }
}
