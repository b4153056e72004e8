import { afterAll, beforeAll, expect, test } from 'vitest';
import { HttpClient, startTestServer, validSignUp } from '../helpers/server';
import type { RunningServer } from '../../server/index';
import { photo } from '../studio/photos';
import { waitDone } from './helpers';
import { uploaded } from '../helpers/server';

let server: RunningServer;
let alice: HttpClient;
beforeAll(async () => {
  server = await startTestServer({ WORKER_CONCURRENCY: '1' });
  alice = new HttpClient(server.url);
  await alice.mutate('auth.signUp', validSignUp('alice@example.com'));
});
afterAll(async () => {
  await server?.close();
});

test('a local video run stages the upload cut-out (recorded on the run) and stores a 1080p MP4 with its size', async () => {
  const up = await uploaded(alice, photo('coffee'), 'fincan.jpg');
  const { data } = await alice.mutate('generations.createVideo', {
    uploadId: up.uploadId,
    prompt: 'mermer tezgah',
    duration: 5,
    aspectRatio: '9:16',
  });
  const g = await waitDone(alice, data.id);
  expect(g.status).toBe('completed');
  expect(g.outputRoles).toEqual(['video']);
  expect(g.outputSizes).toEqual([{ width: 1080, height: 1920 }]);
  expect(g.cutoutUrl).toMatch(/^\/api\/files\/cutouts\//);
  const res = await alice.raw(g.outputs[0]!);
  expect(res.headers.get('content-type')).toBe('video/mp4');
}, 180_000);
