import { isProviderError } from './errors.js';
import type { AiProvider, ImageJobInput, ProviderOutput, SubmitContext, VideoJobInput, WaitOptions } from './types.js';
import { providerDuration, providerErrors } from '../../lib/metrics.js';

export type ProviderJob = (
  { kind: 'image'; loadInput: () => Promise<ImageJobInput> } | { kind: 'video'; loadInput: () => Promise<VideoJobInput> }
) & {
  /** The id stored by an earlier attempt, or null when none was submitted yet. */
  requestId: string | null;
  /**
   * Persists the provider request id on the job row. Called with the new id
   * right after submit (before any waiting), and with null when the stored
   * request can no longer succeed, so the next attempt submits afresh.
   */
  saveRequestId: (requestId: string | null) => Promise<void>;
} & SubmitContext &
  WaitOptions;

/**
 * One attempt at a generation, safe to repeat after a crash (docs/security.md
 * property 5): a stored request id is resumed, never resubmitted, unless the
 * provider says that request is dead (`ProviderError.resubmit`). In that one
 * case it submits once more straight away.
 *
 * Errors are the provider's ProviderError (or the signal's abort reason);
 * whether to retry later is the caller's call, guided by `retryable`.
 */
export async function runProviderJob(provider: AiProvider, job: ProviderJob): Promise<ProviderOutput[]> {
  // The provider's latency and errors (fal.ai's above all) by provider, kind and error kind.
  const end = providerDuration.startTimer({ provider: provider.name, kind: job.kind });
  try {
    const outputs = await runProviderJobUnmeasured(provider, job);
    end({ outcome: 'ok' });
    return outputs;
  } catch (err) {
    if (job.signal?.aborted) {
      end({ outcome: 'aborted' });
    } else {
      end({ outcome: 'error' });
      providerErrors.inc({ provider: provider.name, kind: job.kind, error: isProviderError(err) ? err.kind : 'other' });
    }
    throw err;
  }
}

async function runProviderJobUnmeasured(provider: AiProvider, job: ProviderJob): Promise<ProviderOutput[]> {
  const wait = (requestId: string) =>
    job.kind === 'image'
      ? provider.waitForResult({ kind: 'image', requestId, loadInput: job.loadInput }, job)
      : provider.waitForResult({ kind: 'video', requestId, loadInput: job.loadInput }, job);

  if (job.requestId) {
    try {
      return await wait(job.requestId);
    } catch (err) {
      if (!(isProviderError(err) && err.resubmit)) throw err;
      await job.saveRequestId(null);
    }
  }

  job.signal?.throwIfAborted();
  const context: SubmitContext = { inputs: job.inputs, saveInputs: job.saveInputs };
  const { requestId } =
    job.kind === 'image'
      ? await provider.submitImage(await job.loadInput(), context)
      : await provider.submitVideo(await job.loadInput(), context);
  await job.saveRequestId(requestId);
  try {
    return await wait(requestId);
  } catch (err) {
    if (isProviderError(err) && err.resubmit) await job.saveRequestId(null);
    throw err;
  }
}
