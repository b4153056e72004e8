import type { Db } from '../db';
import { percentChange, savingsOf } from '../../shared/stats';
import { monthStart } from './months';
import { isErased, rowParams } from '../db/read';

type Counts = { imageRuns: number; videos: number };

async function completedCounts(db: Db, userId: string, from?: Date, to?: Date): Promise<Counts> {
  let q = db
    .selectFrom('generations')
    .select((eb) => [
      eb.fn.count<number>('id').filterWhere('type', '=', 'image').as('images'),
      eb.fn.count<number>('id').filterWhere('type', '=', 'video').as('videos'),
    ])
    .where('user_id', '=', userId)
    .where('livemode', '=', true)
    .where('status', '=', 'completed');
  if (from) q = q.where('created_at', '>=', from);
  if (to) q = q.where('created_at', '<', to);
  const r = await q.executeTakeFirstOrThrow();
  return { imageRuns: Number(r.images), videos: Number(r.videos) };
}

/** Absolute usage minus refunds between two instants (docs/product.md §9: usage summed as absolute values). */
export async function creditsUsed(db: Db, userId: string | null, from?: Date, to?: Date): Promise<number> {
  let q = db.selectFrom('credit_transactions').select((eb) => [
    eb.fn
      .sum<number>(eb.fn('abs', ['amount']))
      .filterWhere('type', '=', 'usage')
      .as('used'),
    eb.fn.sum<number>('amount').filterWhere('type', '=', 'refund').as('refunded'),
  ]);
  if (userId) q = q.where('user_id', '=', userId);
  if (from) q = q.where('created_at', '>=', from);
  if (to) q = q.where('created_at', '<', to);
  const r = await q.executeTakeFirstOrThrow();
  return Math.max(0, Number(r.used ?? 0) - Number(r.refunded ?? 0));
}

export type ActivityItem = {
  id: string;
  kind: 'generation' | 'credit';
  type: string;
  status?: string;
  amount?: number;
  planCode?: string | null;
  title: string;
  createdAt: string;
};

/** docs/decisions.md D22: the user's real recent generations and credit movements, newest first. */
async function recentActivity(db: Db, userId: string, limit = 8): Promise<ActivityItem[]> {
  const [gens, txs] = await Promise.all([
    db
      .selectFrom('generations')
      .select(['id', 'type', 'status', 'parameters', 'created_at'])
      .where('user_id', '=', userId)
      // A test key's runs (issue 34 item 4) are not the seller's activity.
      .where('livemode', '=', true)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute(),
    db
      .selectFrom('credit_transactions')
      .select(['id', 'type', 'amount', 'description', 'plan_code', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute(),
  ]);
  const items: ActivityItem[] = [
    // An erased run (account deletion) has no owner to show it to: it is left out.
    ...gens.flatMap((g) => {
      const params = rowParams(g);
      if (isErased(params)) return [];
      return [
        {
          id: g.id,
          kind: 'generation' as const,
          type: g.type,
          status: g.status,
          title: params.parameters.prompt,
          createdAt: new Date(g.created_at).toISOString(),
        },
      ];
    }),
    ...txs.map((t) => ({
      id: t.id,
      kind: 'credit' as const,
      type: t.type,
      amount: t.amount,
      planCode: t.plan_code,
      title: t.description,
      createdAt: new Date(t.created_at).toISOString(),
    })),
  ];
  return items.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, limit);
}

export async function customerDashboard(db: Db, userId: string, now = new Date()) {
  const thisMonth = monthStart(now, 0);
  const lastMonth = monthStart(now, 1);
  const [current, previous, allTime, usedNow, usedBefore, activity] = await Promise.all([
    completedCounts(db, userId, thisMonth),
    completedCounts(db, userId, lastMonth, thisMonth),
    completedCounts(db, userId),
    creditsUsed(db, userId, thisMonth),
    creditsUsed(db, userId, lastMonth, thisMonth),
    recentActivity(db, userId),
  ]);
  const savingsThisMonth = savingsOf(current.imageRuns, current.videos);
  const savingsLastMonth = savingsOf(previous.imageRuns, previous.videos);
  return {
    imagesThisMonth: current.imageRuns * 4,
    imagesLastMonth: previous.imageRuns * 4,
    totalImages: allTime.imageRuns * 4,
    totalVideos: allTime.videos,
    videosThisMonth: current.videos,
    videosLastMonth: previous.videos,
    totalSavings: savingsOf(allTime.imageRuns, allTime.videos),
    savingsThisMonth,
    savingsLastMonth,
    creditsUsedThisMonth: usedNow,
    creditsUsedLastMonth: usedBefore,
    changes: {
      images: percentChange(current.imageRuns * 4, previous.imageRuns * 4),
      videos: percentChange(current.videos, previous.videos),
      savings: percentChange(savingsThisMonth, savingsLastMonth),
      creditsUsed: percentChange(usedNow, usedBefore),
    },
    recentActivity: activity,
  };
}
