import { afterAll, beforeAll, expect, test } from 'vitest';
import { TRPCError } from '@trpc/server';
import { callerFor, callerWorld } from '../helpers/caller';

// Who may call what, checked on the procedures themselves (no HTTP server): the cookie → session →
// procedure kind chain. The same rules over HTTP, with statuses, are in tests/admin/admin-auth.test.ts.

let world: Awaited<ReturnType<typeof callerWorld>>;
beforeAll(async () => {
  world = await callerWorld();
});
afterAll(async () => {
  await world?.close();
});

async function codeOf(p: Promise<unknown>): Promise<string | null> {
  try {
    await p;
    return null;
  } catch (err) {
    return err instanceof TRPCError ? err.code : 'NOT_A_TRPC_ERROR';
  }
}

test('a signed-out caller reads nobody’s balance and no admin procedure', async () => {
  const anon = await world.anonymous();
  expect(await codeOf(anon.credits.balance())).toBe('UNAUTHORIZED');
  expect(await codeOf(anon.admin.ping())).toBe('UNAUTHORIZED');
  expect((await anon.auth.me()).user).toBeNull();
});

test('a seller reads their own trial balance; admin procedures are forbidden to them', async () => {
  const { caller, userId } = await world.seller('kural@example.com');
  expect((await caller.auth.me()).user?.id).toBe(userId);
  expect((await caller.credits.balance()).balance).toBe(10);
  expect(await codeOf(caller.admin.ping())).toBe('FORBIDDEN');
});

test('an admin session grants admin procedures and no seller procedure', async () => {
  const { caller } = await world.admin();
  expect(await codeOf(caller.admin.ping())).toBeNull();
  expect(await codeOf(caller.credits.balance())).toBe('UNAUTHORIZED');
  expect((await caller.auth.me()).user).toBeNull();
});

test('a seller’s session token in the admin cookie is no admin session', async () => {
  const { cookie } = await world.seller('sahte@example.com');
  const forged = await callerFor(world.deps, cookie.replace('vitrin_session=', 'vitrin_admin_session='));
  expect(await codeOf(forged.admin.ping())).toBe('UNAUTHORIZED');
});
