import { sql } from 'kysely';
import type { Db } from '../../db';
import { getSettings, invoicesBlocked, missingCompanyDetails } from '../settings';
import type { AppEvent } from '../../events/bus';
import { M } from '../../../shared/messages';
import { ACTIVE_USER_DAYS, UNLIMITED_BALANCE } from '../../../shared/constants';
import { ADMIN_FEED_SIZE } from '../../../shared/schemas/admin';
import { creditsUsed } from '../dashboard';
import { BUSINESS_TZ, monthStart } from '../months';
import { daysAgo, iso } from './search';
import { accountsWithProfiles } from '../account-rows';

export const CHART_DAYS = 30;

export type DashboardStats = {
  totalUsers: number;
  activeUsers: number;
  creditsUsedThisMonth: number;
  unreadMessages: number;
  /** Sum of every balance except the 999999 "unlimited" marker (docs/decisions.md D7), which would drown it. */
  totalCreditsDistributed: number;
  /** Accounts with the unlimited balance, counted apart from the sum above. */
  unlimitedUsers: number;
  totalGenerations: number;
};

export type ChartDay = { day: string; signups: number; images: number; videos: number; creditsUsed: number };

/** `YYYY-MM-DD` of an instant in the business time zone. */
function dayKey(d: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}

const dayOf = (column: string) => sql<string>`to_char(${sql.ref(column)} at time zone ${BUSINESS_TZ}, 'YYYY-MM-DD')`;

