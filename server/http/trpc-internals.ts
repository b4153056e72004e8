import type { AnyTRPCRouter } from '@trpc/server';

/**
 * The one module that reads tRPC's internals (`router._def`, not part of its public API): the lean
 * GET path (`trpc-queries.ts`) and the subscription refusal (`socket-only.ts`) need a procedure's
 * kind by path and the router's config (transformer, error formatter) before tRPC's adapter runs.
 * tests/security/trpc-internals.test.ts pins what is read here and the tRPC version it was read
 * from, so an upgrade that moves these fails there, loudly, not in a seller's request.
 */
export type ProcedureKind = 'query' | 'mutation' | 'subscription';

/** The kind of the procedure at a dotted path (`credits.balance`), or undefined for no procedure. */
export function procedureKinds(router: AnyTRPCRouter): (path: string) => ProcedureKind | undefined {
  const procedures = router._def.procedures as Record<string, { _def?: { type?: ProcedureKind } } | undefined>;
  return (path) => (Object.hasOwn(procedures, path) ? procedures[path]?._def?.type : undefined);
}

/** The router's root config, as tRPC's own `resolveResponse` uses it for inputs and error shapes. */
export function routerConfig(router: AnyTRPCRouter): AnyTRPCRouter['_def']['_config'] {
  return router._def._config;
}
