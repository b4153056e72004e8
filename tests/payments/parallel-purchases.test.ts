import { afterAll, beforeAll, expect, test } from 'vitest';
import { HttpClient, startTestServer, validSignUp } from '../helpers/server';
import { ledgerSum } from '../helpers/fixtures';
import { openCheckout, payCheckout, saveDetails } from '../helpers/purchase';
import type { RunningServer } from '../../server/index';

/**
 * Issue 33 item 6: one seller's purchases in parallel, through the test checkout over real HTTP.
 * On PostgreSQL each purchase's write naming the user (a KEY SHARE lock through the foreign key)
 * came before the ledger's FOR UPDATE of that user, and parallel purchases deadlocked (502).
 */
const PURCHASES = 20;
let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({ WORKER_CONCURRENCY: '0' });
});
afterAll(async () => {
  await server?.close();
});

test(`${PURCHASES} parallel purchases of one seller are all credited, with invoice numbers in a row`, { timeout: 180_000 }, async () => {
  const seller = new HttpClient(server.url);
  const id = (await seller.mutate('auth.signUp', validSignUp('paralel@example.com'))).data.user!.id;
  await saveDetails(seller);
  const sessions: string[] = [];
  for (let i = 0; i < PURCHASES; i++) sessions.push(await openCheckout(seller, 'basic'));

  const answers = await Promise.all(sessions.map((s) => payCheckout(seller, s)));
  expect(answers).toEqual(Array(PURCHASES).fill({ status: 200, body: JSON.stringify({ outcome: 'credited' }) }));

  const user = await server.handle.db.selectFrom('users').select('credits_balance').where('id', '=', id).executeTakeFirstOrThrow();
  expect(user.credits_balance).toBe(10 + PURCHASES * 60);
  expect(await ledgerSum(server.handle.db, id)).toBe(user.credits_balance);

  const invoices = await server.handle.db
    .selectFrom('credit_transactions')
    .select('invoice_number')
    .where('user_id', '=', id)
    .where('type', '=', 'purchase')
    .execute();
  const numbers = invoices.map((r) => Number(/(\d+)$/.exec(r.invoice_number ?? '')?.[1])).sort((a, b) => a - b);
  expect(numbers).toHaveLength(PURCHASES);
  expect(numbers).toEqual(Array.from({ length: PURCHASES }, (_, i) => numbers[0]! + i));
});
