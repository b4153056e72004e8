import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freshDatabase } from '../helpers/db';
import { userWithUpload } from '../helpers/fixtures';
import { invoicesZip, renderInvoice } from '../../server/services/invoices';
import { pdfText } from '../helpers/pdf';
import type { DbHandle } from '../../server/db';
import { LocalFileStorage } from '../../server/providers/storage';
import { unzip } from '../exports/helpers';

let h: DbHandle;
const filesDir = mkdtempSync(path.join(tmpdir(), 'vitrin-invoices-zip-'));
const storage = new LocalFileStorage(filesDir);
beforeAll(async () => {
  h = await freshDatabase();
});
afterAll(async () => {
  await h.close();
  rmSync(filesDir, { recursive: true, force: true });
});

test('the invoices zip streams out while it is built: its first bytes leave before the last invoice is read', async () => {
  const { user } = await userWithUpload(h.db);
  const ids: string[] = [];
  for (let i = 0; i < 4; i++) {
    const row = await h.db
      .insertInto('credit_transactions')
      .values({
        user_id: user.id,
        user_email: user.email,
        type: 'purchase',
        amount: 100,
        description: 'Temel paket',
        plan_code: 'basic',
        amount_paid_cents: 299000,
        currency: 'TRY',
        provider: 'iyzico',
        invoice_number: `VTR2026${String(i + 1).padStart(9, '0')}`,
        kdv_rate: 20,
        created_at: new Date(Date.now() - (4 - i) * 60_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  const expected = await Promise.all(ids.map(async (id) => (await renderInvoice(h.db, user.id, id))!));

  // Every query the zip makes is counted: the list of purchases, then each invoice as its turn comes.
  let queries = 0;
  const counter: KyselyPlugin = {
    transformQuery: (args) => {
      queries++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  const zip = invoicesZip({ db: h.db.withPlugin(counter), storage }, user.id);
  const chunks: Buffer[] = [];
  let queriesAtFirstByte = -1;
  for await (const chunk of zip as AsyncIterable<Buffer>) {
    if (queriesAtFirstByte < 0) queriesAtFirstByte = queries;
    chunks.push(chunk);
  }
  expect(queries).toBeGreaterThanOrEqual(1 + ids.length);
  expect(queriesAtFirstByte).toBeGreaterThan(0);
  expect(queriesAtFirstByte).toBeLessThan(queries);

  // The same entries, in purchase order, as the invoices rendered one by one.
  const files = await unzip(Buffer.concat(chunks));
  expect([...files.keys()]).toEqual(expected.map((e) => e.name).sort());
  for (const e of expected) expect(pdfText(files.get(e.name)!)).toBe(pdfText(e.pdf));
});
