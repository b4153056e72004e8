import { afterAll, beforeAll, expect, expectTypeOf, test } from 'vitest';
import { sql, type Selectable } from 'kysely';
import { freshDatabase } from '../helpers/db';
import { JSON_COLUMNS } from '../../server/db/json-columns';
import { readAttachments, readOutputs, readProviderInputs, readReasons } from '../../server/db/read';
import type { Database } from '../../server/db/types';
import type { DbHandle } from '../../server/db';

/**
 * Issue 36 item 7: "no reader casts" jsonb. Every jsonb column of the migrated database has the
 * schema of what it stores (server/db/json-columns.ts), is typed `unknown` on read so that no
 * reader can use it without parsing, and a stored value that does not match fails loudly, naming
 * the column.
 */
let h: DbHandle;
beforeAll(async () => {
  h = await freshDatabase();
});
afterAll(async () => {
  await h.close();
});

test('every jsonb column of the migrated database has its stored-shape schema, and no other', async () => {
  const { rows } = await sql<{ name: string }>`
    select table_name || '.' || column_name as name from information_schema.columns
    where table_schema = current_schema() and data_type = 'jsonb' order by 1`.execute(h.db);
  expect(rows.map((r) => r.name).sort()).toEqual(Object.keys(JSON_COLUMNS).sort());
});

type ColumnOf<K> = K extends `${infer T extends keyof Database}.${infer C}`
  ? C extends keyof Selectable<Database[T]>
    ? Selectable<Database[T]>[C]
    : never
  : never;

test('each is typed unknown when read, so a reader must parse it', () => {
  type Read = { [K in keyof typeof JSON_COLUMNS]: unknown extends ColumnOf<K> ? 'unknown' : 'typed' };
  expectTypeOf<Read[keyof Read]>().toEqualTypeOf<'unknown'>();
});

test('a stored value that does not match fails loudly, naming its column', () => {
  expect(() => readOutputs([{ key: 'a.jpg' }])).toThrow(/generations\.outputs/);
  expect(() => readReasons(['not_a_reason'])).toThrow(/cutouts\.reasons/);
  expect(() => readProviderInputs({ photo: 42 })).toThrow(/generations\.provider_inputs/);
  expect(() => readAttachments([{ filename: 'fatura.pdf' }])).toThrow(/email_outbox\.attachments/);
  // What the code writes reads back as written (a JSON string from an older write is parsed first).
  const out = [{ key: 'k.jpg', thumbKey: 'k.webp', mime: 'image/jpeg', width: 1200, height: 900, role: 'white' }];
  expect(readOutputs(JSON.stringify(out))).toEqual(out);
  expect(readProviderInputs(null)).toBeNull();
});
