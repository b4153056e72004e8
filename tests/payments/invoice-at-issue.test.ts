import { afterAll, beforeAll, expect, test } from 'vitest';
import { HttpClient, startTestServer, validSignUp } from '../helpers/server';
import { openCheckout, payCheckout, saveDetails } from '../helpers/purchase';
import type { RunningServer } from '../../server/index';

/**
 * Issue 33 item 9: an invoice is a legal document drawn once, when it is issued. A purchase through
 * the test checkout (real HTTP, its webhook) stores the PDF before anyone downloads it; the e-mail's
 * attachment and every download are that file.
 */
let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({ WORKER_CONCURRENCY: '0' });
});
afterAll(async () => {
  await server?.close();
});

test('a purchase through the checkout stores its invoice at issue, before any download', { timeout: 120_000 }, async () => {
  const buyer = new HttpClient(server.url);
  const userId = (await buyer.mutate('auth.signUp', validSignUp('aninda-fatura@example.com'))).data.user!.id;
  await saveDetails(buyer);
  expect(await payCheckout(buyer, await openCheckout(buyer, 'basic'))).toEqual({
    status: 200,
    body: JSON.stringify({ outcome: 'credited' }),
  });
  const tx = await server.deps.db
    .selectFrom('credit_transactions')
    .select('id')
    .where('user_id', '=', userId)
    .where('type', '=', 'purchase')
    .executeTakeFirstOrThrow();
  // Stored when the payment was credited (the e-mail's attachment is that file)…
  const stored = await server.deps.storage.get(`invoices/${userId}/${tx.id}.pdf`);
  expect(stored).not.toBeNull();
  // …and the download is the same bytes.
  const res = await buyer.raw(`/api/invoices/${tx.id}`);
  expect(res.status).toBe(200);
  expect(Buffer.from(await res.arrayBuffer()).equals(stored!.bytes)).toBe(true);
});
