import { createHmac } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../db';
import type { ApiWebhookDeliveriesTable } from '../db/types';
import type { Env } from '../env';
import { randomToken } from '../auth/tokens';
import { publicBaseUrl } from '../email/links';
import { getApiRun } from './api-generations';
import { toApiGeneration } from './api-view';
import { checkWebhookUrl, webhookPolicy } from './webhook-url';
import type { TWebhookEvent } from '../../shared/schemas/api';
import { wakeSignal } from '../lib/wake-signal';

/** The signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the secret>`. */
export const SIGNATURE_HEADER = 'X-Vitrin-Signature';

/** `X-Vitrin-Signature`: one `v1` per valid secret (the current one first; during a rotation also the previous one). */
export function signWebhook(secrets: string | string[], body: string, t: number): string {
  const v1 = [secrets].flat().map((secret) => `v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`);
  return [`t=${t}`, ...v1].join(',');
}

/**
 * The Standard Webhooks signature (`webhook-signature`): `v1,<base64 HMAC-SHA256 of "<id>.<t>.<body>">`
 * per valid secret, space separated, keyed with the base64 bytes after the `whsec_` prefix (as the
 * Standard Webhooks libraries read a `whsec_` secret).
 */
export function standardSignature(secrets: string | string[], id: string, t: number, body: string): string {
  return [secrets]
    .flat()
    .map((secret) => {
      const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
      return `v1,${createHmac('sha256', key).update(`${id}.${t}.${body}`).digest('base64')}`;
    })
    .join(' ');
}

/** How long the secret a rotation replaced keeps signing deliveries. */
const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

const newSecret = () => `whsec_${randomToken()}${randomToken()}`;

/**
 * Saves the seller's webhook URL (checked against the SSRF rules) with a new signing secret,
 * returned once. Saving again replaces both.
 */
export async function setWebhook(deps: { db: Db; env: Env }, userId: string, url: string): Promise<{ secret: string }> {
  const checked = await checkWebhookUrl(url, webhookPolicy(deps.env));
  const secret = newSecret();
  await deps.db
    .insertInto('api_webhooks')
    .values({ user_id: userId, url: checked.href, secret })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ url: checked.href, secret, created_at: new Date(), previous_secret: null, previous_secret_until: null }),
    )
    .execute();
  return { secret };
}

/**
 * A new signing secret for the seller's endpoint, returned once; the one it replaces stays valid
 * for a day (every delivery meanwhile is signed with both), so the receiver can switch without
 * losing events. Null when the seller has no endpoint.
 */
export async function rotateWebhookSecret(db: Db, userId: string): Promise<{ secret: string; previousValidUntil: string } | null> {
  const secret = newSecret();
  const until = new Date(Date.now() + ROTATION_OVERLAP_MS);
  const row = await db
    .updateTable('api_webhooks')
    .set({ secret, previous_secret: sql<string>`api_webhooks.secret`, previous_secret_until: until })
    .where('user_id', '=', userId)
    .returning('user_id')
    .executeTakeFirst();
  return row ? { secret, previousValidUntil: until.toISOString() } : null;
}

/** Removes the endpoint; deliveries still waiting are given up (there is nowhere to send them). */
export async function removeWebhook(db: Db, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('api_webhooks').where('user_id', '=', userId).execute();
    await trx
      .updateTable('api_webhook_deliveries')
      .set({ status: 'failed', last_error: 'webhook removed', lease_owner: null, lease_expires_at: null })
      .where('user_id', '=', userId)
      .where('status', '=', 'queued')
      .execute();
  });
}

/** Deliveries shown on the seller's API page. */
const SHOWN_DELIVERIES = 20;

