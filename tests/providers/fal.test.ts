import { afterEach, describe, expect, it } from 'vitest';
import { FalProvider, DEFAULT_FAL_IMAGE_MODEL } from '../../server/providers/ai/fal';
import { ProviderError } from '../../server/providers/ai/errors';
import { runProviderJob } from '../../server/providers/ai/run-job';
import type { ImageJobInput, VideoJobInput } from '../../server/providers/ai/types';
import { startFakeFal, type FakeFal, type FakeFalScript } from './fake-fal';
import { productPhoto } from './fixtures';

let fake: FakeFal | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

async function setup(script: FakeFalScript = {}) {
  fake = await startFakeFal(script);
  const provider = new FalProvider({ apiKey: 'test-key', fetch: fake.fetch, pollIntervalMs: 10 });
  return { fake, provider };
}

const photo = await productPhoto(640, 480);
const imageInput: ImageJobInput = { imageBytes: photo, mime: 'image/jpeg', prompt: 'beyaz stüdyo', numImages: 4 };
const videoInput: VideoJobInput = {
  imageBytes: photo,
  mime: 'image/jpeg',
  prompt: '',
  duration: 7,
  aspectRatio: '9:16',
  resolution: '1080p',
};
const imageRequest = (requestId: string) => ({ kind: 'image' as const, requestId, loadInput: async () => imageInput });

/** Submissions to a model (not the storage upload's initiate POST). */
const modelPosts = (fake: FakeFal) => fake.calls.filter((c) => c.startsWith('POST /fal-ai/'));

async function rejection(p: Promise<unknown>): Promise<ProviderError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderError);
  return err as ProviderError;
}

