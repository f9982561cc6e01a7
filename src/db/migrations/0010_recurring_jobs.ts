import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  void dialect;
  // At most one queued job per key, enforced by the database: recurring jobs (a daily run that
  // enqueues its successor) are ensured by every worker, concurrently on PostgreSQL, and a
  // check-then-insert would let two workers both add one. Older duplicates, should any exist,
  // keep their run but lose the key.
  await sql`
    update jobs set key = null
    where status = 'queued' and key is not null
      and id not in (select min(id) from jobs where status = 'queued' and key is not null group by key)
  `.execute(db);
  await db.schema
    .createIndex('jobs_key_queued_unique')
    .on('jobs')
    .column('key')
    .unique()
    .where(sql.ref('status'), '=', 'queued')
    .execute();
}
