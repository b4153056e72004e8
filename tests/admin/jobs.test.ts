import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { randomUUID } from 'node:crypto';
import { callerFor, callerWorld } from '../helpers/caller';
import { createGeneration } from '../../server/services/generations';
import { claimJob, failJob } from '../../server/jobs/queue';
import { ZAdminJobs } from '../../shared/schemas/admin-jobs';
import { M } from '../../shared/messages';
import type { AppEvent } from '../../server/events/bus';

/**
 * admin.jobs ("İşler", issue 35 item 5) on known fixtures, with no workers running: the overview's
 * counts and lists, who may read it, the live tick, and the retry of a failed run — audited, and
 * charging nothing twice however often it is clicked (docs/decisions.md D53).
 */
let world: Awaited<ReturnType<typeof callerWorld>>;
let admin: Awaited<ReturnType<typeof world.admin>>;

beforeAll(async () => {
  world = await callerWorld();
  admin = await world.admin();
});
afterAll(async () => {
  await world?.close();
});

const db = () => world.deps.db;

async function uploadOf(userId: string) {
  const id = randomUUID();
  await db()
    .insertInto('uploads')
    .values({ id, user_id: userId, storage_key: `uploads/${userId}/${id}.jpg`, mime: 'image/jpeg', width: 10, height: 10, size_bytes: 1 })
    .execute();
  return id;
}

/** A real accepted run: the credits taken in createGeneration's transaction, with its ledger row. */
async function acceptedRun(userId: string) {
  const uploadId = await uploadOf(userId);
  return (await createGeneration(world.deps, userId, { type: 'image', uploadId, prompt: 'beyaz masa' })).id;
}

const balanceOf = async (userId: string) =>
  (await db().selectFrom('users').select('credits_balance').where('id', '=', userId).executeTakeFirstOrThrow()).credits_balance;
const ledgerOf = (userId: string) =>
  db().selectFrom('credit_ledger').select(['delta', 'reason', 'ref']).where('user_id', '=', userId).orderBy('created_at').execute();
const transactionsOf = (userId: string) =>
  db().selectFrom('credit_transactions').select(['type', 'amount']).where('user_id', '=', userId).execute();
const retryLogs = (id: string) =>
  db().selectFrom('admin_logs').selectAll().where('action', '=', 'generation.retry').where('target_id', '=', id).execute();
