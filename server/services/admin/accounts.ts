import type { Db } from '../../db';
import { AppError } from '../../errors';
import { M } from '../../../shared/messages';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../auth/passwords';
import { randomToken } from '../../auth/tokens';
import type { TPublicAdmin } from '../../../shared/schemas/admin-outputs';

/** The admin session object of docs/product.md §3, as the client sees it. */
export type PublicAdmin = TPublicAdmin;

export async function getPublicAdmin(db: Db, adminId: string): Promise<PublicAdmin | null> {
  const a = await db.selectFrom('admin_users').selectAll().where('id', '=', adminId).executeTakeFirst();
  if (!a || !a.is_active) return null;
  return {
    id: a.id,
    email: a.email,
    fullName: a.full_name,
    isActive: a.is_active,
    lastLogin: a.last_login ? new Date(a.last_login).toISOString() : null,
    createdAt: new Date(a.created_at).toISOString(),
  };
}

export async function checkAdminCredentials(db: Db, email: string, password: string): Promise<string> {
  const admin = await db.selectFrom('admin_users').selectAll().where('email', '=', email).executeTakeFirst();
  const ok = await verifyPassword(admin?.password_hash ?? (await dummyPasswordHash()), password);
  if (!admin || !ok || !admin.is_active) throw new AppError('INVALID_CREDENTIALS', M.admin.loginFailed);
  await db.updateTable('admin_users').set({ last_login: new Date() }).where('id', '=', admin.id).execute();
  return admin.id;
}

/**
 * docs/decisions.md D11: the first admin comes from ADMIN_EMAIL / ADMIN_PASSWORD; with neither set and no admin
 * yet, a random password is generated once and printed to the server log.
 */
export async function ensureFirstAdmin(db: Db, opts: { email?: string; password?: string; log: (line: string) => void }): Promise<void> {
  if (opts.email && opts.password) {
    const email = opts.email.trim().toLowerCase();
    const existing = await db.selectFrom('admin_users').select('id').where('email', '=', email).executeTakeFirst();
    if (!existing) {
      // Another process starting at the same moment may have made it first: then nothing is said.
      const made = await db
        .insertInto('admin_users')
        .values({ email, password_hash: await hashPassword(opts.password), full_name: M.admin.defaultAdminName })
        .onConflict((oc) => oc.column('email').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (made) opts.log(`Admin hesabı oluşturuldu: ${email}`);
    }
    return;
  }
  if (opts.email || opts.password) {
    opts.log('Uyarı: ADMIN_EMAIL ve ADMIN_PASSWORD birlikte verilmeli; biri eksik olduğu için yok sayıldı.');
  }
  const any = await db.selectFrom('admin_users').select('id').limit(1).executeTakeFirst();
  if (any) return;
  const email = 'admin@vitrin.local';
  const password = randomToken();
  const made = await db
    .insertInto('admin_users')
    .values({ email, password_hash: await hashPassword(password), full_name: M.admin.defaultAdminName })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!made) return;
  opts.log(`İlk admin hesabı oluşturuldu. E-posta: ${email}  Şifre: ${password}  (bu şifre yalnızca bir kez gösterilir)`);
}
