import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import { log } from '../lib/log';

/**
 * Sends a zip as it is built: headers at once (the download starts even while the zip waits for
 * its turn to render), then the stream; `size` when it is known (a stored zip). A failure half-way can only cut the response; a client
 * that left is no error.
 */
export function sendZip(res: Response, fileName: string, zip: Readable, logTag: string, size?: number): void {
  res.setHeader('Content-Type', 'application/zip');
  if (size !== undefined) res.setHeader('Content-Length', String(size));
  res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
  res.setHeader('Cache-Control', 'private, no-store');
  res.flushHeaders();
  pipeline(zip, res).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'ERR_STREAM_PREMATURE_CLOSE') log().error({ err, what: logTag }, 'zip stream failed');
  });
}
