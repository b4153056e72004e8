import { sql } from 'kysely';
import type { Db } from '../db';
import { readOutputs, rowParams } from '../db/read';
import type { Storage } from '../providers/storage';
import { AppError } from '../errors';
import { M } from '../../shared/messages';
import { hitRateLimit } from '../auth/rate-limit';
import { getPreferences } from './preferences';
import { addInvoices } from './invoices';
import { enqueueEmail } from '../email/outbox';
import { emailContext } from './email-context';
import { LINK_PATHS } from '../email/links';
import { exportReadyEmail } from '../email/templates/account';
import type { AppDeps } from '../deps';
import { ZipWriter } from './zip-stream';
import { inLanguage } from '../i18n';
import { ledgerText, ledgerTypeLabel } from '../../shared/ledger-text';
import type { TExportView } from '../../shared/schemas/accounts';
import { wakeSignal } from '../lib/wake-signal';
import { TRANSACTION_VIEW_COLUMNS, transactionView } from './billing';
import { accountContact, accountsWithProfiles, OWNER_COLUMNS, profileView } from './account-rows';

/** A prepared zip can be downloaded for this long. */
export const EXPORT_TTL_MS = 24 * 60 * 60 * 1000;
const EXPORTS_PER_DAY = 5;

export type ExportView = TExportView;

export const exportKey = (userId: string, exportId: string) => `exports/${userId}/${exportId}.zip`;

