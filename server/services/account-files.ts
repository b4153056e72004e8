import type { Db } from '../db';
import type { Storage } from '../providers/storage';

/** The storage folders that hold a user's files, each as `<folder>/<userId>/…`. */
const USER_FOLDERS = ['uploads', 'cutouts', 'generations', 'exports', 'invoices'] as const;

/** Removes every folder of a user (their files and the folders themselves). */
export async function deleteUserFolders(storage: Storage, userId: string): Promise<void> {
  for (const folder of USER_FOLDERS) await storage.deleteAll(`${folder}/${userId}`);
}

/**
 * After a write refused because its row could not be made (the upload or the account went
 * meanwhile): when the account is erased, its folders go again, so a request that raced the
 * deletion leaves no file and no empty folder behind (issue 33 item 14).
 */
export async function sweepIfErased(deps: { db: Db; storage: Storage }, userId: string): Promise<void> {
  const user = await deps.db.selectFrom('users').select('deleted_at').where('id', '=', userId).executeTakeFirst();
  if (!user || user.deleted_at) await deleteUserFolders(deps.storage, userId);
}
