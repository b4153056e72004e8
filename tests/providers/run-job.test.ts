import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../server/providers/ai/errors';
import { runProviderJob } from '../../server/providers/ai/run-job';
import type { AiProvider, AiRequest, ImageJobInput, ProviderOutput } from '../../server/providers/ai/types';

const input: ImageJobInput = { imageBytes: Buffer.from('x'), mime: 'image/jpeg', prompt: 'p', numImages: 4 };
const jpeg: ProviderOutput = { bytes: Buffer.from([0xff, 0xd8, 0xff]), mime: 'image/jpeg', ext: 'jpg' };

/** A scripted provider: `waits` says what each waitForResult call does, in order. */
function scripted(waits: Array<'ok' | 'dead' | 'flaky'>) {
  const log: string[] = [];
  let n = 0;
  const provider: AiProvider = {
    name: 'fal',
    async submitImage() {
      n++;
      log.push(`submit -> r${n}`);
      return { requestId: `r${n}` };
    },
    async submitVideo() {
      throw new Error('unused');
    },
    async waitForResult(request: AiRequest) {
      const step = waits.shift();
      log.push(`wait ${request.requestId} -> ${step}`);
      if (step === 'dead') throw new ProviderError('other', { retryable: true, resubmit: true, detail: 'gone' });
      if (step === 'flaky') throw new ProviderError('network', { retryable: true });
      return [jpeg, jpeg, jpeg, jpeg];
    },
  };
  return { provider, log };
}

function job(requestId: string | null, saved: Array<string | null>) {
  return {
    kind: 'image' as const,
    requestId,
    loadInput: async () => input,
    saveRequestId: async (id: string | null) => {
      saved.push(id);
    },
  };
}

describe('runProviderJob', () => {
  it('first attempt: submits, saves the id before waiting, then waits', async () => {
    const { provider, log } = scripted(['ok']);
    const saved: Array<string | null> = [];
    const outputs = await runProviderJob(provider, job(null, saved));
    expect(outputs).toHaveLength(4);
    expect(log).toEqual(['submit -> r1', 'wait r1 -> ok']);
    expect(saved).toEqual(['r1']);
  });

  it('later attempt with a stored id: resumes and never submits', async () => {
    const { provider, log } = scripted(['ok']);
    const saved: Array<string | null> = [];
    await runProviderJob(provider, job('r7', saved));
    expect(log).toEqual(['wait r7 -> ok']);
    expect(saved).toEqual([]);
  });

  it('a transient failure keeps the stored id for the next attempt', async () => {
    const { provider, log } = scripted(['flaky']);
    const saved: Array<string | null> = [];
    await expect(runProviderJob(provider, job('r7', saved))).rejects.toMatchObject({ kind: 'network' });
    expect(log).toEqual(['wait r7 -> flaky']);
    expect(saved).toEqual([]);
  });

  it('a dead stored request is cleared and replaced by exactly one new submission', async () => {
    const { provider, log } = scripted(['dead', 'ok']);
    const saved: Array<string | null> = [];
    await runProviderJob(provider, job('r7', saved));
    expect(log).toEqual(['wait r7 -> dead', 'submit -> r1', 'wait r1 -> ok']);
    expect(saved).toEqual([null, 'r1']);
  });

  it('a fresh request that dies is cleared and the error surfaces (no loop)', async () => {
    const { provider, log } = scripted(['dead', 'ok']);
    const saved: Array<string | null> = [];
    await expect(runProviderJob(provider, job(null, saved))).rejects.toMatchObject({ resubmit: true });
    expect(log).toEqual(['submit -> r1', 'wait r1 -> dead']);
    expect(saved).toEqual(['r1', null]);
  });
});
