import { afterAll, beforeAll, expect, test } from 'vitest';
import { HttpClient, startTestServer, validSignUp } from './helpers/server';
import type { RunningServer } from '../server/index';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

test('sign-up gives a session, 10 trial credits and the trial plan', async () => {
  const c = new HttpClient(server.url);
  const r = await c.mutate('auth.signUp', validSignUp());
  expect(r.status).toBe(200);
  const me = await c.query('auth.me');
  expect(me.data.user?.email).toBe('ayse@example.com');
  const bal = await c.query('credits.balance');
  expect(bal.data).toMatchObject({ balance: 10, planCode: 'trial', unlimited: false });
});