/** The seller's webhook URL and the latest deliveries, each with every attempt. */
export async function webhookOverview(db: Db, userId: string) {
  const hook = await db
    .selectFrom('api_webhooks')
    .select(['url', 'created_at', 'previous_secret_until'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const until = hook?.previous_secret_until ? new Date(hook.previous_secret_until) : null;
  const deliveries = await db
    .selectFrom('api_webhook_deliveries')
    .select(['id', 'event_type', 'generation_id', 'status', 'url', 'created_at', 'delivered_at', 'last_error'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(SHOWN_DELIVERIES)
    .execute();
  const attempts = deliveries.length
    ? await db
        .selectFrom('api_webhook_attempts')
        .select(['delivery_id', 'status_code', 'error', 'duration_ms', 'created_at'])
        .where(
          'delivery_id',
          'in',
          deliveries.map((d) => d.id),
        )
        .orderBy('created_at', 'asc')
        .execute()
    : [];
  return {
    url: hook?.url ?? null,
    /** While the secret a rotation replaced still signs deliveries: until when. */
    previousSecretUntil: until && until > new Date() ? until.toISOString() : null,
    deliveries: deliveries.map((d) => ({
      id: d.id,
      eventType: d.event_type,
      generationId: d.generation_id,
      status: d.status,
      url: d.url,
      createdAt: new Date(d.created_at).toISOString(),
      deliveredAt: d.delivered_at ? new Date(d.delivered_at).toISOString() : null,
      attempts: attempts
        .filter((a) => a.delivery_id === d.id)
        .map((a) => ({ at: new Date(a.created_at).toISOString(), statusCode: a.status_code, error: a.error, durationMs: a.duration_ms })),
    })),
  };
}

const webhookQueued = wakeSignal();

/** Senders in this process subscribe so an event leaves without waiting for the poll. */
export const onWebhookQueued = webhookQueued.subscribe;

/**
 * After a run ended (completed, failed and refunded, or — an API run whose cut-out was not trusted —
 * needs_consent and refunded): one event for the seller's endpoint, if they have one, holding the
 * run as GET /api/v1/generations/{id} shows it, with `livemode` (false for a test key's run, issue
 * 34 item 4). At most one per run and outcome (dedupe key), so a repeated call sends nothing twice.
 */
export async function queueWebhookEvent(db: Db, generationId: string): Promise<void> {
  const g = await db.selectFrom('generations').select(['user_id', 'status']).where('id', '=', generationId).executeTakeFirst();
  if (!g || (g.status !== 'completed' && g.status !== 'failed')) return;
  const hook = await db.selectFrom('api_webhooks').select('url').where('user_id', '=', g.user_id).executeTakeFirst();
  if (!hook) return;
  const run = toApiGeneration(await getApiRun(db, g.user_id, generationId), publicBaseUrl());
  const event: Pick<TWebhookEvent, 'type' | 'livemode' | 'data'> = {
    type:
      run.status === 'completed'
        ? 'generation.completed'
        : run.status === 'needs_consent'
          ? 'generation.needs_consent'
          : 'generation.failed',
    livemode: run.livemode,
    data: run,
  };
  const row = await db
    .insertInto('api_webhook_deliveries')
    .values({
      user_id: g.user_id,
      generation_id: generationId,
      event_type: event.type,
      url: hook.url,
      body: JSON.stringify(event),
      dedupe_key: `${event.type}:${generationId}`,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (row) webhookQueued.wake();
}

/** The oldest due delivery, or one whose sender died (expired lease). */
export async function claimDelivery(db: Db, owner: string, leaseMs: number) {
  // As claimLeased (db/lease.ts), but a seller whose delivery is being sent under a live lease is
  // passed over: one slow receiver holds at most one of the senders, never the others' events.
  // Claims are serialised (a transaction-scoped advisory lock): two concurrent claims under READ
  // COMMITTED would each see no live delivery for the seller and take two of its rows.
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('api_webhook_claim'))`.execute(trx);
    const { rows } = await sql<Selectable<ApiWebhookDeliveriesTable>>`
    update api_webhook_deliveries
    set status = 'sending',
        lease_owner = ${owner},
        lease_expires_at = now() + ${`${leaseMs} milliseconds`}::interval,
        attempts = attempts + 1
    where id = (
      select d.id from api_webhook_deliveries d
      where ((d.status = 'queued' and d.run_after <= now()) or (d.status = 'sending' and d.lease_expires_at < now()))
        and not exists (
          select 1 from api_webhook_deliveries o
          where o.user_id = d.user_id and o.status = 'sending' and o.lease_expires_at >= now()
        )
      order by d.run_after
      limit 1
      for update skip locked
    )
    returning *`.execute(trx);
    return rows[0] ?? null;
  });
}

/**
 * Where a claimed delivery goes now: the seller's current URL and the secrets that sign it — the
 * current one, and the one a rotation replaced while it is still valid (null: they removed it).
 */
export async function endpointOf(db: Db, userId: string): Promise<{ url: string; secrets: string[] } | null> {
  const row = await db
    .selectFrom('api_webhooks')
    .select(['url', 'secret', 'previous_secret'])
    .select(sql<boolean>`previous_secret_until > now()`.as('previous_valid'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  return { url: row.url, secrets: row.previous_secret && row.previous_valid ? [row.secret, row.previous_secret] : [row.secret] };
}

/**
 * The body a delivery sends at one attempt: the stored event with its id (the same at every
 * attempt: receivers deduplicate by it), the attempt number (1, 2, …) and when the event was made.
 */
export function eventBody(d: { id: string; body: string; attempts: number; created_at: Date | string }): string {
  const stored = JSON.parse(d.body) as Record<string, unknown>;
  return JSON.stringify({ id: d.id, ...stored, attempt: d.attempts, createdAt: new Date(d.created_at).toISOString() });
}

/** Records one attempt and the delivery's new state: delivered, queued again after `retryInMs`, or failed for good. */
export async function recordAttempt(
  db: Db,
  d: { id: string; owner: string; url: string },
  attempt: { statusCode: number | null; error: string | null; durationMs: number },
  next: { delivered: true } | { delivered: false; retryInMs: number | null },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('api_webhook_attempts')
      .values({
        delivery_id: d.id,
        status_code: attempt.statusCode,
        error: attempt.error?.slice(0, 500) ?? null,
        duration_ms: attempt.durationMs,
      })
      .execute();
    const common = { lease_owner: null, lease_expires_at: null, url: d.url };
    const set = next.delivered
      ? { ...common, status: 'delivered' as const, delivered_at: new Date(), last_error: null }
      : {
          ...common,
          status: next.retryInMs === null ? ('failed' as const) : ('queued' as const),
          run_after: sql<Date>`now() + ${`${next.retryInMs ?? 0} milliseconds`}::interval`,
          last_error: (attempt.error ?? `HTTP ${attempt.statusCode}`).slice(0, 500),
        };
    await trx.updateTable('api_webhook_deliveries').set(set).where('id', '=', d.id).where('lease_owner', '=', d.owner).execute();
  });
}
