import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { checkWebhookUrl, isPrivateAddress, postWebhook, webhookPolicy } from '../../server/services/webhook-url';
import { M } from '../../shared/messages';

/** The SSRF rules for sellers' webhook URLs: what the name resolves to counts, not how it is written. */
const strict = webhookPolicy({ NODE_ENV: undefined, PUBLIC_URL: undefined, API_WEBHOOKS_ALLOW_PRIVATE: undefined });
const production = webhookPolicy({ NODE_ENV: 'production', PUBLIC_URL: undefined, API_WEBHOOKS_ALLOW_PRIVATE: undefined });
const local = webhookPolicy({ NODE_ENV: undefined, PUBLIC_URL: undefined, API_WEBHOOKS_ALLOW_PRIVATE: 'true' });

let hits = 0;
let receiver: Server;
let port: number;
beforeAll(async () => {
  receiver = createServer((_req, res) => {
    hits++;
    res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  port = (receiver.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

test('loopback, private, link-local, CGNAT, multicast and v4-mapped addresses are private; public ones are not', () => {
  for (const a of [
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd12:3456::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::a00:1',
    'bozuk',
  ])
    expect(isPrivateAddress(a), a).toBe(true);
  for (const a of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
    expect(isPrivateAddress(a), a).toBe(false);
});

test('saving: private literals and names that resolve to loopback are refused; https only in production', async () => {
  for (const url of [
    'http://127.0.0.1:8080/x',
    'http://[::1]/x',
    'http://169.254.169.254/latest/meta-data',
    'http://10.0.0.5/',
    'http://localhost:3000/',
  ])
    await expect(checkWebhookUrl(url, strict), url).rejects.toThrow(M.api.errors.webhookPrivate);
  await expect(checkWebhookUrl('http://8.8.8.8/hook', production)).rejects.toThrow(M.api.errors.webhookHttps);
  await expect(checkWebhookUrl('ftp://8.8.8.8/hook', strict)).rejects.toThrow(M.api.errors.webhookInvalid);
  await expect(checkWebhookUrl('https://user:pw@8.8.8.8/hook', strict)).rejects.toThrow(M.api.errors.webhookInvalid);
  await expect(checkWebhookUrl('https://yok.invalid/hook', strict)).rejects.toThrow(M.api.errors.webhookUnresolved);
  expect((await checkWebhookUrl('https://8.8.8.8/hook', production)).href).toBe('https://8.8.8.8/hook');
  // The operator's switch for local testing.
  expect((await checkWebhookUrl('http://127.0.0.1:8080/x', local)).host).toBe('127.0.0.1:8080');
  expect(
    webhookPolicy({ NODE_ENV: undefined, PUBLIC_URL: 'https://vitrin.example', API_WEBHOOKS_ALLOW_PRIVATE: undefined }).requireHttps,
  ).toBe(true);
});

test('delivery checks the address it connects to: a name resolving to loopback never reaches the server', async () => {
  hits = 0;
  await expect(postWebhook(`http://127.0.0.1:${port}/`, '{}', {}, strict)).rejects.toThrow(/refused/);
  // "localhost" passes no literal check; the socket's own lookup refuses what it resolves to.
  await expect(postWebhook(`http://localhost:${port}/`, '{}', {}, strict)).rejects.toThrow(/refused/);
  await expect(postWebhook(`http://[::ffff:127.0.0.1]:${port}/`, '{}', {}, strict)).rejects.toThrow(/refused/);
  expect(hits).toBe(0);
  expect(await postWebhook(`http://localhost:${port}/`, '{}', {}, local)).toBe(204);
  expect(hits).toBe(1);
});
