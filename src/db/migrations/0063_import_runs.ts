import type { Kysely } from 'kysely';
import type { Dialect } from '../connection.js';
import { primaryId } from './helpers.js';

/*
 * The history of imports: one row per CSV file imported for real (a dry run writes nothing, so
 * it leaves no trace): what it held, from which export, who imported it and what each of its
 * rows did. The per-row report is answered once, to whoever uploaded the file; only its totals
 * are kept.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('import_runs')
    .addColumn('id', 'integer', primaryId(dialect))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('preset', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_id', 'integer')
    .addColumn('rows', 'integer', (c) => c.notNull())
    .addColumn('created', 'integer', (c) => c.notNull())
    .addColumn('updated', 'integer', (c) => c.notNull())
    .addColumn('unchanged', 'integer', (c) => c.notNull())
    .addColumn('refused', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('import_runs_created').on('import_runs').columns(['created_at', 'id']).execute();
}
