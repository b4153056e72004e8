import { expect, test } from 'vitest';
import { initTRPC, tracked } from '@trpc/server';
import { z } from 'zod';
import { appRouter } from '../../server/routers';
import { liveOutput } from '../../server/trpc/live-output';

// Issue 36 item 8: every procedure declares its output (`.output(schema)`, the schemas in shared/schemas),
// so what leaves the server is parsed (unknown keys dropped) and the client's types are the schemas'.
// Subscriptions declare theirs too: `liveOutput` (server/trpc/live-output.ts) parses each item they yield.

/** Procedures still without an output schema. This list may only shrink: a new procedure declares its output. */
const NOT_YET: string[] = [];

type Def = { _def: { type: string; output?: unknown } };

/** tRPC 11 keeps the schema given to `.output()` in the procedure's `_def.output` (its builder, procedureBuilder.ts). */
function withoutOutput(router: { _def: { procedures: object } }): string[] {
  const procedures = router._def.procedures as Record<string, Def>;
  return Object.keys(procedures)
    .filter((path) => procedures[path]!._def.output === undefined)
    .sort();
}

test("tRPC keeps a procedure's output schema where this test reads it", () => {
  const t = initTRPC.create();
  const r = t.router({
    with: t.procedure.output(z.object({ a: z.number() })).query(() => ({ a: 1 })),
    without: t.procedure.query(() => 1),
    nested: t.router({ sub: t.procedure.output(z.number()).mutation(() => 2) }),
  });
  expect(withoutOutput(r)).toEqual(['without']);
});

test('every procedure declares its output (the known exceptions only shrink)', () => {
  const procedures = Object.keys(appRouter._def.procedures);
  expect(procedures.length).toBeGreaterThan(60);
  expect(withoutOutput(appRouter)).toEqual([...NOT_YET].sort());
});

test("a subscription's output parses each item it yields: unknown keys dropped, a broken item ends it", async () => {
  async function* feed() {
    yield tracked('1', { balance: 5, secret: 'x' });
    yield tracked('2', { balance: 'five' });
    yield tracked('3', { balance: 6 });
  }
  const items = await liveOutput(z.object({ balance: z.number() })).parseAsync(feed());
  const seen: unknown[] = [];
  await expect(
    (async () => {
      for await (const [id, data] of items) seen.push([id, data]);
    })(),
  ).rejects.toThrow();
  expect(seen).toEqual([['1', { balance: 5 }]]);
});
