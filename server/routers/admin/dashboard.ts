import { adminProcedure } from '../../trpc/init';
import { liveFeed } from '../../events/live-feed';
import { activityFromEvent, adminDashboard, recentActivity } from '../../services/admin/dashboard';
import { ZActivityEntry, ZAdminDashboard } from '../../../shared/schemas/admin-outputs';
import { liveOutput } from '../../trpc/live-output';

/** admin.dashboard: the six statistics of docs/product.md §7 and the 30-day charts. */
export const dashboardProcedure = adminProcedure.output(ZAdminDashboard).query(({ ctx }) => adminDashboard(ctx.db, ctx.env));

/**
 * admin.onActivity: the live feed. The latest entries from the database (oldest first), then
 * every signup, purchase, message and generation (created / completed) as it happens.
 */
export const onActivityProcedure = adminProcedure.output(liveOutput(ZActivityEntry)).subscription(({ ctx, signal }) =>
  liveFeed(ctx.bus, signal, {
    snapshot: async () => (await recentActivity(ctx.db)).reverse(),
    fromEvent: (event) => activityFromEvent(ctx.db, event).catch(() => null),
    idOf: (entry) => entry.id,
  }),
);
