import { ApiError, isRetryableError } from '@fal-ai/client';
import { ProviderError, abortReason } from './errors.js';

export type FalStage = 'upload' | 'submit' | 'status' | 'result' | 'download';

/** Status codes the client itself already retried before giving up. */
const TRANSIENT = new Set([429, 502, 503, 504]);

/**
 * Maps whatever the fal client (or an output download) threw to a
 * ProviderError. The stage matters: a 5xx from `result` means the model run
 * itself failed, so a retry must submit anew; from `status` it is only the
 * queue API having a bad moment, so the stored request id stays good.
 */
export function falError(err: unknown, stage: FalStage, retryableHint?: boolean): ProviderError {
  if (err instanceof ProviderError) return err;
  const mapped = mapError(err, stage);
  // fal's own X-Fal-Retryable answer overrides what the status code suggests.
  if (retryableHint === undefined || retryableHint === mapped.retryable) return mapped;
  return new ProviderError(mapped.kind, {
    retryable: retryableHint,
    resubmit: mapped.resubmit,
    detail: `${mapped.detail ?? mapped.message} (X-Fal-Retryable: ${retryableHint})`,
    cause: err,
  });
}

function mapError(err: unknown, stage: FalStage): ProviderError {
  if (err instanceof ApiError) {
    const status = err.status;
    const detail = `fal ${stage} HTTP ${status}: ${err.message}`;
    const opts = { detail, cause: err };
    if (status === 401) return new ProviderError('api_key', { retryable: false, ...opts });
    if (status === 403) {
      // fal answers 403 both for a bad key and for an exhausted account balance.
      return /balance|billing|locked/i.test(JSON.stringify(err.body ?? err.message))
        ? new ProviderError('quota', { retryable: false, ...opts })
        : new ProviderError('api_key', { retryable: false, ...opts });
    }
    if (status === 402) return new ProviderError('quota', { retryable: false, ...opts });
    if (status === 429) return new ProviderError('quota', { retryable: true, ...opts });
    if (status === 400 || status === 422) return new ProviderError('invalid_input', { retryable: false, ...opts });
    if (status === 404) {
      // On submit: wrong model id. Later: the request is unknown or expired; only a new one can help.
      return stage === 'submit'
        ? new ProviderError('other', { retryable: false, ...opts })
        : new ProviderError('other', { retryable: true, resubmit: true, ...opts });
    }
    if (status >= 500) {
      const failedRun = stage === 'result' && !TRANSIENT.has(status);
      return new ProviderError('other', { retryable: true, resubmit: failedRun, ...opts });
    }
    return new ProviderError('other', { retryable: false, ...opts });
  }

  // The client's own classifier: "fetch failed", ECONNREFUSED, ECONNRESET, timeouts...
  if (isRetryableError(err, [])) {
    return new ProviderError('network', {
      retryable: true,
      detail: `fal ${stage}: ${err instanceof Error ? err.message : String(err)}`,
      cause: err,
    });
  }
  return new ProviderError('other', {
    retryable: false,
    detail: `fal ${stage}: ${err instanceof Error ? err.message : String(err)}`,
    cause: err,
  });
}

/** A non-2xx answer when downloading an output file (plain fetch, not the fal client). */
export function downloadHttpError(status: number, url: string): ProviderError {
  const detail = `fal download HTTP ${status} for ${new URL(url).host}`;
  if (status === 429) return new ProviderError('quota', { retryable: true, detail });
  if (status >= 500) return new ProviderError('other', { retryable: true, detail });
  // 403/404/410: the signed output URL expired; the same request id would give the same dead URL.
  return new ProviderError('other', { retryable: true, resubmit: true, detail });
}

/** Runs one fal client call; aborts pass through untouched, everything else becomes a ProviderError. */
export async function falCall<T>(stage: FalStage, signal: AbortSignal | undefined, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (signal?.aborted) throw abortReason(signal);
    throw falError(err, stage);
  }
}

/** Output URLs expire, so the bytes are fetched at once (the caller stores them). */
export function falDownload(fetchFn: typeof fetch, url: string, signal?: AbortSignal): Promise<Buffer> {
  return falCall('download', signal, async () => {
    const res = await fetchFn(url, { signal });
    if (!res.ok) throw downloadHttpError(res.status, url);
    return Buffer.from(await res.arrayBuffer());
  });
}
