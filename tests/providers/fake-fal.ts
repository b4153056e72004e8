import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * A local stand-in for fal, implementing the URLs @fal-ai/client 1.x and the provider call
 * (src/queue.js, src/storage.js), and refusing what fal refuses:
 *   POST /{owner}/{alias}[/{path}]                  submit  -> { request_id, status_url, ... }
 *   GET  /{owner}/{alias}/requests/{id}/status      status  -> 202 { status: IN_QUEUE | IN_PROGRESS }, 200 when COMPLETED
 *   GET  /{owner}/{alias}/requests/{id}             result  -> model output (400 while still in progress)
 *   PUT  /{owner}/{alias}/requests/{id}/cancel      cancel  -> 202 CANCELLATION_REQUESTED, 400 ALREADY_COMPLETED
 *   POST rest.fal.ai/storage/upload/initiate        -> { upload_url, file_url }; PUT upload_url stores the bytes
 *   GET  /files/{name}                              uploaded inputs and model outputs
 * Inputs are checked against each model's documented schema: unknown fields' enum values and
 * out-of-range numbers are a 422 with fal's `detail` array, inline data URIs are refused (none of
 * these models declares them), and an image URL that is not a stored file cannot be downloaded.
 * The client is aimed at it by a fetch that rewrites fal's hosts to this one.
 */
export type FakeFalScript = {
  /** HTTP statuses answered to the first submits, in order, before accepting. */
  submitFailures?: number[];
  /** HTTP statuses answered to the first submits AFTER queueing them (fal accepted, then answered late). */
  lateSubmitFailures?: number[];
  /** `X-Fal-Retryable` sent with every error answer. */
  retryableHeader?: 'true' | 'false';
  /** Status per poll; the last entry repeats. */
  statuses?: Array<'IN_QUEUE' | 'IN_PROGRESS' | 'COMPLETED'>;
  /** Per model (owner/alias): its own status sequence, e.g. one that never completes. */
  modelStatuses?: Record<string, Array<'IN_QUEUE' | 'IN_PROGRESS' | 'COMPLETED'>>;
  /** Log lines shown while IN_PROGRESS, one more per poll. */
  logs?: string[];
  /** Non-2xx status for the result call (the model run failed). */
  resultFailure?: number;
  /** Number of images in an image-editing result. */
  images?: number;
  /** Make output URLs point at a port where nothing listens. */
  deadFileHost?: boolean;
  /** Non-2xx result status for one model only (owner/alias, e.g. 'fal-ai/birefnet'): one call of several fails. */
  failModels?: Record<string, number>;
  /** Non-2xx submit status for one model only. */
  failSubmitModels?: Record<string, number>;
  /** HTTP statuses answered to the first status polls, in order. */
  statusFailures?: number[];
  /** HTTP status answered to storage initiate calls, in order, before accepting. */
  uploadFailures?: number[];
};

/** A submitted job's JSON input; the tests read the image fields. */
type SubmitBody = { image_url?: string; image_urls?: string[] } & Record<string, unknown>;

export type FakeFal = {
  base: string;
  fetch: typeof fetch;
  /** Every request made, in order, as "METHOD path". */
  calls: string[];
  /** Accepted (queued) submissions. */
  submits: Array<{ model: string; body: SubmitBody; id: string }>;
  /** Files uploaded to the fake storage, by name. */
  uploads: Map<string, { bytes: Buffer; type: string }>;
  /** Request ids cancelled while they were not completed. */
  cancelled: string[];
  script: FakeFalScript;
  close: () => Promise<void>;
};

type Schema = Record<
  string,
  { enum?: unknown[]; min?: number; max?: number; image?: 'url' | 'urls'; required?: boolean; english?: boolean }
>;

