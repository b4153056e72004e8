import { createRequire } from 'node:module';
import { expect, test } from 'vitest';
import { initTRPC, TRPCError } from '@trpc/server';
import { appRouter } from '../../server/routers';
import { procedureKinds, routerConfig } from '../../server/http/trpc-internals';

// server/http/trpc-internals.ts reads tRPC's router._def, which tRPC may change in any release, so
// @trpc/server (with @trpc/client and @trpc/react-query) is pinned to an exact version in package.json
// (docs/decisions.md D60). The tests below hold the shape of what is read; an upgrade
// must pass them and tests/security/trpc-queries.test.ts (the lean GET path against tRPC's own
// adapter, request by request), then move the pin here and in package.json.

const PINNED = '11.19.0';

test('the installed tRPC is the pinned one, in package.json too (no range lets a release in unchecked)', () => {
  const require = createRequire(import.meta.url);
  const version = (require('@trpc/server/package.json') as { version: string }).version;
  expect(version, 'run this file and trpc-queries.test.ts on the new tRPC, then update PINNED').toBe(PINNED);
  const { dependencies } = require('../../package.json') as { dependencies: Record<string, string> };
  for (const name of ['@trpc/server', '@trpc/client', '@trpc/react-query']) expect(dependencies[name], name).toBe(PINNED);
});

test("procedures are keyed by their dotted path: the separator the lean path splits URLs on is tRPC's too", () => {
  // tRPC 11.2x added `pathSeparator` to the root config (default '.'); calledPaths() splits on '.'.
  const config = routerConfig(appRouter) as { pathSeparator?: string };
  expect(config.pathSeparator ?? '.').toBe('.');
  expect(Object.keys(appRouter._def.procedures)).toContain('credits.balance');
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
