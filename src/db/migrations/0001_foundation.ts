import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.js';
import { primaryId } from './helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = primaryId(dialect);
  const now = new Date().toISOString();

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) =>
      c
        .notNull()
        .defaultTo('staff')
        .check(sql`role in ('admin', 'staff')`),
    )
    .addColumn('require_password_change', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('rotated_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('refresh_tokens_user_id').on('refresh_tokens').column('user_id').execute();
  await db.schema.createIndex('refresh_tokens_family_id').on('refresh_tokens').column('family_id').execute();
  await db.schema.createIndex('refresh_tokens_expires_at').on('refresh_tokens').column('expires_at').execute();

  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('password_reset_tokens_user_id')
    .on('password_reset_tokens')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('password_reset_tokens_expires_at')
    .on('password_reset_tokens')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('device_tokens')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('platform', 'text', (c) => c.notNull().check(sql`platform in ('ios', 'android', 'web')`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('device_tokens_user_id').on('device_tokens').column('user_id').execute();

  await db.schema
    .createTable('settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('salon_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('salon_email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('salon_phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('salon_address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('timezone', 'text', (c) => c.notNull().defaultTo('Europe/Amsterdam'))
    .addColumn('smtp_host', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('smtp_port', 'integer')
    .addColumn('smtp_user', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('smtp_pass', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('smtp_secure', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('smtp_from', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('setup_completed_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.insertInto('settings').values({ id: 1, updated_at: now }).execute();

  await db.schema
    .createTable('opening_hours')
    .addColumn('day_of_week', 'integer', (c) => c.primaryKey().check(sql`day_of_week between 0 and 6`))
    .addColumn('open_time', 'text')
    .addColumn('close_time', 'text')
    .addColumn('is_closed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('queued', 'running', 'done', 'failed', 'dead')`),
    )
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  // The claim query: due queued jobs in run_at order, and running jobs whose lease expired.
  await db.schema.createIndex('jobs_status_run_at').on('jobs').columns(['status', 'run_at']).execute();
  await db.schema.createIndex('jobs_status_locked_until').on('jobs').columns(['status', 'locked_until']).execute();
  await db.schema.createIndex('jobs_name').on('jobs').columns(['name', 'id']).execute();
  await db.schema.createIndex('jobs_status_finished_at').on('jobs').columns(['status', 'finished_at']).execute();

  await db.schema
    .createTable('emails')
    .addColumn('id', 'integer', id)
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('data', 'text')
    .addColumn('sensitive', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('queued', 'sent', 'failed', 'unsent')`))
    .addColumn('error', 'text')
    .addColumn('message_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('emails_recipient').on('emails').columns(['recipient', 'id']).execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_reset_at').on('rate_limits').column('reset_at').execute();
}