const runOf = (id: string) => db().selectFrom('generations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('admin.jobs.overview', () => {
  test('counts per state, the run processing now, the failed run with its refund, failing webhooks and e-mails', async () => {
    const a = await world.seller('jobs-a@example.com');
    const b = await world.seller('jobs-b@example.com');
    const failedId = await acceptedRun(a.userId);
    await failJob(db(), failedId, M.generation.unknown);
    const processingId = await acceptedRun(b.userId);
    const claimed = await claimJob(db(), 'worker-test', 60_000);
    expect(claimed?.id).toBe(processingId);
    await acceptedRun(b.userId); // stays queued: b is at the per-seller cap
    await db()
      .insertInto('api_webhook_deliveries')
      .values({
        user_id: a.userId,
        event_type: 'generation.failed',
        url: 'https://hooks.example.com/private/s3cr3t-path?token=abc',
        body: '{}',
        dedupe_key: `test:${randomUUID()}`,
        status: 'queued',
        attempts: 2,
        last_error: 'HTTP 500',
      })
      .execute();
    await db()
      .insertInto('email_outbox')
      .values([
        {
          to_address: 'jobs-a@example.com',
          subject: 'x',
          body: 'x',
          kind: 'low_credits',
          status: 'failed',
          attempts: 6,
          last_error: 'SMTP 550',
        },
        { to_address: 'jobs-b@example.com', subject: 'y', body: 'y', kind: 'generic', status: 'sent', attempts: 1 },
      ])
      .execute();

    const view = ZAdminJobs.parse(await admin.caller.admin.jobs.overview());
    expect(view.counts.runs).toEqual({ queued: 1, processing: 1, completed24h: 0, failed24h: 1 });
    // The failure queued its "failed and refunded" e-mail: it waits (no sender runs here).
    const waiting = await db().selectFrom('email_outbox').select('kind').where('status', '=', 'queued').execute();
    expect(waiting.map((e) => e.kind)).toEqual(['generation_failed']);
    expect(view.counts.emails).toEqual({ queued: 1, sending: 0, failed: 1 });
    expect(view.counts.webhooks).toEqual({ queued: 1, sending: 0, failed: 0 });

    expect(view.processing).toEqual([
      expect.objectContaining({
        id: processingId,
        seller: { id: b.userId, email: 'jobs-b@example.com' },
        type: 'image',
        provider: 'local',
        attempt: 1,
        leaseExpired: false,
      }),
    ]);
    expect(view.processing[0]!.startedAt).not.toBeNull();

    expect(view.failed).toEqual([
      expect.objectContaining({
        id: failedId,
        seller: { id: a.userId, email: 'jobs-a@example.com' },
        reason: M.generation.unknown,
        refunded: true,
        creditsRefunded: 1,
        notRetryable: null,
      }),
    ]);
    // The receiver's host only: the path and query may hold the seller's secret.
    expect(view.webhooks).toEqual([
      expect.objectContaining({
        host: 'hooks.example.com',
        status: 'queued',
        attempts: 2,
        lastError: 'HTTP 500',
        eventType: 'generation.failed',
      }),
    ]);
    expect(JSON.stringify(view.webhooks)).not.toContain('s3cr3t');
    expect(view.emails).toEqual([
      expect.objectContaining({ to: 'jobs-a@example.com', status: 'failed', lastError: 'SMTP 550', nextAttemptAt: null }),
    ]);
  });

  test('a seller or a visitor cannot read it, retry or subscribe', async () => {
    const s = await world.seller('jobs-nosy@example.com');
    await expect(s.caller.admin.jobs.overview()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(s.caller.admin.jobs.retry({ id: randomUUID() })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const visitor = await world.anonymous();
    await expect(visitor.admin.jobs.overview()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const ws = await callerFor(world.deps, s.cookie, 'ws');
    await expect(ws.admin.jobs.onChange()).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('admin.jobs.retry (docs/decisions.md D53)', () => {
  test('a double click on a refunded run: queued once, one audit row, no credit moves; failing again refunds nothing', async () => {
    const s = await world.seller('jobs-retry@example.com');
    const start = await balanceOf(s.userId);
    const id = await acceptedRun(s.userId);
    await failJob(db(), id, M.generation.unknown);
    expect(await balanceOf(s.userId)).toBe(start);
    const ledgerBefore = await ledgerOf(s.userId);
    expect(ledgerBefore.map((l) => l.reason)).toEqual(expect.arrayContaining(['generation', 'generation_refund']));

    const events: AppEvent[] = [];
    const abort = new AbortController();
    void (async () => {
      for await (const e of world.deps.bus.subscribe(abort.signal)) events.push(e);
    })();
    const outcomes = await Promise.all([admin.caller.admin.jobs.retry({ id }), admin.caller.admin.jobs.retry({ id })]);
    abort.abort();
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['not_failed', 'retried']);

    const run = await runOf(id);
    expect(run).toMatchObject({ status: 'queued', attempts: 0, error_message: null, credits_used: 0, refunded_at: null, progress: 0 });
    expect(await balanceOf(s.userId)).toBe(start);
    expect(await ledgerOf(s.userId)).toEqual(ledgerBefore);
    const logs = await retryLogs(id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ admin_id: admin.adminId, target_type: 'generation' });
    expect(events.filter((e) => e.type === 'generation.updated' && e.generationId === id)).toEqual([
      { type: 'generation.updated', userId: s.userId, generationId: id, status: 'queued', progress: 0 },
    ]);

    // The free retry fails too: `failed` again, and nothing is refunded (nothing was taken).
    expect((await claimJob(db(), 'worker-retry', 60_000))?.id).toBe(id);
    await failJob(db(), id, M.generation.unknown);
    expect(await runOf(id)).toMatchObject({ status: 'failed' });
    expect(await balanceOf(s.userId)).toBe(start);
    expect(await ledgerOf(s.userId)).toEqual(ledgerBefore);
    const view = await admin.caller.admin.jobs.overview();
    expect(view.failed.find((f) => f.id === id)).toMatchObject({ refunded: false, creditsRefunded: 0 });
    expect((await transactionsOf(s.userId)).filter((t) => t.type === 'usage')).toHaveLength(1);
  });

  test('a failed run never refunded keeps its one charge; a later failure refunds it exactly once', async () => {
    const s = await world.seller('jobs-unrefunded@example.com');
    const start = await balanceOf(s.userId);
    const id = await acceptedRun(s.userId);
    await db().updateTable('generations').set({ status: 'failed', error_message: 'x' }).where('id', '=', id).execute();
    expect(await balanceOf(s.userId)).toBe(start - 1);
    expect((await admin.caller.admin.jobs.retry({ id })).outcome).toBe('retried');
    expect(await runOf(id)).toMatchObject({ status: 'queued', credits_used: 1 });
    expect(await balanceOf(s.userId)).toBe(start - 1);
    await failJob(db(), id, M.generation.unknown);
    await failJob(db(), id, M.generation.unknown);
    expect(await balanceOf(s.userId)).toBe(start);
    expect((await ledgerOf(s.userId)).filter((l) => l.reason === 'generation_refund')).toHaveLength(1);
  });

  test('refused: a run that is not failed, an unknown id, a run whose photo is gone or whose account was erased', async () => {
    const s = await world.seller('jobs-refused@example.com');
    const queued = await acceptedRun(s.userId);
    expect((await admin.caller.admin.jobs.retry({ id: queued })).outcome).toBe('not_failed');
    await expect(admin.caller.admin.jobs.retry({ id: randomUUID() })).rejects.toMatchObject({ code: 'NOT_FOUND' });

    await failJob(db(), queued, M.generation.unknown);
    const run = await runOf(queued);
    await db().deleteFrom('generations').where('id', '=', queued).execute();
    await db().deleteFrom('uploads').where('id', '=', run.upload_id!).execute();
    await db()
      .insertInto('generations')
      .values({ ...run, upload_id: null, parameters: JSON.stringify(run.parameters), outputs: '[]', provider_inputs: null })
      .execute();
    await expect(admin.caller.admin.jobs.retry({ id: queued })).rejects.toMatchObject({ message: M.adminJobs.notRetryable.photo_missing });
    const view = await admin.caller.admin.jobs.overview();
    expect(view.failed.find((f) => f.id === queued)?.notRetryable).toBe('photo_missing');

    const erased = await acceptedRun(s.userId);
    await failJob(db(), erased, M.generation.unknown);
    await db().updateTable('generations').set({ parameters: '{}' }).where('id', '=', erased).execute();
    await expect(admin.caller.admin.jobs.retry({ id: erased })).rejects.toMatchObject({ message: M.adminJobs.notRetryable.erased });
    expect(await retryLogs(erased)).toHaveLength(0);
    expect(await runOf(erased)).toMatchObject({ status: 'failed' });
  });
});

describe('admin.jobs.onChange', () => {
  test('a tick at once, then one per change of state (not per progress step)', async () => {
    const ws = await callerFor(world.deps, admin.cookie, 'ws');
    const it = ((await ws.admin.jobs.onChange()) as AsyncIterable<unknown>)[Symbol.asyncIterator]();
    const unwrap = (v: unknown) => (Array.isArray(v) ? v[1] : v) as { status: string };
    expect(unwrap((await it.next()).value)).toHaveProperty('at');
    const bus = world.deps.bus;
    const ev = (status: 'processing' | 'completed', progress: number) =>
      bus.publish({ type: 'generation.updated', userId: 'u', generationId: 'g', status, progress });
    ev('processing', 0);
    ev('processing', 40);
    ev('completed', 100);
    expect(unwrap((await it.next()).value).status).toBe('processing');
    expect(unwrap((await it.next()).value).status).toBe('completed');
    await it.return?.();
  });
});
