import { afterAll, beforeAll, expect, test } from 'vitest';
import { validSignUp } from './helpers/server';
import { callerWorld, type CallerWorld } from './helpers/caller';

// On the procedures with no HTTP server (tests/helpers/caller.ts; its client keeps the cookies the
// procedures set). Cookie attributes and the HTTP path are tested in signin-sessions and security/http.
let world: CallerWorld;
beforeAll(async () => {
  world = await callerWorld();
});
afterAll(async () => {
  await world.close();
});

test('sign-up gives a session, 10 trial credits and the trial plan', async () => {
  const c = world.client();
  const r = await c.mutate('auth.signUp', validSignUp());
  expect(r.status).toBe(200);
  const me = await c.query('auth.me');
  expect(me.data.user?.email).toBe('ayse@example.com');
  const bal = await c.query('credits.balance');
  expect(bal.data).toMatchObject({ balance: 10, planCode: 'trial', unlimited: false });
});
