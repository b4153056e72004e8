import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Request, Response } from 'express';

/** As the compression middleware (1.8): its size threshold and brotli quality. */
const THRESHOLD = 1024;
const compressors = {
  br: promisify((input: Buffer, done: (err: Error | null, out: Buffer) => void) =>
    zlib.brotliCompress(input, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }, done),
  ),
  gzip: promisify(zlib.gzip),
  deflate: promisify(zlib.deflate),
};

/** The compressed forms of one kept answer, made on first use (public-read-cache.ts). */
export type Packed = Partial<Record<keyof typeof compressors, Buffer>>;

/**
 * A JSON answer that is whole in memory, compressed as the compression middleware would compress it
 * (1 KB or more; the client's first choice of encoding, where the middleware prefers br on a tie),
 * without that middleware's per-request wrapping of the response's stream methods: the lean tRPC
 * reads are mounted before it (app.ts). `packed`: where the answer's compressed forms are kept, so a kept
 * answer is compressed once per encoding, not on every request.
 */
export async function sendJson(req: Request, res: Response, status: number, json: string, packed?: Packed): Promise<void> {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json');
  res.vary('Accept-Encoding');
  const size = Buffer.byteLength(json);
  const encoding = size >= THRESHOLD && req.method !== 'HEAD' ? req.acceptsEncodings('gzip', 'br', 'deflate', 'identity') : undefined;
  if (encoding === 'br' || encoding === 'gzip' || encoding === 'deflate') {
    const body = packed?.[encoding] ?? (await compressors[encoding](Buffer.from(json)));
    if (packed) packed[encoding] = body;
    res.setHeader('content-encoding', encoding);
    res.setHeader('content-length', body.length);
    res.end(body);
    return;
  }
  res.setHeader('content-length', size);
  // A string goes out in one write with the headers (Node joins them).
  res.end(json);
}
