import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Kysely, sql } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from '../../server/db/pglite-driver';

// The embedded database's Kysely driver prepares each data query once (server/db/pglite-driver.ts).
// Its answers must be PGlite's own, whatever the statement cache holds.

type Row = Record<string, unknown>;
let client: PGlite;
let db: Kysely<Record<string, Row>>;

beforeAll(async () => {
  client = new PGlite();
  await client.waitReady;
  db = new Kysely({ dialect: new PGliteDialect(client) });
  await sql`create table things (id serial primary key, name text unique, data jsonb, at timestamptz, ok boolean, n bigint, tags text[])`.execute(
    db,
  );
});
afterAll(async () => {
  await db.destroy();
});

const rowsOf = async (q: ReturnType<typeof sql>) => (await q.execute(db)).rows as Row[];

describe('answers as PGlite gives them', () => {
  test('every column type we use, and null, read back as PGlite parses it', async () => {
    const at = new Date('2026-11-24T10:11:12.345Z');
    const data = JSON.stringify({ a: [1, 'iki', null], ü: true });
    await sql`insert into things (name, data, at, ok, n, tags) values (${'çay ☕ "quoted"'}, ${data}, ${at}, ${true}, ${12345678901}, ${['a', 'b,c']})`.execute(
      db,
    );
    await sql`insert into things (name, data, at, ok, n, tags) values (${'empty'}, ${null}, ${null}, ${null}, ${null}, ${null})`.execute(
      db,
    );
    const text = 'select * from things where name = any($1) order by id';
    const ours = await rowsOf(sql`select * from things where name = any(${['çay ☕ "quoted"', 'empty']}) order by id`);
    const theirs = (await client.query(text, [['çay ☕ "quoted"', 'empty']])).rows;
    expect(ours).toEqual(theirs);
    expect(ours[0]).toMatchObject({ data: { a: [1, 'iki', null], ü: true }, at, ok: true, n: 12345678901, tags: ['a', 'b,c'] });
    expect(ours[1]).toMatchObject({ name: 'empty', data: null, at: null, ok: null, n: null, tags: null });
  });

  test('the same statement with other parameters gives their rows, many times over', async () => {
    for (let i = 0; i < 20; i++)
      await db
        .insertInto('things')
        .values({ name: `item-${i}` })
        .execute();
    for (let i = 0; i < 20; i++) {
      const row = await db.selectFrom('things').select('name').where('name', '=', `item-${i}`).executeTakeFirst();
      expect(row?.name).toBe(`item-${i}`);
    }
  });

  test('affected rows of insert, update and delete', async () => {
    const inserted = await db
      .insertInto('things')
      .values([{ name: 'x1' }, { name: 'x2' }, { name: 'x3' }])
      .executeTakeFirst();
    expect(inserted.numInsertedOrUpdatedRows).toBe(3n);
    const updated = await db.updateTable('things').set({ ok: false }).where('name', 'like', 'x%').executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(3n);
    const none = await db.updateTable('things').set({ ok: false }).where('name', '=', 'nobody').executeTakeFirst();
    expect(none.numUpdatedRows).toBe(0n);
    const deleted = await db.deleteFrom('things').where('name', 'like', 'x%').executeTakeFirst();
    expect(deleted.numDeletedRows).toBe(3n);
  });
});

