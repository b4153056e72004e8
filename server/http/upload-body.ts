import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Request, Response } from 'express';
import multer from 'multer';
import { MAX_UPLOAD_BYTES, UPLOADS_IN_FLIGHT_PER_SELLER } from '../../shared/constants';
import { M } from '../../shared/messages';
import { sendError } from './rest-error';
import { log } from '../lib/log';

/** An upload's file as received: on disk in its own temporary folder (removed by `cleanup`). */
export type ReceivedFile = { path: string; originalname: string; mimetype: string; size: number };
export type Received = { file: ReceivedFile | undefined; fields: Record<string, unknown>; cleanup: () => Promise<void> };

/**
 * A multer storage engine writing the one file to `target`, its open file kept in `open` so a
 * request cut short can close it (multer itself never finishes when the connection goes away
 * mid-body: neither its callback nor the file's write would end).
 */
function fileInto(target: string, open: Set<WriteStream>): multer.StorageEngine {
  return {
    _handleFile(_req, file, cb) {
      const out = createWriteStream(target);
      open.add(out);
      out.once('close', () => open.delete(out));
      pipeline(file.stream, out)
        .then(() => stat(target))
        .then(
          (s) => cb(null, { path: target, size: s.size }),
          (err: Error) => cb(err),
        );
    },
    _removeFile(_req, file, cb) {
      rm(file.path, { force: true }).then(
        () => cb(null),
        (err: Error) => cb(err),
      );
    },
  };
}

/** Uploads whose body is still arriving, by who sends them (a seller's page and API uploads together). */
const inFlight = new Map<string, number>();

function takeSlot(who: string): (() => void) | null {
  const n = inFlight.get(who) ?? 0;
  if (n >= UPLOADS_IN_FLIGHT_PER_SELLER) return null;
  inFlight.set(who, n + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (inFlight.get(who) ?? 1) - 1;
    if (left > 0) inFlight.set(who, left);
    else inFlight.delete(who);
  };
}

/**
 * Receives multipart uploads without holding them in memory (issue 33 item 8): each body is
 * streamed by multer into a folder of its own under `<DATA_DIR>/tmp/uploads`, which is always
 * removed when the route is done with it (or at once on any refusal). A sender has at most
 * UPLOADS_IN_FLIGHT_PER_SELLER bodies arriving at a time (more: 429 before the body is read), and
 * a body must arrive whole within `timeoutMs` (else 408 and the connection is closed).
 */
export class UploadReceiver {
  readonly root: string;

  constructor(
    dataDir: string,
    private readonly timeoutMs: number,
  ) {
    this.root = path.join(path.resolve(dataDir), 'tmp', 'uploads');
    mkdirSync(this.root, { recursive: true });
  }

  /**
   * A temporary folder for a photo that does not come in the request's body (the seller API's
   * photoUrl, fetched by the server), within the same in-flight cap as uploads: null when the
   * sender already has the most bodies arriving. `cleanup` removes it and frees the slot.
   */
  async reserve(who: string): Promise<{ dir: string; cleanup: () => Promise<void> } | null> {
    const release = takeSlot(who);
    if (!release) return null;
    let dir: string;
    try {
      dir = await mkdtemp(path.join(this.root, 'u-'));
    } catch (err) {
      release();
      throw err;
    }
    return {
      dir,
      cleanup: async () => {
        try {
          await rm(dir, { recursive: true, force: true });
        } finally {
          release();
        }
      },
    };
  }

  /** Removes folders left by a process that died mid-upload (older than twice the body timeout). */
  async sweepStale(now = Date.now()): Promise<void> {
    for (const name of await readdir(this.root).catch(() => [] as string[])) {
      const dir = path.join(this.root, name);
      const s = await stat(dir).catch(() => null);
      if (s && now - s.mtimeMs > 2 * this.timeoutMs) await rm(dir, { recursive: true, force: true });
    }
  }

  /**
   * Reads the request's multipart body: `field` holds the one file. Answers the refusals itself
   * (429 over the in-flight cap, 408 too slow, 413 too big, 400 unreadable — or the parser's
   * refusal through `refuse`, e.g. the seller API's documented 413/422) and then returns null;
   * otherwise the caller must `cleanup()` when done with the file.
   */
  async receive(
    req: Request,
    res: Response,
    who: string,
    field: string,
    limits: multer.Options['limits'] = {},
    refuse?: (err: unknown) => void,
  ): Promise<Received | null> {
    const reserved = await this.reserve(who);
    if (!reserved) {
      res.setHeader('Connection', 'close');
      sendError(res, 429, M.generation.uploadsInFlight(UPLOADS_IN_FLIGHT_PER_SELLER), 'RATE_LIMITED');
      return null;
    }
    const { dir, cleanup } = reserved;
    const open = new Set<WriteStream>();
    const parse = multer({
      storage: fileInto(path.join(dir, 'body'), open),
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, ...limits },
    }).single(field);

    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      res.setHeader('Connection', 'close');
      sendError(res, 408, M.generation.uploadTimedOut, 'VALIDATION');
      // The rest of the body is not waited for: the socket goes once the answer is out.
      res.once('finish', () => req.socket.destroy());
    }, this.timeoutMs);

    // multer's answer, or the connection's end before it (the client went away, or the 408 went out).
    const CUT = Symbol('cut');
    const err = await new Promise<unknown>((resolve) => {
      res.once('close', () => resolve(CUT));
      parse(req, res, resolve);
    });
    clearTimeout(timer);
    if (err === CUT) {
      req.unpipe();
      for (const out of open) out.destroy();
    }
    if (timedOut || err) {
      await cleanup();
      if (!timedOut && err !== CUT && refuse) refuse(err);
      else if (!timedOut && err !== CUT) {
        const tooBig = (err as { code?: string }).code === 'LIMIT_FILE_SIZE';
        sendError(res, tooBig ? 413 : 400, tooBig ? M.generation.fileTooLarge : M.generation.uploadFailed, 'VALIDATION');
      }
      return null;
    }
    const f = req.file;
    return {
      file: f ? { path: f.path, originalname: f.originalname, mimetype: f.mimetype, size: f.size } : undefined,
      fields: req.body as Record<string, unknown>,
      cleanup,
    };
  }
}

const receivers = new Map<string, UploadReceiver>();

/** The receiver of a data folder (one per DATA_DIR and timeout; made on first use, when stale leftovers go). */
export function uploadReceiver(env: { DATA_DIR: string; UPLOAD_BODY_TIMEOUT_MS: number }): UploadReceiver {
  const id = `${path.resolve(env.DATA_DIR)}\u0000${env.UPLOAD_BODY_TIMEOUT_MS}`;
  let r = receivers.get(id);
  if (!r) {
    r = new UploadReceiver(env.DATA_DIR, env.UPLOAD_BODY_TIMEOUT_MS);
    receivers.set(id, r);
    void r.sweepStale().catch((err: unknown) => log().error({ err }, 'stale upload temp files could not be removed'));
  }
  return r;
}