/** The documented input fields the product sends, per model (owner/alias/path). */
const SCHEMAS: Record<string, Schema> = {
  'fal-ai/bria/product-shot': {
    image_url: { image: 'url', required: true },
    scene_description: { english: true },
    placement_type: { enum: ['original', 'automatic', 'manual_placement', 'manual_padding'] },
    num_results: { min: 1, max: 4 },
    fast: { enum: [true, false] },
  },
  'fal-ai/birefnet/v2': { image_url: { image: 'url', required: true }, output_format: { enum: ['webp', 'png', 'gif'] } },
  'fal-ai/esrgan': { image_url: { image: 'url', required: true }, scale: { min: 1, max: 8 }, output_format: { enum: ['png', 'jpeg'] } },
  'fal-ai/nano-banana/edit': {
    image_urls: { image: 'urls', required: true },
    num_images: { min: 1, max: 4 },
    output_format: { enum: ['jpeg', 'png', 'webp'] },
  },
  'fal-ai/bytedance/seedance/v1/pro/image-to-video': {
    image_url: { image: 'url', required: true },
    duration: { enum: ['2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'] },
    aspect_ratio: { enum: ['21:9', '16:9', '4:3', '1:1', '3:4', '9:16', 'auto'] },
    resolution: { enum: ['480p', '720p', '1080p'] },
  },
};

const FILE_HOST = 'v3.fal.media';