/** docs/product.md §7 Admin dashboard statistics. */
export async function dashboardStats(db: Db, now = new Date()): Promise<DashboardStats> {
  const since = daysAgo(now, ACTIVE_USER_DAYS);
  const [users, active, used, unread, balances, gens] = await Promise.all([
    db
      .selectFrom('profiles')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    accountsWithProfiles(db)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('users.is_disabled', '=', false)
      .where((eb) => eb.or([eb('profiles.updated_at', '>=', since), eb('users.last_sign_in_at', '>=', since)]))
      .executeTakeFirstOrThrow(),
    creditsUsed(db, null, monthStart(now)),
    db
      .selectFrom('contact_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('is_read', '=', false)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('users')
      .select((eb) => [
        eb.fn.sum<number>('credits_balance').filterWhere('credits_balance', '<>', UNLIMITED_BALANCE).as('sum'),
        eb.fn.countAll<number>().filterWhere('credits_balance', '=', UNLIMITED_BALANCE).as('unlimited'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('generations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    totalUsers: Number(users.n),
    activeUsers: Number(active.n),
    creditsUsedThisMonth: used,
    unreadMessages: Number(unread.n),
    totalCreditsDistributed: Number(balances.sum ?? 0),
    unlimitedUsers: Number(balances.unlimited),
    totalGenerations: Number(gens.n),
  };
}

/** Signups, generations and credits used per Istanbul day over the last 30 days (today included). */
export async function dashboardCharts(db: Db, now = new Date()): Promise<ChartDay[]> {
  const days: string[] = [];
  for (let i = CHART_DAYS - 1; i >= 0; i--) days.push(dayKey(daysAgo(now, i)));
  const from = daysAgo(now, CHART_DAYS + 1);
  const [signups, gens, credits] = await Promise.all([
    db
      .selectFrom('users')
      .select((eb) => [dayOf('created_at').as('day'), eb.fn.countAll<number>().as('n')])
      .where('created_at', '>=', from)
      .groupBy('day')
      .execute(),
    db
      .selectFrom('generations')
      .select((eb) => [
        dayOf('created_at').as('day'),
        eb.fn.countAll<number>().filterWhere('type', '=', 'image').as('images'),
        eb.fn.countAll<number>().filterWhere('type', '=', 'video').as('videos'),
      ])
      .where('created_at', '>=', from)
      .groupBy('day')
      .execute(),
    db
      .selectFrom('credit_transactions')
      .select((eb) => [
        dayOf('created_at').as('day'),
        eb.fn
          .sum<number>(eb.fn('abs', ['amount']))
          .filterWhere('type', '=', 'usage')
          .as('used'),
        eb.fn.sum<number>('amount').filterWhere('type', '=', 'refund').as('refunded'),
      ])
      .where('created_at', '>=', from)
      .groupBy('day')
      .execute(),
  ]);
  const byDay = new Map<string, ChartDay>(days.map((day) => [day, { day, signups: 0, images: 0, videos: 0, creditsUsed: 0 }]));
  for (const r of signups) {
    const d = byDay.get(r.day);
    if (d) d.signups = Number(r.n);
  }
  for (const r of gens) {
    const d = byDay.get(r.day);
    if (d) {
      d.images = Number(r.images);
      d.videos = Number(r.videos);
    }
  }
  for (const r of credits) {
    const d = byDay.get(r.day);
    if (d) d.creditsUsed = Math.max(0, Number(r.used ?? 0) - Number(r.refunded ?? 0));
  }
  return days.map((day) => byDay.get(day)!);
}

/** Statistics, charts, and the feed's latest entries (so polling keeps the feed fresh while the socket is down). */
export async function adminDashboard(db: Db, env: { NODE_ENV?: string }, now = new Date()) {
  const [stats, charts, activity, settings] = await Promise.all([
    dashboardStats(db, now),
    dashboardCharts(db, now),
    recentActivity(db),
    getSettings(db),
  ]);
  // Issue 38 item 1: the operator's invoice details still empty, and whether that stops paid checkouts.
  const issuer = { missing: missingCompanyDetails(settings.company), blocking: invoicesBlocked(env, settings.company) };
  return { stats, charts, activity, issuer, generatedAt: now.toISOString() };
}

// ---------------------------------------------------------------- live activity feed

export type ActivityKind = 'signup' | 'generation_created' | 'generation_completed' | 'purchase' | 'message';

export type ActivityEntry = {
  /** Stable per happening, so the client can drop a repeat (a re-queued job, a reconnect backfill). */
  id: string;
  kind: ActivityKind | string;
  summary: string;
  at: string;
  /** false for the backfill sent when the subscription starts. */
  live: boolean;
};

const typeLabel = (type: string) => (type === 'video' ? M.adminDashboard.genVideo : M.adminDashboard.genImage);
const planLabel = (code: string | null) => (code ? (M.credits.planNames[code] ?? code) : '');

/** The latest entries from the database, newest first (what the feed shows before anything live arrives). */
export async function recentActivity(db: Db, limit = ADMIN_FEED_SIZE): Promise<ActivityEntry[]> {
  const [signups, created, completed, purchases, messages] = await Promise.all([
    db.selectFrom('users').select(['id', 'email', 'created_at']).orderBy('created_at', 'desc').limit(limit).execute(),
    db
      .selectFrom('generations')
      .innerJoin('users', 'users.id', 'generations.user_id')
      .select(['generations.id', 'generations.type', 'generations.created_at', 'users.email'])
      .orderBy('generations.created_at', 'desc')
      .limit(limit)
      .execute(),
    db
      .selectFrom('generations')
      .innerJoin('users', 'users.id', 'generations.user_id')
      .select(['generations.id', 'generations.type', 'generations.completed_at', 'users.email'])
      .where('generations.status', '=', 'completed')
      .where('generations.completed_at', 'is not', null)
      .orderBy('generations.completed_at', 'desc')
      .limit(limit)
      .execute(),
    db
      .selectFrom('credit_transactions')
      .select(['id', 'user_email', 'plan_code', 'created_at'])
      .where('type', '=', 'purchase')
      .where('provider', 'is not', null)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute(),
    db.selectFrom('contact_messages').select(['id', 'name', 'created_at']).orderBy('created_at', 'desc').limit(limit).execute(),
  ]);
  const entries: ActivityEntry[] = [
    ...signups.map((u) => ({ id: `signup:${u.id}`, kind: 'signup', summary: u.email, at: iso(u.created_at)!, live: false })),
    ...created.map((g) => ({
      id: `generation_created:${g.id}`,
      kind: 'generation_created',
      summary: `${g.email} · ${typeLabel(g.type)}`,
      at: iso(g.created_at)!,
      live: false,
    })),
    ...completed.map((g) => ({
      id: `generation_completed:${g.id}`,
      kind: 'generation_completed',
      summary: `${g.email} · ${typeLabel(g.type)}`,
      at: iso(g.completed_at)!,
      live: false,
    })),
    ...purchases.map((p) => ({
      id: `purchase:${p.id}`,
      kind: 'purchase',
      summary: `${p.user_email} · ${planLabel(p.plan_code)}`,
      at: iso(p.created_at)!,
      live: false,
    })),
    ...messages.map((m) => ({
      id: `message:${m.id}`,
      kind: 'message',
      summary: M.contact.activity(m.name),
      at: iso(m.created_at)!,
      live: false,
    })),
  ];
  return entries.sort((a, b) => b.at.localeCompare(a.at)).slice(0, limit);
}

/**
 * One bus event as a feed entry, or null when the feed does not show it. `admin.activity`
 * events come ready-made (signup, purchase, message); a generation is shown when it is created
 * (queued) and when it completes, with the owner's e-mail and the kind of run.
 */
export async function activityFromEvent(db: Db, event: AppEvent): Promise<ActivityEntry | null> {
  if (event.type === 'admin.activity') {
    return { id: `${event.kind}:${event.at}:${event.summary}`, kind: event.kind, summary: event.summary, at: event.at, live: true };
  }
  if (event.type !== 'generation.updated' || (event.status !== 'queued' && event.status !== 'completed')) return null;
  const g = await db
    .selectFrom('generations')
    .innerJoin('users', 'users.id', 'generations.user_id')
    .select(['generations.type', 'generations.created_at', 'generations.completed_at', 'users.email'])
    .where('generations.id', '=', event.generationId)
    .executeTakeFirst();
  if (!g) return null;
  const kind = event.status === 'queued' ? 'generation_created' : 'generation_completed';
  const at = event.status === 'queued' ? g.created_at : (g.completed_at ?? new Date());
  return { id: `${kind}:${event.generationId}`, kind, summary: `${g.email} · ${typeLabel(g.type)}`, at: iso(at)!, live: true };
}
