import type { Request, Response } from 'express';
import { M } from '../../shared/messages';
import { sendTrpcError } from './rest-error';

const decodedPaths = new WeakMap<Request, string[] | null>();

/**
 * The procedure paths a /trpc request calls, read as tRPC's adapter reads them (the last path
 * segment, unescaped, split at commas), or null when a percent-escape in it is broken. Decoded
 * once per request: every /trpc middleware asks this helper.
 */
export function calledPaths(req: Request): string[] | null {
  const known = decodedPaths.get(req);
  if (known !== undefined) return known;
  let paths: string[] | null;
  try {
    paths = decodeURIComponent(req.path.slice(req.path.lastIndexOf('/') + 1)).split(',');
  } catch {
    paths = null;
  }
  decodedPaths.set(req, paths);
  return paths;
}

/** The answer to a path that cannot be decoded: the client's mistake, so a 400 in tRPC's error shape. */
export function refuseBrokenPath(res: Response): void {
  sendTrpcError(res, 'VALIDATION', M.common.invalidInput);
}
