import type { Kysely } from 'kysely';
import type { Dialect } from '../connection.js';
import { SecretBox } from '../../lib/secrets.js';

/*
 * The checkout provider's webhook signing secret became one of the settings' secrets: whoever
 * reads it can sign payment events the service believes (a deposit marked paid). New values are
 * sealed when saved; the value saved before, in clear, is sealed here with SECRETS_KEY, so
 * database dumps and backups no longer carry it. Without a key secrets are stored as given, so
 * there is nothing to do (it is sealed the next time it is saved with a key).
 */
export async function up(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
  db: Kysely<any>,
  _dialect: Dialect,
  secrets: SecretBox,
): Promise<void> {
  if (!secrets.encrypts) return;
  const row = await db.selectFrom('settings').select('checkout_webhook_secret').where('id', '=', 1).executeTakeFirst();
  const stored = String(row?.checkout_webhook_secret ?? '');
  if (stored === '' || SecretBox.isSealed(stored)) return;
  await db
    .updateTable('settings')
    .set({ checkout_webhook_secret: secrets.seal(stored) })
    .where('id', '=', 1)
    .execute();
}
