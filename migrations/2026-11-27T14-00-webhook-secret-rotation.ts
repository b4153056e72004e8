import type { Kysely } from 'kysely';

/**
 * The webhook signing secret can be rotated (issue 34 item 8): the secret it replaced stays valid
 * (deliveries are signed with both) until `previous_secret_until`, 24 hours after the rotation.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('api_webhooks').addColumn('previous_secret', 'text').execute();
  await db.schema.alterTable('api_webhooks').addColumn('previous_secret_until', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('api_webhooks').dropColumn('previous_secret_until').execute();
  await db.schema.alterTable('api_webhooks').dropColumn('previous_secret').execute();
}
