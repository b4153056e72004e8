import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * A local stand-in for fal's queue HTTP API, implementing exactly the URLs
 * @fal-ai/client 1.x calls (see its src/queue.js):
 *   POST /{owner}/{alias}[/{path}]                 submit  -> { request_id, ... }
 *   GET  /{owner}/{alias}/requests/{id}/status     status  -> { status, logs, ... }
 *   GET  /{owner}/{alias}/requests/{id}            result  -> model output
 * plus GET /files/{name} for the output files the result points to.
 * The client is aimed at it by a fetch that rewrites *.fal.run to this host.
 */
export type FakeFalScript = {
  /** HTTP statuses answered to the first submits, in order, before accepting. */
  submitFailures?: number[];
  /** Status per poll; the last entry repeats. */
  statuses?: Array<'IN_QUEUE' | 'IN_PROGRESS' | 'COMPLETED'>;
  /** Log lines shown while IN_PROGRESS, one more per poll. */
  logs?: string[];
  /** Non-2xx status for the result call (the model run failed). */
  resultFailure?: number;
  /** Number of images in an image result. */
  images?: number;
  /** Make output URLs point at a port where nothing listens. */
  deadFileHost?: boolean;
  /** Non-2xx result status for one model only (owner/alias, e.g. 'fal-ai/birefnet'): one call of several fails. */
  failModels?: Record<string, number>;
};

/** A submitted job's JSON input; the tests read the image fields. */
type SubmitBody = { image_url?: string; image_urls?: string[] } & Record<string, unknown>;

export type FakeFal = {
  base: string;
  fetch: typeof fetch;
  /** Every request the client made, in order, as "METHOD path". */
  calls: string[];
  submits: Array<{ model: string; body: SubmitBody }>;
  script: FakeFalScript;
  close: () => Promise<void>;
};

export async function startFakeFal(script: FakeFalScript = {}): Promise<FakeFal> {
  const calls: string[] = [];
  const submits: FakeFal['submits'] = [];
  const requests = new Map<string, { model: string; polls: number; kind: 'image' | 'video' }>();
  const files = new Map<string, { bytes: Buffer; type: string }>();
  for (let i = 0; i < 4; i++) {
    const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 40 * i, g: 90, b: 200 - 30 * i } } })
      .jpeg()
      .toBuffer();
    files.set(`img-${i}.jpg`, { bytes, type: 'image/jpeg' });
  }
  // The studio models (issue 12): a background-removal PNG with alpha (a product-like rounded box,
  // transparent around it) and an "upscaled" photo 4x the fixture's 640x480.
  const box = (w: number, h: number, fill: string) =>
    Buffer.from(
      `<svg width="${w}" height="${h}"><rect x="${w / 4}" y="${h / 4}" width="${w / 2}" height="${h / 2}" rx="${w / 40}" fill="${fill}"/></svg>`,
    );
  files.set('cutout.png', {
    bytes: await sharp(box(640, 480, '#5a3414'))
      .png()
      .toBuffer(),
    type: 'image/png',
  });
  files.set('upscaled.jpg', {
    bytes: await sharp({ create: { width: 2560, height: 1920, channels: 3, background: '#d8c3a5' } })
      .composite([{ input: box(2560, 1920, '#5a3414') }])
      .jpeg()
      .toBuffer(),
    type: 'image/jpeg',
  });
  // Enough of an MP4 for the provider's sanity check: a box with the 'ftyp' type at bytes 4..8.
  files.set('video.mp4', {
    bytes: Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.alloc(200)]),
    type: 'video/mp4',
  });

  const failuresLeft = [...(script.submitFailures ?? [])];
  let fileBase = '';

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'x-fal-request-id': 'fake' });
    res.end(JSON.stringify(body));
  };

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    calls.push(`${req.method} ${url.pathname}`);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);

    if (url.pathname.startsWith('/files/')) {
      const file = files.get(url.pathname.slice('/files/'.length));
      if (!file) return json(res, 404, { detail: 'no such file' });
      res.writeHead(200, { 'content-type': file.type });
      return res.end(file.bytes);
    }

    const match = /^\/([^/]+\/[^/]+)\/requests\/([^/]+)(\/status)?$/.exec(url.pathname);
    if (req.method === 'GET' && match) {
      const [, , id, isStatus] = match;
      const r = requests.get(id!);
      if (!r) return json(res, 404, { detail: 'Request not found' });
      if (isStatus) {
        const seq = script.statuses ?? ['IN_QUEUE', 'IN_PROGRESS', 'COMPLETED'];
        const status = seq[Math.min(r.polls, seq.length - 1)];
        r.polls++;
        const logs = (script.logs ?? [])
          .slice(0, r.polls)
          .map((message) => ({ message, level: 'INFO', source: 'USER', timestamp: new Date().toISOString() }));
        return json(res, 200, {
          status,
          request_id: id,
          response_url: `${fileBase}/${r.model}/requests/${id}`,
          status_url: `${fileBase}/${r.model}/requests/${id}/status`,
          cancel_url: `${fileBase}/${r.model}/requests/${id}/cancel`,
          ...(status === 'IN_QUEUE' ? { queue_position: 2 } : { logs }),
        });
      }
      if (script.resultFailure) return json(res, script.resultFailure, { detail: 'model run failed' });
      const modelFailure = script.failModels?.[r.model];
      if (modelFailure) return json(res, modelFailure, { detail: 'model run failed' });
      const host = script.deadFileHost ? 'http://127.0.0.1:9' : fileBase;
      if (r.model === 'fal-ai/birefnet') return json(res, 200, { image: { url: `${host}/files/cutout.png`, content_type: 'image/png' } });
      if (r.model === 'fal-ai/esrgan') return json(res, 200, { image: { url: `${host}/files/upscaled.jpg`, content_type: 'image/jpeg' } });
      if (r.kind === 'video') return json(res, 200, { video: { url: `${host}/files/video.mp4` }, seed: 7 });
      const n = script.images ?? 4;
      return json(res, 200, {
        images: Array.from({ length: n }, (_, i) => ({ url: `${host}/files/img-${i % 4}.jpg`, content_type: 'image/jpeg' })),
        seed: 7,
      });
    }

    if (req.method === 'POST') {
      const model = url.pathname.slice(1);
      const failure = failuresLeft.shift();
      if (failure) {
        const body =
          failure === 422
            ? { detail: [{ loc: ['body', 'prompt'], msg: 'field required', type: 'value_error' }] }
            : { detail: `HTTP ${failure}` };
        return json(res, failure, body);
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      submits.push({ model, body });
      const id = `req-${submits.length}`;
      requests.set(id, { model: model.split('/').slice(0, 2).join('/'), polls: 0, kind: 'image_url' in body ? 'video' : 'image' });
      return json(res, 200, { status: 'IN_QUEUE', request_id: id, queue_position: 0, response_url: '', status_url: '', cancel_url: '' });
    }
    json(res, 404, { detail: 'unknown route' });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  fileBase = base;

  const fetchViaFake: typeof fetch = (input, init) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw);
    if (url.hostname === 'fal.run' || url.hostname.endsWith('.fal.run')) {
      url.protocol = 'http:';
      url.host = `127.0.0.1:${port}`;
    }
    return fetch(url, init);
  };

  return {
    base,
    fetch: fetchViaFake,
    calls,
    submits,
    script,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
