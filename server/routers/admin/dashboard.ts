import { tracked } from '@trpc/server';
import { z } from 'zod';
import { adminProcedure } from '../../trpc/init';
import { activityFromEvent, adminDashboard, recentActivity } from '../../services/admin/dashboard';

/** admin.dashboard: the six statistics of SPEC §7 and the 30-day charts. */
export const dashboardProcedure = adminProcedure.query(({ ctx }) => adminDashboard(ctx.db));

/**
 * admin.onActivity: the live feed. Subscribes to the bus first, then backfills the latest entries
 * from the database (oldest first), then yields every signup, purchase, message and generation
 * (created / completed) as it happens.
 */
export const onActivityProcedure = adminProcedure
  .input(z.object({ lastEventId: z.string().nullish() }).optional())
  .subscription(async function* ({ ctx, signal }) {
    const events = ctx.bus.subscribe(signal)[Symbol.asyncIterator]();
    try {
      const backfill = await recentActivity(ctx.db);
      for (const entry of backfill.reverse()) yield tracked(entry.id, entry);
      while (true) {
        const next = await events.next();
        if (next.done) return;
        const entry = await activityFromEvent(ctx.db, next.value).catch(() => null);
        if (entry) yield tracked(entry.id, entry);
      }
    } finally {
      await events.return?.();
    }
  });
