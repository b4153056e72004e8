import { afterEach, expect, test, vi } from 'vitest';
import type { Response } from 'express';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { APP_CODES, type AppCode } from '../../shared/constants';
import { AppError, ERROR_MAP, RateLimitedError, explainError, markDatabaseClientError, statusOf } from '../../server/errors';
import { router, openProcedure } from '../../server/trpc/init';
import type { Context } from '../../server/trpc/context';
import { sendAppError, sendTrpcError } from '../../server/http/rest-error';
import { sendApiFailure } from '../../server/http/api-v1/respond';
import { lastResort } from '../../server/app';
import { M } from '../../shared/messages';
import { lineLogger, setProcessLogger, silentLogger } from '../../server/lib/log';

// server/errors.ts ERROR_MAP is the one table from an AppError code to its tRPC code and HTTP statuses;
// tRPC's error formatter, the REST sender, the seller API and the app's last-resort handler all answer from it.

afterEach(() => vi.restoreAllMocks());

test('every code has its row, and its status is the one tRPC gives its tRPC code', () => {
  expect(Object.keys(ERROR_MAP).sort()).toEqual([...APP_CODES].sort());
  for (const code of APP_CODES) {
    const { trpc, status } = ERROR_MAP[code];
    expect(status, code).toBe(getHTTPStatusCodeFromError(new TRPCError({ code: trpc })));
    expect(new AppError(code, 'x').trpcCode, code).toBe(trpc);
  }
  // The surfaces' own statuses: REST's 422 for a refused form, the seller API's 402 for too few credits.
  expect(statusOf('VALIDATION', 'trpc')).toBe(400);
  expect(statusOf('VALIDATION', 'rest')).toBe(422);
  expect(statusOf('VALIDATION', 'api')).toBe(422);
  expect(statusOf('INSUFFICIENT_CREDITS', 'rest')).toBe(412);
  expect(statusOf('INSUFFICIENT_CREDITS', 'api')).toBe(402);
});

function databaseDown(): Error {
  return markDatabaseClientError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })) as Error;
}

test('"unknown is 503 or 500" is one answer: a lost database is UNAVAILABLE, anything else INTERNAL with the generic text', () => {
  const own = new AppError('CONFLICT', 'çakışma');
  expect(explainError(own)).toEqual({ error: own, unexpected: false });
  const down = explainError(databaseDown());
  expect([down.error.appCode, down.error.message, down.unexpected]).toEqual(['UNAVAILABLE', M.common.serviceUnavailable, false]);
  const bug = explainError(new Error('SELECT secret FROM x'));
  expect([bug.error.appCode, bug.error.message, bug.unexpected]).toEqual(['INTERNAL', M.common.unexpected, true]);
});

/** A stand-in Express response that records what was sent. */
function fakeResponse() {
  const sent = { status: 0, body: undefined as unknown, headers: {} as Record<string, string> };
  const res = {
    headersSent: false,
    locals: {},
    status(code: number) {
      sent.status = code;
      return res;
    },
    json(body: unknown) {
      sent.body = body;
      return res;
    },
    setHeader(name: string, value: string) {
      sent.headers[name.toLowerCase()] = value;
      return res;
    },
  };
  return { res: res as unknown as Response, sent };
}

type Answer = { status: number; appCode: unknown; message: unknown; retryAfter?: string };

async function overTrpc(err: unknown): Promise<Answer> {
  const r = router({
    fail: openProcedure.query(() => {
      throw err;
    }),
  });
  const response = await fetchRequestHandler({
    endpoint: '/trpc',
    req: new Request('http://localhost/trpc/fail'),
    router: r,
    createContext: () => ({ transport: 'http' }) as unknown as Context,
  });
  const body = (await response.json()) as { error: { message: string; data: { appCode: AppCode; httpStatus: number } } };
  expect(body.error.data.httpStatus).toBe(response.status);
  return { status: response.status, appCode: body.error.data.appCode, message: body.error.message };
}