export async function startFakeFal(script: FakeFalScript = {}): Promise<FakeFal> {
  const calls: string[] = [];
  const submits: FakeFal['submits'] = [];
  const cancelled: string[] = [];
  const requests = new Map<string, { model: string; path: string; polls: number; body: SubmitBody; done: boolean }>();
  const files = new Map<string, { bytes: Buffer; type: string }>();
  const uploads = new Map<string, { bytes: Buffer; type: string }>();
  for (let i = 0; i < 4; i++) {
    const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 40 * i, g: 90, b: 200 - 30 * i } } })
      .jpeg()
      .toBuffer();
    files.set(`img-${i}.jpg`, { bytes, type: 'image/jpeg' });
  }
  // Background removal: a product-like rounded box, transparent around it, at the fixture's 640x480.
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
  // Enough of an MP4 for the provider's sanity check: a box with the 'ftyp' type at bytes 4..8.
  files.set('video.mp4', {
    bytes: Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.alloc(200)]),
    type: 'video/mp4',
  });

  const failuresLeft = [...(script.submitFailures ?? [])];
  const lateLeft = [...(script.lateSubmitFailures ?? [])];
  const uploadFailuresLeft = [...(script.uploadFailures ?? [])];
  const statusFailuresLeft = [...(script.statusFailures ?? [])];
  let fileBase = '';
  let outputs = 0;

  const json = (res: ServerResponse, status: number, body: unknown) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', 'x-fal-request-id': 'fake' };
    if (status >= 400 && script.retryableHeader) headers['x-fal-retryable'] = script.retryableHeader;
    res.writeHead(status, headers);
    res.end(JSON.stringify(body));
  };
  const invalid = (res: ServerResponse, field: string, msg: string, type = 'value_error') =>
    json(res, 422, { detail: [{ loc: ['body', field], msg, type, url: `https://docs.fal.ai/errors/#${type}` }] });

  /** A stored file behind one of our URLs (uploaded input or output), or undefined. */
  const fileAt = (url: string) => {
    const m = /\/files\/([^/?]+)$/.exec(url);
    return m ? (uploads.get(m[1]!) ?? files.get(m[1]!)) : undefined;
  };

  /** The model's answer to a failed input check, or null when the input is as documented. */
  const checkInput = (model: string, body: SubmitBody): { field: string; msg: string; type?: string } | null => {
    const schema = SCHEMAS[model];
    if (!schema) return null;
    for (const [field, rule] of Object.entries(schema)) {
      const value = body[field];
      if (value === undefined) {
        if (rule.required) return { field, msg: 'field required', type: 'missing' };
        continue;
      }
      if (rule.enum && !rule.enum.includes(value))
        return { field, msg: `unexpected value; permitted: ${rule.enum.join(', ')}`, type: 'enum' };
      if ((rule.min !== undefined || rule.max !== undefined) && (typeof value !== 'number' || value < rule.min! || value > rule.max!))
        return { field, msg: `must be between ${rule.min} and ${rule.max}`, type: 'number_range' };
      if (rule.english && (typeof value !== 'string' || /[^A-Za-z0-9 ,]/.test(value)))
        return { field, msg: 'English only, excluding special characters', type: 'value_error' };
      if (rule.image) {
        const urls = rule.image === 'urls' ? (Array.isArray(value) ? value : [null]) : [value];
        for (const u of urls) {
          if (typeof u !== 'string' || !/^https?:\/\//.test(u)) return { field, msg: 'must be a URL', type: 'invalid_url' };
          if (!fileAt(u)) return { field, msg: 'Failed to download the file', type: 'file_download_error' };
        }
      }
    }
    return null;
  };

  /** Bria-like scene: a warm gradient floor, a soft shadow, and the product REDRAWN (tinted), as a generative model might. */
  const productShot = async (input: Buffer, n: number) => {
    const meta = await sharp(input).metadata();
    const w = meta.width!;
    const h = meta.height!;
    const bg = Buffer.from(
      `<svg width="${w}" height="${h}"><defs><linearGradient id="g" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#e9dccb"/><stop offset="1" stop-color="#8a6a4f"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><ellipse cx="${w / 2}" cy="${h * 0.8}" rx="${w / 3}" ry="${h / 20}" fill="#000" fill-opacity="0.25"/></svg>`,
    );
    const redrawn = await sharp(input)
      .ensureAlpha()
      .modulate({ brightness: 0.85, hue: 25 + 10 * n })
      .png()
      .toBuffer();
    return sharp(bg)
      .composite([{ input: redrawn }])
      .jpeg({ quality: 90 })
      .toBuffer();
  };

  const output = (bytes: Buffer, type: string, ext: string) => {
    const name = `out-${++outputs}.${ext}`;
    files.set(name, { bytes, type });
    return `${script.deadFileHost ? 'http://127.0.0.1:9' : fileBase}/files/${name}`;
  };

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    calls.push(`${req.method} ${url.pathname}`);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks);

    if (req.method === 'POST' && url.pathname === '/storage/upload/initiate') {
      const failure = uploadFailuresLeft.shift();
      if (failure) return json(res, failure, { detail: `HTTP ${failure}` });
      const { content_type, file_name } = JSON.parse(raw.toString('utf8')) as { content_type: string; file_name: string };
      const name = `${uploads.size + 1}-${file_name}`;
      return json(res, 200, {
        upload_url: `${fileBase}/upload/${name}?sig=x`,
        file_url: `https://${FILE_HOST}/files/${name}`,
        type: content_type,
      });
    }
    if (req.method === 'PUT' && url.pathname.startsWith('/upload/')) {
      uploads.set(url.pathname.slice('/upload/'.length), { bytes: raw, type: String(req.headers['content-type']) });
      res.writeHead(200);
      return res.end();
    }
    if (req.method === 'GET' && url.pathname.startsWith('/files/')) {
      const file = fileAt(url.pathname);
      if (!file) return json(res, 404, { detail: 'no such file' });
      res.writeHead(200, { 'content-type': file.type });
      return res.end(file.bytes);
    }

    const cancel = /^\/([^/]+\/[^/]+)\/requests\/([^/]+)\/cancel$/.exec(url.pathname);
    if (req.method === 'PUT' && cancel) {
      const r = requests.get(cancel[2]!);
      if (!r) return json(res, 404, { detail: 'Request not found' });
      if (r.done) return json(res, 400, { status: 'ALREADY_COMPLETED' });
      cancelled.push(cancel[2]!);
      return json(res, 202, { status: 'CANCELLATION_REQUESTED' });
    }

    const match = /^\/([^/]+\/[^/]+)\/requests\/([^/]+)(\/status)?$/.exec(url.pathname);
    if (req.method === 'GET' && match) {
      const [, , id, isStatus] = match;
      const r = requests.get(id!);
      if (!r) return json(res, 404, { detail: 'Request not found' });
      const seq = script.modelStatuses?.[r.model] ?? script.statuses ?? ['IN_QUEUE', 'IN_PROGRESS', 'COMPLETED'];
      if (isStatus) {
        const failure = statusFailuresLeft.shift();
        if (failure) return json(res, failure, { detail: `HTTP ${failure}` });
        const status = cancelled.includes(id!) ? 'COMPLETED' : seq[Math.min(r.polls, seq.length - 1)];
        r.polls++;
        if (status === 'COMPLETED') r.done = true;
        const logs = (script.logs ?? [])
          .slice(0, r.polls)
          .map((message) => ({ message, level: 'INFO', source: 'USER', timestamp: new Date().toISOString() }));
        return json(res, status === 'COMPLETED' ? 200 : 202, {
          status,
          request_id: id,
          response_url: `${fileBase}/${r.model}/requests/${id}`,
          status_url: `${fileBase}/${r.model}/requests/${id}/status`,
          cancel_url: `${fileBase}/${r.model}/requests/${id}/cancel`,
          ...(status === 'IN_QUEUE' ? { queue_position: 2 } : { logs }),
        });
      }
      if (!r.done) return json(res, 400, { detail: 'Request is still in progress' });
      if (script.resultFailure) return json(res, script.resultFailure, { detail: 'model run failed' });
      const modelFailure = script.failModels?.[r.model];
      if (modelFailure) return json(res, modelFailure, { detail: 'model run failed' });
      const body = r.body;
      if (r.path === 'fal-ai/bria/product-shot') {
        const input = fileAt(body.image_url!)!.bytes;
        const n = Number(body.num_results ?? 1);
        const images = [];
        for (let i = 0; i < n; i++) {
          const bytes = await productShot(input, i);
          const meta = await sharp(bytes).metadata();
          images.push({ url: output(bytes, 'image/jpeg', 'jpg'), content_type: 'image/jpeg', width: meta.width, height: meta.height });
        }
        return json(res, 200, { images });
      }
      if (r.model === 'fal-ai/birefnet')
        return json(res, 200, { image: { url: output(files.get('cutout.png')!.bytes, 'image/png', 'png'), content_type: 'image/png' } });
      if (r.model === 'fal-ai/esrgan') {
        const input = fileAt(body.image_url!)!.bytes;
        const meta = await sharp(input).metadata();
        const scale = Number(body.scale ?? 2);
        const up = sharp(input).resize(Math.round(meta.width! * scale), Math.round(meta.height! * scale));
        const jpeg = body.output_format === 'jpeg';
        const bytes = await (jpeg ? up.jpeg() : up.png()).toBuffer();
        return json(res, 200, {
          image: {
            url: output(bytes, jpeg ? 'image/jpeg' : 'image/png', jpeg ? 'jpg' : 'png'),
            content_type: jpeg ? 'image/jpeg' : 'image/png',
          },
        });
      }
      if (r.path.includes('video'))
        return json(res, 200, { video: { url: `${script.deadFileHost ? 'http://127.0.0.1:9' : fileBase}/files/video.mp4` }, seed: 7 });
      const n = script.images ?? 4;
      const host = script.deadFileHost ? 'http://127.0.0.1:9' : fileBase;
      return json(res, 200, {
        images: Array.from({ length: n }, (_, i) => ({ url: `${host}/files/img-${i % 4}.jpg`, content_type: 'image/jpeg' })),
        seed: 7,
      });
    }

    if (req.method === 'POST') {
      const path = url.pathname.slice(1);
      const model = path.split('/').slice(0, 2).join('/');
      const failure = failuresLeft.shift() ?? script.failSubmitModels?.[model];
      if (failure) {
        const body =
          failure === 422
            ? { detail: [{ loc: ['body', 'prompt'], msg: 'field required', type: 'value_error' }] }
            : { detail: `HTTP ${failure}` };
        return json(res, failure, body);
      }
      const body = JSON.parse(raw.toString('utf8') || '{}') as SubmitBody;
      const problem = checkInput(path, body);
      if (problem) return invalid(res, problem.field, problem.msg, problem.type);
      const id = `req-${submits.length + 1}`;
      submits.push({ model: path, body, id });
      requests.set(id, { model, path, polls: 0, body, done: false });
      const late = lateLeft.shift();
      if (late) return json(res, late, { detail: 'upstream timed out' });
      return json(res, 200, {
        status: 'IN_QUEUE',
        request_id: id,
        queue_position: 0,
        response_url: `${fileBase}/${model}/requests/${id}`,
        status_url: `${fileBase}/${model}/requests/${id}/status`,
        cancel_url: `${fileBase}/${model}/requests/${id}/cancel`,
      });
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
    const h = url.hostname;
    if (h === 'fal.run' || h.endsWith('.fal.run') || h === 'rest.fal.ai' || h === FILE_HOST) {
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
    uploads,
    cancelled,
    script,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