describe('the statement cache', () => {
  test('a schema change is seen at once: a new column, then a column of another type', async () => {
    const read = () => rowsOf(sql`select * from shape where id = ${1}`);
    await sql`create table shape (id int primary key, a text)`.execute(db);
    await sql`insert into shape values (${1}, ${'first'})`.execute(db);
    expect(await read()).toEqual([{ id: 1, a: 'first' }]);
    await sql`alter table shape add column b int default 7`.execute(db);
    expect(await read()).toEqual([{ id: 1, a: 'first', b: 7 }]);
    await sql`drop table shape`.execute(db);
    await sql`create table shape (id int primary key, a boolean)`.execute(db);
    await sql`insert into shape values (${1}, ${true})`.execute(db);
    expect(await read()).toEqual([{ id: 1, a: true }]);
  });

  test('past its size the oldest statements are closed on the server, and still answer when used again', async () => {
    const distinct = (i: number) => sql`select ${i}::int + 0 * ${i}::int as v, ${`s${i}`}::text as "k${sql.raw(String(i))}"`;
    const hot = () => rowsOf(sql`select ${7}::int as hot`);
    const hotName = async () =>
      (await rowsOf(sql`select name from pg_prepared_statements where statement = ${'select $1::int as hot'}`)).map((r) => r.name);
    expect(await hot()).toEqual([{ hot: 7 }]);
    const first = await hotName();
    expect(first).toHaveLength(1);
    for (let i = 0; i < 600; i++) {
      expect((await rowsOf(distinct(i)))[0]).toEqual({ v: i, [`k${i}`]: `s${i}` });
      if (i % 100 === 0) expect(await hot()).toEqual([{ hot: 7 }]);
    }
    const held = await rowsOf(sql`select count(*)::int as n from pg_prepared_statements`);
    expect(held[0]!.n).toBeLessThanOrEqual(501);
    // Used all along, so never the least recent: still the statement first prepared for it.
    expect(await hotName()).toEqual(first);
    expect((await rowsOf(distinct(3)))[0]).toEqual({ v: 3, k3: 's3' });
  });

  test('a failed statement is not kept, and the connection goes on', async () => {
    const bad = sql`selec nothing from ${sql.raw('things')}`;
    for (let i = 0; i < 2; i++) await expect(bad.execute(db)).rejects.toThrow(/syntax error/);
    await sql`insert into things (name) values (${'unique-one'})`.execute(db);
    const dup = await sql`insert into things (name) values (${'unique-one'})`.execute(db).catch((e: { code?: string }) => e);
    expect((dup as { code?: string }).code).toBe('23505');
    expect(await rowsOf(sql`select count(*)::int as n from things where name = ${'unique-one'}`)).toEqual([{ n: 1 }]);
  });

  test('a statement first prepared inside a rolled-back transaction still works after it', async () => {
    const probe = (on: typeof db, name: string) =>
      on.selectFrom('things').select(['name', 'ok']).where('name', '=', name).where('ok', 'is', null);
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('things').values({ name: 'rolled-back' }).execute();
        expect(await probe(trx, 'rolled-back').execute()).toEqual([{ name: 'rolled-back', ok: null }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await db.selectFrom('things').select('name').where('name', '=', 'rolled-back').execute()).toEqual([]);
    await db.insertInto('things').values({ name: 'after' }).execute();
    expect(await probe(db, 'after').execute()).toEqual([{ name: 'after', ok: null }]);
  });
});

test('queries from Kysely and from PGlite itself at the same time each get their own answer', async () => {
  const ours = Array.from({ length: 60 }, (_, i) => rowsOf(sql`select ${i}::int as i, pg_sleep(0) as s`));
  const theirs = Array.from({ length: 60 }, (_, i) => client.query<{ i: number }>('select $1::int as i', [i]));
  const [a, b] = await Promise.all([Promise.all(ours), Promise.all(theirs)]);
  a.forEach((rows, i) => expect(rows[0]!.i).toBe(i));
  b.forEach((r, i) => expect(r.rows[0]!.i).toBe(i));
});

test('a query to a closed database is refused instead of hanging', async () => {
  const other = new PGlite();
  const otherDb = new Kysely<Record<string, Row>>({ dialect: new PGliteDialect(other) });
  expect((await sql`select ${1}::int as one`.execute(otherDb)).rows).toEqual([{ one: 1 }]);
  await other.close();
  const answer = sql`select ${2}::int as two`.execute(otherDb).then(
    () => 'answered',
    () => 'refused',
  );
  const hung = new Promise((resolve) => setTimeout(() => resolve('hung'), 5_000));
  expect(await Promise.race([answer, hung])).toBe('refused');
});
