import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HttpClient, startTestServer, validSignUp } from '../helpers/server';
import type { RunningServer } from '../../server/index';
import { M } from '../../shared/messages';
import { clientTypes } from '../../shared/api-client/generate';
import { vitrinApi } from '../../shared/api-client';
import { photo } from '../studio/photos';

/**
 * The typed client in the repository (issue 34 item 10): its types are what openapi-typescript
 * makes of the document the server serves (so a change of the API that is not generated again
 * breaks the build), and it works against the real server.
 */
const GENERATED = join(__dirname, '..', '..', 'shared', 'api-client', 'openapi.ts');

let server: RunningServer;
let key: string;

beforeAll(async () => {
  server = await startTestServer();
  const alice = new HttpClient(server.url);
  await alice.mutate('auth.signUp', validSignUp('alice@example.com'));
  key = (await alice.mutate('apiKeys.create', { name: 'İstemci' })).data.key;
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe('the committed client', () => {
  test('its types equal what the served document generates', async () => {
    const served = (await (await fetch(`${server.url}/api/v1/openapi.json`, { headers: { 'accept-language': 'tr' } })).json()) as object;
    const generated = await clientTypes(served);
    if (process.env.UPDATE_API_CLIENT === '1') writeFileSync(GENERATED, generated);
    expect(readFileSync(GENERATED, 'utf8'), 'run UPDATE_API_CLIENT=1 npx vitest run tests/api/client-sdk.test.ts').toBe(generated);
  });

  test('a cut-out, the account and the list through the typed client; errors typed as the Error shape', async () => {
    const api = vitrinApi(server.url, key);
    const cut = await api.POST('/api/v1/cutouts', {
      body: { photo: new File([new Uint8Array(photo('coffee'))], 'urun.jpg', { type: 'image/jpeg' }) },
    });
    expect(cut.response.status).toBe(200);
    expect(cut.data).toMatchObject({ id: expect.any(String), verdict: 'accepted', width: 600, height: 400 });
    const png = await fetch(cut.data!.cutoutUrl!, { headers: { authorization: `Bearer ${key}` } });
    expect(png.headers.get('content-type')).toBe('image/png');

    const account = await api.GET('/api/v1/account');
    expect(account.data?.limits.uploads.remaining).toBe(account.data!.limits.uploads.limit - 1);

    const list = await api.GET('/api/v1/generations', { params: { query: { limit: 5, type: 'image' } } });
    expect(list.data).toEqual({ data: [], nextCursor: null });

    const missing = await api.GET('/api/v1/generations/{id}', { params: { path: { id: '00000000-0000-4000-8000-000000000000' } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error?.error).toEqual({ code: 'NOT_FOUND', message: M.api.errors.notFound, data: { appCode: 'NOT_FOUND' } });

    const anonymous = await vitrinApi(server.url, null).GET('/api/v1/account');
    expect(anonymous.error?.error.code).toBe('UNAUTHENTICATED');
  }, 60_000);
});
