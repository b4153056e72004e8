import { expect, test } from 'vitest';
import { request, type ClientRequest } from 'node:http';
import { connect } from 'node:net';
import { startTestServer } from '../helpers/server';
import { nextEvent, waitFor } from '../helpers/wait';
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
/** Whether a new TCP connection to `port` is refused (the server has stopped listening). */
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(false)));
    s.once('error', () => resolve(true));
  });

test('a request in flight when the server closes is answered, and the close waits for it', async () => {
  const server = await startTestServer();
  const received = nextEvent(server.httpServer, 'request');
  const signIn = halfSentSignIn(server.url);
  await signIn.connected;
  await received; // the server has the request's headers: it is in flight, its body half sent
  const closing = server.close({ graceMs: 30_000 });
  const closed = settled(closing);
  await waitFor(() => refused(server.port), { what: 'the server to stop taking connections' });
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
  const received = nextEvent(server.httpServer, 'request');
  const stuck = halfSentSignIn(server.url);
  await stuck.connected;
  await received;
  const closing = server.close({ graceMs: 500 });
  await expect(stuck.answer).rejects.toThrow(); // cut after the grace
  await closing; // and nothing else (the idle keep-alive socket) holds the close
});
