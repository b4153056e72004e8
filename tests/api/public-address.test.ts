import { afterAll, beforeAll, expect, test } from 'vitest';
import { HttpClient, startTestServer, validSignUp } from '../helpers/server';
import type { RunningServer } from '../../server/index';

/**
 * Issue 34 item 11: the API's example addresses are the server's public address (PUBLIC_URL), not
 * the address it listens on: on /api/docs, in the OpenAPI document's servers, and for the seller's
 * API page (apiKeys.address).
 */
const PUBLIC = 'https://vitrin.example';
let server: RunningServer;

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: PUBLIC });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

test('/api/docs, the document and the API page use PUBLIC_URL, never the listening address', async () => {
  const page = await (await fetch(`${server.url}/api/docs`)).text();
  expect(page).toContain(`curl -X POST ${PUBLIC}/api/v1/images`);
  const listening = new URL(server.url);
  expect(page).not.toContain(listening.host);
  expect(page).not.toContain('localhost');
  const doc = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as { servers: Array<{ url: string }> };
  expect(doc.servers).toEqual([{ url: PUBLIC }]);
  const seller = new HttpClient(server.url);
  await seller.mutate('auth.signUp', validSignUp('satici@example.com'));
  expect((await seller.query('apiKeys.address')).data).toEqual({ baseUrl: PUBLIC });
});