describe('FalProvider against a local fake of the fal queue API', () => {
  it('submits the SPEC input, reports rising progress and returns 4 downloaded JPEGs', async () => {
    const { fake, provider } = await setup({
      statuses: ['IN_QUEUE', 'IN_QUEUE', 'IN_PROGRESS', 'IN_PROGRESS', 'IN_PROGRESS', 'COMPLETED'],
      logs: ['loading', 'step 10%', 'step 60%'],
    });
    const { requestId } = await provider.submitImage(imageInput);
    expect(requestId).toBe(`fal:${DEFAULT_FAL_IMAGE_MODEL}#req-1`);

    const body = fake.submits[0]!.body;
    expect(fake.submits[0]!.model).toBe('fal-ai/nano-banana/edit');
    expect(body).toMatchObject({ prompt: 'beyaz stüdyo', num_images: 4, output_format: 'jpeg' });
    // The photo went to fal's storage once; the model gets its URL, never an inline data URI.
    expect(body.image_urls).toHaveLength(1);
    expect(body.image_urls?.[0]).toMatch(/^https:\/\/v3\.fal\.media\/files\//);
    expect(fake.uploads.size).toBe(1);
    expect([...fake.uploads.values()][0]!.bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    const progress: number[] = [];
    const outputs = await provider.waitForResult(imageRequest(requestId), { onProgress: (p) => progress.push(p) });
    expect(outputs).toHaveLength(4);
    for (const o of outputs) {
      expect(o.mime).toBe('image/jpeg');
      expect([...o.bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    }
    expect(progress.at(-1)).toBe(100);
    expect(progress.length).toBeGreaterThan(3);
    for (let i = 1; i < progress.length; i++) expect(progress[i]).toBeGreaterThan(progress[i - 1]!);
    // The log line "step 60%" lifted the estimate above the time-based curve.
    expect(progress).toContain(61);
    expect(fake.calls.filter((c) => c.endsWith('/status')).length).toBe(6);
    expect(fake.calls).toContain('GET /fal-ai/nano-banana/requests/req-1');
  });

  it('sends video parameters as docs/product.md §7 lists them and returns one MP4', async () => {
    const { fake, provider } = await setup();
    const { requestId } = await provider.submitVideo(videoInput);
    expect(fake.submits[0]!.model).toBe('fal-ai/bytedance/seedance/v1/pro/image-to-video');
    expect(fake.submits[0]!.body).toMatchObject({
      prompt: 'smooth natural movement',
      duration: '7',
      aspect_ratio: '9:16',
      resolution: '1080p',
      enable_safety_checker: true,
    });
    expect(fake.submits[0]!.body.image_url).toMatch(/^https:\/\/v3\.fal\.media\/files\//);
    const [video, ...rest] = await provider.waitForResult({ kind: 'video', requestId, loadInput: async () => videoInput });
    expect(rest).toHaveLength(0);
    expect(video!.mime).toBe('video/mp4');
    expect(video!.bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
  });

  it('422 is invalid_input and is not retried', async () => {
    const { fake, provider } = await setup({ submitFailures: [422] });
    const err = await rejection(provider.submitImage(imageInput));
    expect(err).toMatchObject({ kind: 'invalid_input', retryable: false });
    expect(modelPosts(fake)).toHaveLength(1);
  });

  it('401 is an api_key error, not retryable', async () => {
    const { fake, provider } = await setup({ submitFailures: [401] });
    const err = await rejection(provider.submitImage(imageInput));
    expect(err).toMatchObject({ kind: 'api_key', retryable: false });
    expect(modelPosts(fake)).toHaveLength(1);
  });

  it('429 (fal queued nothing) is tried again with backoff, then succeeds', async () => {
    const { fake, provider } = await setup({ submitFailures: [429] });
    const started = Date.now();
    const { requestId } = await provider.submitImage(imageInput);
    // First retry after 1 s ± 25 %.
    expect(Date.now() - started).toBeGreaterThanOrEqual(700);
    expect(modelPosts(fake)).toHaveLength(2);
    expect(fake.submits).toHaveLength(1);
    expect(await provider.waitForResult(imageRequest(requestId))).toHaveLength(4);
  });

  it('a 503 answered after fal queued the submit is not sent again: one request queued, the attempt fails retryable', async () => {
    const { fake, provider } = await setup({ lateSubmitFailures: [503] });
    const err = await rejection(provider.submitImage(imageInput));
    expect(err).toMatchObject({ kind: 'other', retryable: true });
    expect(modelPosts(fake)).toHaveLength(1);
    expect(fake.submits).toHaveLength(1);
  });

  it('honours X-Fal-Retryable: a 503 fal marks not retryable fails the run now; a 429 marked so is not tried again', async () => {
    const { fake, provider } = await setup({ submitFailures: [503, 429], retryableHeader: 'false' });
    expect(await rejection(provider.submitImage(imageInput))).toMatchObject({ retryable: false });
    expect(await rejection(provider.submitImage(imageInput))).toMatchObject({ kind: 'quota', retryable: false });
    expect(modelPosts(fake)).toHaveLength(2);
  });

  it('a resumed or retried run reuses the uploaded photo: no second upload', async () => {
    const { fake, provider } = await setup();
    const saved: Array<Record<string, string>> = [];
    await provider.submitImage(imageInput, { inputs: null, saveInputs: async (i) => void saved.push(i) });
    expect(fake.uploads.size).toBe(1);
    expect(saved).toHaveLength(1);
    // The next attempt finds the URL on the run's record.
    await provider.submitImage(imageInput, { inputs: saved[0], saveInputs: async (i) => void saved.push(i) });
    expect(fake.uploads.size).toBe(1);
    expect(saved).toHaveLength(1);
    expect(fake.submits[1]!.body.image_urls).toEqual([saved[0]!.photo]);
  });

  it('FAL_RETRY is not what every call uses: status polls keep the client queue policy (500 retried), uploads use ours', async () => {
    // Our policy says: never retry. The status poll's own policy (5 retries, also on 500) still wins.
    const { fake } = await setup({ statusFailures: [500] });
    const strict = new FalProvider({ apiKey: 'k', fetch: fake.fetch, pollIntervalMs: 10, retry: { maxRetries: 0 } });
    const { requestId } = await strict.submitImage(imageInput);
    expect(await strict.waitForResult(imageRequest(requestId))).toHaveLength(4);
    expect(fake.calls.filter((c) => c.endsWith('/status'))).toHaveLength(4);
    // The storage upload's initiate call is the one that follows this policy exactly: one try.
    const { fake: failing } = await setup({ uploadFailures: [503] });
    const strict2 = new FalProvider({ apiKey: 'k', fetch: failing.fetch, pollIntervalMs: 10, retry: { maxRetries: 0 } });
    expect(await rejection(strict2.submitImage(imageInput))).toMatchObject({ retryable: true });
    expect(failing.calls.filter((c) => c.startsWith('POST /storage'))).toHaveLength(1);
    await fake.close();
  }, 15_000);

  it('an unreachable server ends as a retryable network error after the client retries (4 attempts)', async () => {
    const { fake } = await setup();
    await fake.close();
    let attempts = 0;
    const counting: typeof fetch = (input, init) => {
      attempts++;
      return fake.fetch(input, init);
    };
    const provider = new FalProvider({ apiKey: 'k', fetch: counting, pollIntervalMs: 10 });
    const err = await rejection(provider.submitImage(imageInput));
    expect(err).toMatchObject({ kind: 'network', retryable: true, resubmit: false });
    expect(attempts).toBe(4);
  }, 20_000);

  it('a failed output download is a network error that keeps the request id', async () => {
    const { provider } = await setup({ deadFileHost: true });
    const { requestId } = await provider.submitImage(imageInput);
    const err = await rejection(provider.waitForResult(imageRequest(requestId)));
    expect(err).toMatchObject({ kind: 'network', retryable: true, resubmit: false });
  });

  it('a model run that failed on fal asks for a new submission', async () => {
    const { provider } = await setup({ resultFailure: 500 });
    const { requestId } = await provider.submitImage(imageInput);
    const err = await rejection(provider.waitForResult(imageRequest(requestId)));
    expect(err).toMatchObject({ kind: 'other', retryable: true, resubmit: true });
  });

  it('resumes a stored request id in a fresh provider (after a restart) without submitting again', async () => {
    const { fake, provider } = await setup({ statuses: ['IN_PROGRESS', 'IN_PROGRESS', 'COMPLETED'] });
    const { requestId } = await provider.submitImage(imageInput);

    // The worker died here; a new process builds a new provider and resumes by id.
    const revived = new FalProvider({ apiKey: 'test-key', fetch: fake.fetch, pollIntervalMs: 10 });
    const saved: Array<string | null> = [];
    const outputs = await runProviderJob(revived, {
      kind: 'image',
      requestId,
      loadInput: async () => {
        throw new Error('fal must not need the input to resume');
      },
      saveRequestId: async (id) => {
        saved.push(id);
      },
    });
    expect(outputs).toHaveLength(4);
    expect(fake.submits).toHaveLength(1);
    expect(saved).toEqual([]);
  });

  it('a stored id fal no longer knows (404) is cleared and replaced by one new submission', async () => {
    const { fake, provider } = await setup();
    const saved: Array<string | null> = [];
    const outputs = await runProviderJob(provider, {
      kind: 'image',
      requestId: `fal:${DEFAULT_FAL_IMAGE_MODEL}#expired-id`,
      loadInput: async () => imageInput,
      saveRequestId: async (id) => {
        saved.push(id);
      },
    });
    expect(outputs).toHaveLength(4);
    expect(fake.submits).toHaveLength(1);
    expect(saved).toEqual([null, `fal:${DEFAULT_FAL_IMAGE_MODEL}#req-1`]);
  });

  it('stops waiting when the signal aborts', async () => {
    const { provider } = await setup({ statuses: ['IN_PROGRESS'] });
    const { requestId } = await provider.submitImage(imageInput);
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('lease lost')), 60);
    await expect(provider.waitForResult(imageRequest(requestId), { signal: controller.signal })).rejects.toThrow('lease lost');
  });

  it('the fake refuses what fal refuses: inline data URIs, unknown enum values, files it cannot fetch; 202 while running', async () => {
    const { fake } = await setup({ statuses: ['IN_PROGRESS', 'COMPLETED'] });
    const post = (model: string, body: unknown) =>
      fake.fetch(`https://queue.fal.run/${model}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const dataUri = await post('fal-ai/esrgan', { image_url: 'data:image/jpeg;base64,/9j/', scale: 2 });
    expect(dataUri.status).toBe(422);
    expect(((await dataUri.json()) as { detail: Array<{ loc: string[] }> }).detail[0]!.loc).toEqual(['body', 'image_url']);
    const url = await new FalProvider({ apiKey: 'k', fetch: fake.fetch })
      .submitImage(imageInput)
      .then(() => fake.submits[0]!.body.image_urls![0]!);
    expect((await post('fal-ai/esrgan', { image_url: url, output_format: 'tiff' })).status).toBe(422);
    expect((await post('fal-ai/bria/product-shot', { image_url: url, scene_description: 'mermer tezgah, sabah ışığı' })).status).toBe(422);
    expect((await post('fal-ai/esrgan', { image_url: 'https://v3.fal.media/files/nope.jpg' })).status).toBe(422);
    const ok = (await (await post('fal-ai/esrgan', { image_url: url, scale: 2, output_format: 'jpeg' })).json()) as { request_id: string };
    expect((await fake.fetch(`https://queue.fal.run/fal-ai/esrgan/requests/${ok.request_id}/status`)).status).toBe(202);
    expect((await fake.fetch(`https://queue.fal.run/fal-ai/esrgan/requests/${ok.request_id}`)).status).toBe(400);
    expect((await fake.fetch(`https://queue.fal.run/fal-ai/esrgan/requests/${ok.request_id}/status`)).status).toBe(200);
  });

  it('refuses bad input before calling fal', async () => {
    const { fake, provider } = await setup();
    const err = await rejection(provider.submitVideo({ ...videoInput, duration: 11 }));
    expect(err).toMatchObject({ kind: 'invalid_input', retryable: false });
    expect(fake.calls).toHaveLength(0);
  });
});
