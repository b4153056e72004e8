import { sql, type SelectQueryBuilder } from 'kysely';

/**
 * One page of a list and its total, from ONE filtered base query, so the filters are written
 * once (Kysely's "reusable helpers" recipe): `rows` adds the selection and order to the base.
 */
export async function paginate<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, object>,
  rows: (q: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<{ rows: O[]; total: number }> {
  const [items, count] = await Promise.all([
    rows(base)
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: items as O[], total: Number((count as { n: number }).n) };
}