/** The seller's newest export, with an expired one shown as such even before the sweep ran. */
export async function latestExport(db: Db, userId: string, now = new Date()): Promise<ExportView | null> {
  const r = await db
    .selectFrom('data_exports')
    .select(['id', 'status', 'created_at', 'expires_at', 'size_bytes'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!r) return null;
  const expired = r.status === 'ready' && r.expires_at && new Date(r.expires_at) <= now;
  return {
    id: r.id,
    status: expired ? 'expired' : r.status,
    createdAt: new Date(r.created_at).toISOString(),
    expiresAt: r.expires_at ? new Date(r.expires_at).toISOString() : null,
    sizeBytes: r.size_bytes,
  };
}

const exportQueued = wakeSignal();

/** Export preparers in this process subscribe, so a queued export starts without waiting for the poll. */
export const onExportQueued = exportQueued.subscribe;

/**
 * "Verilerimi indir": queues one export (a second ask while one is being prepared returns it). The
 * check and the insert run in one transaction under a per-seller lock, so parallel asks make one
 * export (issue 33 item 15: 10 parallel calls made 2 before). Then it wakes this process's preparers.
 */
export async function requestExport(db: Db, userId: string): Promise<ExportView> {
  const queued = await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`data-export:${userId}`}))`.execute(trx);
    const busy = await trx
      .selectFrom('data_exports')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', 'in', ['queued', 'processing'])
      .executeTakeFirst();
    if (busy) return false;
    if (!(await hitRateLimit(trx, `export:user:${userId}`, EXPORTS_PER_DAY, 24 * 60 * 60 * 1000)).allowed) {
      throw new AppError('RATE_LIMITED', M.common.tooManyAttempts);
    }
    await trx.insertInto('data_exports').values({ user_id: userId }).execute();
    return true;
  });
  if (queued) exportQueued.wake();
  return (await latestExport(db, userId))!;
}

const json = (v: unknown) => JSON.stringify(v, null, 2);
const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

/**
 * The zip: profile.json (account, profile, preferences), generations.json with each run's files
 * under generations/<id>/, uploads/ (the photos), credit-transactions.json, invoices/*.txt.
 * Written into `zip` one entry at a time, each file streamed from storage (a seller's files can
 * be hundreds of MB); the texts are deflated, the media stored as they are. Ends the zip.
 */
export async function writeExportZip({ db, storage }: Pick<AppDeps, 'db' | 'storage'>, userId: string, zip: ZipWriter): Promise<void> {
  // Written in the seller's saved language (issue 38 item 2): a worker has no request to follow.
  const { language } = await getPreferences(db, userId);
  await inLanguage(language, () => writeEntries({ db, storage }, userId, zip));
}

async function writeEntries({ db, storage }: Pick<AppDeps, 'db' | 'storage'>, userId: string, zip: ZipWriter): Promise<void> {
  await addProfile(zip, db, userId);
  await addPhotos(zip, db, storage, userId);
  await addGenerations(zip, db, storage, userId);
  await addCreditsAndInvoices(zip, db, storage, userId);
  await zip.finish();
}

/** Adds a stored file as it is; false when it is not in storage. */
async function addFile(zip: ZipWriter, storage: Storage, name: string, key: string): Promise<boolean> {
  const opened = await storage.openRead(key);
  if (!opened) return false;
  await zip.add(name, opened.body);
  return true;
}

/** profile.json: account, profile and preferences. */
async function addProfile(zip: ZipWriter, db: Db, userId: string): Promise<void> {
  const user = await accountsWithProfiles(db)
    .select([...OWNER_COLUMNS, 'users.credits_balance', 'users.credits_expire_at', 'users.plan_code', 'users.last_sign_in_at'])
    .where('users.id', '=', userId)
    .executeTakeFirstOrThrow();
  await zip.add(
    'profile.json',
    json({
      account: {
        id: user.id,
        email: user.email,
        createdAt: iso(user.created_at),
        emailVerifiedAt: iso(user.email_verified_at),
        lastSignInAt: iso(user.last_sign_in_at),
        creditsBalance: user.credits_balance,
        creditsExpireAt: iso(user.credits_expire_at),
        planCode: user.plan_code,
      },
      profile: profileView(user),
      preferences: await getPreferences(db, userId),
    }),
    { compress: true },
  );
}

/** The seller's photos (uploads/) and cut-outs (cutouts/). */
async function addPhotos(zip: ZipWriter, db: Db, storage: Storage, userId: string): Promise<void> {
  const uploads = await db.selectFrom('uploads').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
  for (const u of uploads) await addFile(zip, storage, `uploads/${u.id}.${u.storage_key.split('.').pop()}`, u.storage_key);

  const cutouts = await db
    .selectFrom('cutouts')
    .select(['id', 'storage_key'])
    .where('user_id', '=', userId)
    .where('storage_key', 'is not', null)
    .execute();
  for (const c of cutouts) if (c.storage_key) await addFile(zip, storage, `cutouts/${c.id}.png`, c.storage_key);
}

/** generations.json, with each run's files under generations/<id>/. */
async function addGenerations(zip: ZipWriter, db: Db, storage: Storage, userId: string): Promise<void> {
  const generations = await db.selectFrom('generations').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
  const runs = [];
  for (const g of generations) {
    const files: string[] = [];
    for (const [i, o] of readOutputs(g.outputs).entries()) {
      const name = `generations/${g.id}/${i + 1}.${o.key.split('.').pop()}`;
      if (await addFile(zip, storage, name, o.key)) files.push(name);
    }
    runs.push({
      id: g.id,
      type: g.type,
      status: g.status,
      creditsUsed: g.credits_used,
      parameters: rowParams(g).parameters,
      uploadId: g.upload_id,
      errorMessage: g.error_message,
      createdAt: iso(g.created_at),
      completedAt: iso(g.completed_at),
      files,
    });
  }
  await zip.add('generations.json', json(runs), { compress: true });
}

/** credit-transactions.json and invoices/*.txt. */
async function addCreditsAndInvoices(zip: ZipWriter, db: Db, storage: Storage, userId: string): Promise<void> {
  const txs = await db
    .selectFrom('credit_transactions')
    .select([...TRANSACTION_VIEW_COLUMNS, 'provider', 'generation_id'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  await zip.add(
    'credit-transactions.json',
    json(
      txs.map((t) => ({
        ...transactionView(t),
        // The line as the seller's pages show it, in their language (issue 38 item 12).
        typeLabel: ledgerTypeLabel(t.type),
        label: ledgerText({ type: t.type, description: t.description, planCode: t.plan_code }),
        provider: t.provider,
        generationId: t.generation_id,
      })),
    ),
    { compress: true },
  );
  await addInvoices(zip, { db, storage }, userId, 'invoices/');
}

/**
 * Builds a claimed export (in a background worker, never a request), streaming the zip into
 * storage as it is written; offers it for 24 hours and tells the seller by e-mail.
 */
export async function prepareExport(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  exportId: string,
  owner: string,
  now = new Date(),
): Promise<boolean> {
  const { db, storage } = deps;
  const row = await db.selectFrom('data_exports').select(['user_id']).where('id', '=', exportId).executeTakeFirstOrThrow();
  const key = exportKey(row.user_id, exportId);
  const zip = new ZipWriter();
  const written = writeExportZip(deps, row.user_id, zip).catch((err: Error) => {
    zip.abort(err); // the upload fails too and leaves nothing behind
    throw err;
  });
  const [size] = await Promise.all([storage.putStream(key, zip.output, 'application/zip'), written]);
  const r = await db
    .updateTable('data_exports')
    .set({
      status: 'ready',
      storage_key: key,
      size_bytes: size,
      completed_at: now,
      expires_at: new Date(now.getTime() + EXPORT_TTL_MS),
      lease_owner: null,
      lease_expires_at: null,
    })
    .where('id', '=', exportId)
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  const ready = Number(r.numUpdatedRows) === 1;
  if (ready) {
    const user = await accountContact(db, row.user_id).executeTakeFirstOrThrow();
    const { site, base } = await emailContext(db, undefined, row.user_id);
    await enqueueEmail(db, {
      to: user.email,
      kind: 'export_ready',
      userId: row.user_id,
      message: exportReadyEmail(site, user.full_name, base + LINK_PATHS.settings()),
      dedupeKey: `export_ready:${exportId}`,
    });
  }
  return ready;
}

/** The zip of a ready, unexpired export, for its owner only (null for anyone else). */
export async function exportForDownload(db: Db, userId: string, exportId: string, now = new Date()): Promise<string | null> {
  const r = await db
    .selectFrom('data_exports')
    .select(['storage_key'])
    .where('id', '=', exportId)
    .where('user_id', '=', userId)
    .where('status', '=', 'ready')
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return r?.storage_key ?? null;
}

/** Removes zips past their 24 hours. */
export async function expireExports({ db, storage }: Pick<AppDeps, 'db' | 'storage'>, now = new Date()): Promise<number> {
  const due = await db
    .selectFrom('data_exports')
    .select(['id', 'storage_key'])
    .where('status', '=', 'ready')
    .where('expires_at', '<=', now)
    .limit(100)
    .execute();
  for (const d of due) {
    if (d.storage_key) await storage.delete(d.storage_key);
    await db.updateTable('data_exports').set({ status: 'expired', storage_key: null }).where('id', '=', d.id).execute();
  }
  return due.length;
}