function overRest(err: unknown): Answer {
  const { res, sent } = fakeResponse();
  lastResort(err, {} as never, res, () => {});
  const body = sent.body as { error: { code: AppCode; message: string } };
  return { status: sent.status, appCode: body.error.code, message: body.error.message, retryAfter: sent.headers['retry-after'] };
}

async function overApi(err: unknown): Promise<Answer> {
  const { res, sent } = fakeResponse();
  await sendApiFailure(res, err, 'test');
  const body = sent.body as { error: { code: AppCode; message: string } };
  return { status: sent.status, appCode: body.error.code, message: body.error.message, retryAfter: sent.headers['retry-after'] };
}

test('tRPC, the REST routes, the seller API and the last resort agree, each from the table', async () => {
  const logged: string[] = [];
  setProcessLogger(lineLogger((line) => logged.push(line), 'error'));
  try {
    const samples: Array<[unknown, AppCode]> = [
      [new AppError('NOT_FOUND', 'yok'), 'NOT_FOUND'],
      [new AppError('CONFLICT', 'çakışma'), 'CONFLICT'],
      [new AppError('VALIDATION', 'geçersiz'), 'VALIDATION'],
      [new AppError('INSUFFICIENT_CREDITS', 'kredi yok'), 'INSUFFICIENT_CREDITS'],
      [new AppError('UNAUTHENTICATED', 'giriş'), 'UNAUTHENTICATED'],
      [new RateLimitedError('bekleyin', 42), 'RATE_LIMITED'],
      [databaseDown(), 'UNAVAILABLE'],
      [new Error('SELECT secret FROM x'), 'INTERNAL'],
    ];
    for (const [err, code] of samples) {
      const message = explainError(err).error.message;
      expect(await overTrpc(err), code).toEqual({ status: statusOf(code, 'trpc'), appCode: code, message });
      const retryAfter = err instanceof RateLimitedError ? '42' : undefined;
      expect(overRest(err), code).toEqual({ status: statusOf(code, 'rest'), appCode: code, message, retryAfter });
      expect(await overApi(err), code).toEqual({ status: statusOf(code, 'api'), appCode: code, message, retryAfter });
      if (err instanceof AppError) {
        const { res, sent } = fakeResponse();
        sendAppError(res, err);
        expect(sent.status, code).toBe(statusOf(code, 'rest'));
      }
    }
  } finally {
    setProcessLogger(silentLogger);
  }
  // Only the unexpected error was logged, by tRPC and by the API (the last resort leaves it to the request log).
  expect(logged.map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual(['trpc: unexpected error', 'unexpected error']);
});

test("the envelope answered before tRPC's adapter is the one tRPC's formatter gives", async () => {
  const { res, sent } = fakeResponse();
  sendTrpcError(res, 'BAD_ORIGIN', M.common.forbiddenOrigin);
  expect(sent.status).toBe(403);
  expect(sent.body).toEqual({
    error: { message: M.common.forbiddenOrigin, code: -32003, data: { code: 'FORBIDDEN', httpStatus: 403, appCode: 'BAD_ORIGIN' } },
  });
  const batch = fakeResponse();
  sendTrpcError(batch.res, 'VALIDATION', M.common.invalidInput, 2);
  expect(batch.sent.status).toBe(400);
  expect(batch.sent.body).toEqual([
    { error: { message: M.common.invalidInput, code: -32600, data: { code: 'BAD_REQUEST', httpStatus: 400, appCode: 'VALIDATION' } } },
    { error: { message: M.common.invalidInput, code: -32600, data: { code: 'BAD_REQUEST', httpStatus: 400, appCode: 'VALIDATION' } } },
  ]);
  const formatted = await overTrpc(new AppError('BAD_ORIGIN', M.common.forbiddenOrigin));
  expect(formatted).toEqual({ status: 403, appCode: 'BAD_ORIGIN', message: M.common.forbiddenOrigin });
});
