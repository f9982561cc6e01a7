import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.js';

/*
 * A package's validity: `packages.valid_days` (null: its credits never expire), and on each
 * package a client bought, `client_packages.expires_on` (a date in the salon's time zone: the
 * day of purchase plus the package's valid_days then; null: never). The date is fixed at the
 * sale, so changing a package's validity later changes only later sales, as its services do.
 * Packages sold before keep null: they were sold without a limit.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('packages')
    .addColumn('valid_days', 'integer', (c) => c.check(sql`valid_days is null or valid_days > 0`))
    .execute();
  await db.schema.alterTable('client_packages').addColumn('expires_on', 'text').execute();
}
