import { sql } from 'kysely';
import type { Db } from '../../server/db';

/** Row count of a table, read straight from the database. */
export async function countRows(db: Db, table: string): Promise<number> {
  const r = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db);
  return Number(r.rows[0]!.n); // count(*) answers one row
}

/** Counts of every table an account write touches, to prove "nothing written". */
export async function accountTableCounts(db: Db) {
  const tables = ['users', 'profiles', 'user_preferences', 'credit_ledger', 'credit_transactions', 'sessions'];
  const out: Record<string, number> = {};
  for (const t of tables) out[t] = await countRows(db, t);
  return out;
}

/** Parses one Set-Cookie line into name, value and lower-cased attributes. */
export function parseSetCookie(line: string) {
  const [pair = '', ...rest] = line.split(';').map((s) => s.trim());
  const eq = pair.indexOf('=');
  const attrs: Record<string, string | true> = {};
  for (const a of rest) {
    const i = a.indexOf('=');
    if (i === -1) attrs[a.toLowerCase()] = true;
    else attrs[a.slice(0, i).toLowerCase()] = a.slice(i + 1);
  }
  return { name: pair.slice(0, eq), value: pair.slice(eq + 1), attrs };
}

export function findSetCookie(lines: string[], name: string) {
  const line = lines.find((l) => l.startsWith(`${name}=`));
  return line ? parseSetCookie(line) : undefined;
}
