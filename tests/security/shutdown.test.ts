import { expect, test } from 'vitest';
import { request, type ClientRequest } from 'node:http';
import { startTestServer } from '../helpers/server';
import { M } from '../../shared/messages';

// Closing the server (SIGTERM on a deploy) lets the requests in flight finish instead of cutting
// them, waits for none that are idle, and cuts what is still running after the grace period.

/** A sign-in whose body is sent in two halves, so the request is in flight in between. */
function halfSentSignIn(url: string) {
  const body = JSON.stringify({ email: 'nobody@example.com', password: 'yanlis-sifre-1' });
  const { hostname, port } = new URL(url);
  let req!: ClientRequest;
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req = request(
      {
        hostname,
        port,
        path: '/trpc/auth.signIn',
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: url },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
  });
  req.write(body.slice(0, 10));
  // The close refuses connections not yet made: under load the connect itself can take a while.
  const connected = new Promise<void>((resolve) =>
    req.once('socket', (s) => (s.connecting ? s.once('connect', () => resolve()) : resolve())),
  );
  return { answer, connected, finish: () => req.end(body.slice(10)) };
}

const settled = (p: Promise<unknown>) => {
  const state = { done: false };
  void p.finally(() => (state.done = true));
  return state;
};
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('a request in flight when the server closes is answered, and the close waits for it', async () => {
  const server = await startTestServer();
  const signIn = halfSentSignIn(server.url);
  await signIn.connected;
  await pause(200);
  const closing = server.close({ graceMs: 30_000 });
  const closed = settled(closing);
  await pause(300);
  expect(closed.done).toBe(false);
  signIn.finish();
  const answer = await signIn.answer;
  expect(answer.status).toBe(401);
  expect(JSON.parse(answer.body).error.message).toBe(M.auth.invalidCredentials);
  await closing;
});

test('an idle keep-alive connection does not hold the close, and a request that never ends is cut after the grace', async () => {
  const server = await startTestServer();
  expect((await fetch(`${server.url}/trpc/auth.me`)).status).toBe(200); // leaves an idle keep-alive socket
  const stuck = halfSentSignIn(server.url);
  await stuck.connected;
  await pause(200);
  const closed = settled(server.close({ graceMs: 500 }));
  await expect(stuck.answer).rejects.toThrow();
  for (let i = 0; i < 100 && !closed.done; i++) await pause(50);
  expect(closed.done).toBe(true);
});
