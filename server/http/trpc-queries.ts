import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { callTRPCProcedure, getTRPCErrorFromUnknown, getTRPCErrorShape, transformTRPCResponse, type AnyTRPCRouter } from '@trpc/server';
import { getHTTPStatusCode } from '@trpc/server/http';
import { calledPaths, refuseBrokenPath } from './called-paths';
import { procedureKinds, routerConfig } from './trpc-internals';
import type { CachedRead } from './public-read-cache';
import { sendJson, type Packed } from './send-json';

type Answer = { result: { data: unknown } } | { error: ReturnType<typeof getTRPCErrorShape> };

/**
 * tRPC queries over GET, single or batched as the client's httpBatchLink sends them, answered by
 * calling the procedures through tRPC's public `callTRPCProcedure`. tRPC's Node adapter first turns
 * every request into a Fetch Request (URL, Headers, AbortController) and pipes a Response through
 * a WritableStream: more CPU than a signed-in balance read itself. The answer is the JSON and
 * status tRPC's own `resolveResponse` gives (tests/security/trpc-queries.test.ts compares them).
 *
 * Anything else goes on to tRPC's adapter unchanged: mutations, HEAD, streaming (`trpc-accept`),
 * unknown or non-query paths, too large batches and input that is not valid JSON. A path whose
 * percent-escapes are broken is refused here with a 400.
 */
export function trpcQueries<TContext>(opts: {
  router: AnyTRPCRouter;
  createContext: (req: IncomingMessage, res: ServerResponse) => Promise<TContext>;
  maxBatchSize: number;
  /** The public reads' answers (public-read-cache.ts). */
  cache?: (req: Request, paths: string[]) => CachedRead | undefined;
}): RequestHandler {
  const { router, createContext, maxBatchSize, cache } = opts;
  const config = routerConfig(router);
  const kindOf = procedureKinds(router);
  return (req, res, next) => {
    if (req.method !== 'GET' || req.headers['trpc-accept'] !== undefined) return next();
    // Express parses the query string anew on every read of req.query: read it once.
    const query = req.query;
    const batch = query.batch === '1';
    const called = calledPaths(req);
    if (!called) return refuseBrokenPath(res);
    // Commas outside a batch name no procedure: tRPC's adapter answers those.
    const paths = batch || called.length === 1 ? called : [];
    if (paths.length === 0 || paths.length > maxBatchSize || !paths.every((p) => kindOf(p) === 'query')) return next();
    const input = query.input;
    if (input !== undefined && typeof input !== 'string') return next();
    const inputs = readInputs(input, batch, paths.length);
    if (inputs === undefined) return next();
    const cached = cache?.(req, paths);
    // What cannot be answered (an answer JSON cannot hold) goes to the app's last-resort handler, not to an unhandled rejection.
    if (cached?.hit) sendAnswer(req, res, 200, cached.hit.body, cached.hit.packed).catch(next);
    else answer(req, res, paths, inputs, batch, cached).catch(next);
  };

  async function answer(req: Request, res: Response, paths: string[], inputs: unknown[], batch: boolean, cached: CachedRead | undefined) {
    let ctx: TContext | undefined;
    let contextError: unknown;
    try {
      ctx = await createContext(req, res);
    } catch (err) {
      contextError = err;
    }
    const answers = await Promise.all(
      paths.map(async (path, batchIndex): Promise<Answer> => {
        const input = inputs[batchIndex] === undefined ? undefined : config.transformer.input.deserialize(inputs[batchIndex]);
        try {
          if (contextError !== undefined) throw contextError;
          const data = await callTRPCProcedure({
            router,
            path,
            getRawInput: async () => input,
            ctx,
            type: 'query',
            signal: undefined,
            batchIndex,
          });
          return { result: { data } };
        } catch (cause) {
          const error = getTRPCErrorFromUnknown(cause);
          return { error: getTRPCErrorShape({ config, error, type: 'query', path, input, ctx }) };
        }
      }),
    );
    const body = batch ? answers : answers[0]!;
    const status = getHTTPStatusCode(body);
    const json = JSON.stringify(transformTRPCResponse(config, body));
    await sendAnswer(req, res, status, json, cached?.keep(status, json, res));
  }
}

/** As tRPC's adapter answers: its Vary, then the JSON (compressed by sendJson, this path being mounted before the compression middleware). */
function sendAnswer(req: Request, res: Response, status: number, json: string, packed?: Packed): Promise<void> {
  res.setHeader('vary', 'trpc-accept, accept');
  return sendJson(req, res, status, json, packed);
}

/** The raw inputs by call, or undefined when tRPC's own parser should answer (bad JSON, a batch input that is no object). */
function readInputs(text: string | undefined, batch: boolean, count: number): unknown[] | undefined {
  if (!text) return new Array<unknown>(count).fill(undefined);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!batch) return [parsed];
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const byIndex = parsed as Record<number, unknown>;
  return Array.from({ length: count }, (_, i) => byIndex[i]);
}
