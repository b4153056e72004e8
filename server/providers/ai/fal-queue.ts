import { ApiError, createFalClient, type FalClient, type QueueStatus, type RetryOptions } from '@fal-ai/client';
import { ProviderError, abortReason } from './errors.js';
import { falCall, falError } from './fal-errors.js';
import { log } from '../../lib/log';

/**
 * The client-wide retry settings. @fal-ai/client 1.10 merges each call's own policy over these
 * (request.js: `{ ...config.retry, ...options.retry }`), so what applies is, per call:
 * - submit: not the client's. Our own POST (below) is never repeated on 5xx or a network
 *   error, because fal may have queued a request it answered late; only 429 (not queued) is
 *   tried again, with this policy's delays, and not when fal says `X-Fal-Retryable: false`.
 * - status: the client's queue policy wins: 5 retries from 1 s, at most 30 s apart, on
 *   429/500/502/503/504; only backoffMultiplier (2) and enableJitter (±25 %) come from here.
 * - result: 3 retries from 1 s, at most 60 s apart, on 429/502/503/504; multiplier and jitter from here.
 * - cancel and the storage upload's initiate call: exactly this policy. The upload's PUT: none.
 * Transport errors (connection refused or reset, DNS) count as retryable in every retried call.
 */
export const FAL_RETRY: RetryOptions = {
  maxRetries: 3,
  baseDelay: 1000,
  maxDelay: 30_000,
  backoffMultiplier: 2,
  retryableStatusCodes: [429, 502, 503, 504],
  enableJitter: true,
};

export const FAL_QUEUE_URL = 'https://queue.fal.run';

/** One submitted fal request: its model (status and result URLs are per model) and fal's id. */
export type FalPart = { model: string; falId: string };

/** Uploaded inputs live a day on fal's CDN: long enough for every retry of a run, not kept for ever abroad. */
const UPLOAD_LIFETIME = '1d';

export type FalQueueOptions = { apiKey: string; fetch?: typeof fetch; retry?: Partial<RetryOptions> };

/**
 * fal's queue and storage as the product uses them: inputs uploaded once as files, submits
 * that are not repeated behind our back, status/result through the client, and cancel.
 */
export class FalQueue {
  readonly client: FalClient;
  private readonly fetch: typeof fetch;
  private readonly retry: RetryOptions;
  /** fal's `X-Fal-Retryable` answer per request id, seen on a failed status or result call. */
  private readonly retryableHint = new Map<string, boolean>();

  constructor(private readonly options: FalQueueOptions) {
    const base = options.fetch ?? globalThis.fetch;
    this.retry = { ...FAL_RETRY, ...options.retry };
    this.fetch = base;
    const watching: typeof fetch = async (input, init) => {
      const res = await base(input, init);
      const hint = retryableHeader(res);
      const id = /\/requests\/([^/?]+)/.exec(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)?.[1];
      if (!res.ok && id && hint !== undefined) this.retryableHint.set(id, hint);
      return res;
    };
    this.client = createFalClient({ credentials: options.apiKey, fetch: watching, retry: this.retry });
  }

  /** Puts one input file on fal's storage and answers its URL (the format every model accepts). */
  async upload(bytes: Buffer, type: 'image/jpeg' | 'image/png'): Promise<string> {
    const blob = new Blob([new Uint8Array(bytes)], { type });
    return falCall('upload', undefined, () => this.client.storage.upload(blob, { lifecycle: { expiresIn: UPLOAD_LIFETIME } }));
  }

  /**
   * POST to the queue, once. A 5xx or a broken connection may hide a request fal accepted, so
   * it fails this attempt (the worker's bounded retry decides) instead of queueing a second one.
   */
  async submit(model: string, input: Record<string, unknown>): Promise<FalPart> {
    for (let attempt = 0; ; attempt++) {
      const res = await falCall('submit', undefined, () =>
        this.fetch(`${FAL_QUEUE_URL}/${model}`, {
          method: 'POST',
          headers: {
            Authorization: `Key ${this.options.apiKey}`,
            Accept: 'application/json',
            'Content-Type': 'application/json',
          },
          body: JSON.stringify(input),
        }),
      );
      if (res.ok) {
        const body = (await res.json().catch(() => null)) as { request_id?: unknown } | null;
        if (typeof body?.request_id !== 'string') {
          throw new ProviderError('other', { retryable: true, detail: `fal submit to ${model} answered without a request id` });
        }
        return { model, falId: body.request_id };
      }
      const hint = retryableHeader(res);
      const body = (await res.json().catch(() => undefined)) as { detail?: unknown } | undefined;
      const error = new ApiError({ message: detailOf(body) ?? `HTTP ${res.status}`, status: res.status, body });
      if (res.status === 429 && hint !== false && attempt < (this.retry.maxRetries ?? 3)) {
        await new Promise((r) => setTimeout(r, backoff(attempt, this.retry)));
        continue;
      }
      throw falError(error, 'submit', hint);
    }
  }

  /** Polls a part until fal reports it COMPLETED, then answers its result's data. */
  async result(part: FalPart, pollIntervalMs: number, signal?: AbortSignal, onStatus?: (s: QueueStatus) => void): Promise<unknown> {
    for (;;) {
      signal?.throwIfAborted();
      const status = await this.call('status', part, signal, () =>
        this.client.queue.status(part.model, { requestId: part.falId, logs: true, abortSignal: signal }),
      );
      if (status.status === 'COMPLETED') break;
      onStatus?.(status);
      await sleep(pollIntervalMs, signal);
    }
    const res = await this.call('result', part, signal, () =>
      this.client.queue.result(part.model, { requestId: part.falId, abortSignal: signal }),
    );
    return res.data;
  }

  /** Stops a part fal may still be running (and billing). Best effort: a failure is only logged. */
  async cancel(part: FalPart): Promise<void> {
    try {
      await this.client.queue.cancel(part.model, { requestId: part.falId });
    } catch (err) {
      // 400 "already completed" is the common case here; nothing is left to stop then.
      log().warn({ err, model: part.model, falId: part.falId }, 'fal cancel failed');
    }
  }

  private async call<T>(stage: 'status' | 'result', part: FalPart, signal: AbortSignal | undefined, fn: () => Promise<T>): Promise<T> {
    try {
      return await falCall(stage, signal, fn);
    } catch (err) {
      const hint = this.retryableHint.get(part.falId);
      this.retryableHint.delete(part.falId);
      if (hint === false && err instanceof ProviderError && err.retryable) {
        throw new ProviderError(err.kind, {
          retryable: false,
          detail: `${err.detail ?? err.message} (X-Fal-Retryable: false)`,
          cause: err,
        });
      }
      throw err;
    }
  }
}

/** fal's `X-Fal-Retryable` error header: whether the very same request may succeed if sent again. */
function retryableHeader(res: Response): boolean | undefined {
  const v = res.headers.get('x-fal-retryable')?.trim().toLowerCase();
  return v === 'true' ? true : v === 'false' ? false : undefined;
}

function detailOf(body: { detail?: unknown } | undefined): string | undefined {
  const d = body?.detail;
  return typeof d === 'string' ? d : d === undefined ? undefined : JSON.stringify(d);
}

function backoff(attempt: number, r: RetryOptions): number {
  const base = Math.min((r.baseDelay ?? 1000) * (r.backoffMultiplier ?? 2) ** attempt, r.maxDelay ?? 30_000);
  return r.enableJitter ? base * (0.75 + Math.random() * 0.5) : base;
}

/** A pause that ends early, rejecting with the signal's reason, when the wait is aborted. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal!));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
