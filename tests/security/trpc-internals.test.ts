import { createRequire } from 'node:module';
import { expect, test } from 'vitest';
import { initTRPC, TRPCError } from '@trpc/server';
import { appRouter } from '../../server/routers';
import { procedureKinds, routerConfig } from '../../server/http/trpc-internals';

// server/http/trpc-internals.ts reads tRPC's router._def, which tRPC may change in any release.
// These pin what it reads; a tRPC upgrade must pass them (and then move the version pin).

test('the tRPC version the internals were read from: an upgrade stops here until trpc-internals.ts is checked', () => {
  const version = (createRequire(import.meta.url)('@trpc/server/package.json') as { version: string }).version;
  expect(version, 'check server/http/trpc-internals.ts against this tRPC, then update the pin').toBe('11.19.0');
});

test('a procedure is found by its dotted path with its kind; anything else is no procedure', () => {
  const kindOf = procedureKinds(appRouter);
  expect(kindOf('credits.balance')).toBe('query');
  expect(kindOf('auth.signIn')).toBe('mutation');
  expect(kindOf('credits.onChange')).toBe('subscription');
  for (const path of ['credits', 'credits.nope', '', 'toString', '__proto__', 'constructor']) expect(kindOf(path)).toBeUndefined();
});

test("the router's config carries the transformer and the error formatter tRPC's own responses use", () => {
  const t = initTRPC.create({
    errorFormatter: ({ shape }) => ({ ...shape, data: { ...shape.data, pinned: true } }),
  });
  const router = t.router({ a: t.procedure.query(() => 1), b: t.router({ c: t.procedure.mutation(() => 2) }) });
  expect(procedureKinds(router)('b.c')).toBe('mutation');
  const config = routerConfig(router);
  expect(config.transformer.input.deserialize({ x: 1 })).toEqual({ x: 1 });
  const shape = config.errorFormatter({
    shape: { message: 'm', code: -32600, data: { code: 'BAD_REQUEST', httpStatus: 400 } },
    error: new TRPCError({ code: 'BAD_REQUEST' }),
    type: 'query',
    path: 'a',
    input: undefined,
    ctx: undefined,
  });
  expect(shape).toMatchObject({ data: { pinned: true } });
  expect(routerConfig(appRouter).errorFormatter).toBeTypeOf('function');
});
