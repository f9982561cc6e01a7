import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { promisify } from 'node:util';
import pg from 'pg';
import { createTestDatabase, DIALECTS, TEST_PG_URL } from '../../test/helpers/database.js';
import { removeTempDirs, tempDir } from '../../test/helpers/data-dir.js';
import { insertBooking, insertClient, insertService, insertUser } from '../../test/helpers/factories.js';
import { connect } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';
import { TokenSigner } from '../lib/jwt.js';

/*
 * The PostgreSQL backup path of docs/operations.md ("Backups"), run as written there: pg_dump
 * in the custom format, then pg_restore into a new, empty database, which the service then
 * uses as it is (its migrations find nothing to do, its sequences go on where they were).
 */

const run = promisify(execFile);

function skipReason(): false | string {
  if (!DIALECTS.includes('postgres')) return 'PostgreSQL dump and restore: DIALECTS has no postgres';
  for (const tool of ['pg_dump', 'pg_restore']) {
    if (spawnSync(tool, ['--version']).error) {
      const reason = `PostgreSQL dump and restore skipped: no ${tool} on PATH (apt-get install postgresql-client)`;
      console.warn(`\n*** ${reason} ***\n`);
      return reason;
    }
  }
  return false;
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_PG_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

describe('PostgreSQL: pg_dump and pg_restore [postgres]', { skip: skipReason() }, () => {
  after(removeTempDirs);

  it('a dump of a migrated database with data restores into a fresh database the service uses as it is', async () => {
    const source = await createTestDatabase('postgres');
    const restoredName = `salon_restore_${process.pid}_${randomBytes(4).toString('hex')}`;
    const restoredUrl = Object.assign(new URL(TEST_PG_URL), { pathname: `/${restoredName}` }).toString();
    try {
      const { db } = source.database;
      const staff = await insertUser({ db, signer: new TokenSigner('x'.repeat(32)) }, { name: 'Dumped Stylist' });
      const client = await insertClient(db, { name: 'Dumped Client' });
      const service = await insertService(db, { name: 'Dumped Cut' });
      const booking = await insertBooking(db, {
        client_id: client.id,
        staff_id: staff.id,
        service_id: service.id,
        start_at: '2027-05-04 10:00:00',
        end_at: '2027-05-04 11:00:00',
        status: 'scheduled',
        price: 4500,
      });

      const dump = join(tempDir('salon-pgdump-'), 'salon.dump');
      await run('pg_dump', ['--format=custom', `--file=${dump}`, source.url!]);
      await admin((c) => c.query(`create database "${restoredName}"`));
      await run('pg_restore', [
        '--no-owner',
        '--exit-on-error',
        '--single-transaction',
        `--dbname=${restoredUrl}`,
        dump,
      ]);

      const restored = connect({ databaseUrl: restoredUrl, poolSize: 1 });
      try {
        await migrateToLatest(restored.db, 'postgres');
        const row = await restored.db
          .selectFrom('bookings as b')
          .innerJoin('clients as c', 'c.id', 'b.client_id')
          .innerJoin('services as s', 's.id', 'b.service_id')
          .innerJoin('users as u', 'u.id', 'b.staff_id')
          .select(['b.id', 'b.start_at', 'c.name as client', 's.name as service', 'u.name as staff'])
          .where('b.id', '=', booking)
          .executeTakeFirst();
        assert.deepEqual(row, {
          id: booking,
          start_at: '2027-05-04 10:00:00',
          client: 'Dumped Client',
          service: 'Dumped Cut',
          staff: 'Dumped Stylist',
        });
        const added = await insertClient(restored.db, { name: 'After Restore' });
        assert.ok(added.id > client.id, 'the id sequence goes on after the restored rows');
      } finally {
        await restored.destroy();
      }
    } finally {
      await admin((c) => c.query(`drop database if exists "${restoredName}" with (force)`));
      await source.drop();
    }
  });
});
