import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer } from '../helpers/server';
import { M } from '../../shared/messages';
import { lineLogger } from '../../server/lib/log';
import type { RunningServer } from '../../server/index';

/**
 * Issue 33 item 11: a path parameter that is no valid %-escape made the router throw a URIError,
 * answered as a 500 with its stack trace in the log. Every parameter route answers the same JSON
 * 400 as /trpc does, and nothing is logged as a server failure.
 */
let server: RunningServer;
/** What the server logs at error level: its request lines (a 500 carries its error) and the process logger's. */
const errorLines: string[] = [];
beforeAll(async () => {
  server = await startTestServer({}, { logger: lineLogger((line) => errorLines.push(line), 'error') });
});
afterAll(async () => {
  await server?.close();
});

const BAD = ['%E0%A4%A', '%', '%zz'];
const ROUTES: Array<[method: 'GET' | 'POST', path: (bad: string) => string]> = [
  ['GET', (b) => `/api/v1/generations/${b}`],
  ['GET', (b) => `/api/v1/generations/${b}/outputs/0`],
  ['GET', (b) => `/api/v1/generations/${b}/export/trendyol`],
  ['GET', (b) => `/api/v1/cutouts/${b}`],
  ['GET', (b) => `/api/files/uploads/${b}`],
  ['GET', (b) => `/api/files/generations/${b}/0`],
  ['GET', (b) => `/api/files/cutouts/${b}`],
  ['GET', (b) => `/api/files/cutouts/${b}/mask`],
  ['GET', (b) => `/api/files/public/${b}`],
  ['GET', (b) => `/api/invoices/${b}`],
  ['GET', (b) => `/api/exports/${b}`],
  ['GET', (b) => `/api/generations/${b}/export/trendyol`],
  ['GET', (b) => `/api/batches/${b}/white.zip`],
  ['GET', (b) => `/api/payments/iyzico/${b}`],
  ['POST', (b) => `/api/test-checkout/${b}/pay`],
];

describe('a broken %-escape in a REST path is a JSON 400, never a 500', () => {
  test.each(ROUTES.flatMap(([method, path]) => BAD.map((bad) => [method, path(bad)] as const)))('%s %s', async (method, path) => {
    errorLines.length = 0;
    const res = await fetch(server.url + path, { method, headers: { origin: server.url } });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error).toMatchObject({ code: 'VALIDATION', message: M.common.invalidInput });
    expect(errorLines).toEqual([]);
  });

  test('the same request with a valid escape still reaches the route (404 for a missing record)', async () => {
    const res = await fetch(`${server.url}/api/invoices/%41`);
    expect(res.status).not.toBe(400);
    expect(res.status).toBeLessThan(500);
  });
});
