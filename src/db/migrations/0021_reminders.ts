import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.js';
import { primaryId } from './helpers.js';

/*
 * Appointment reminders: per channel on/off and how many hours before the start (a JSON array
 * of whole hours, several allowed), and the ledger of reminders sent. The ledger row is written
 * in the same transaction as the outbox row, and its unique key (booking, channel, offset, the
 * start it was for) is what makes a reminder go out once however often its job runs.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const settingsColumns: Array<[string, 'text' | 'integer', string | number]> = [
    ['reminder_email_enabled', 'integer', 1],
    ['reminder_email_hours', 'text', '[24]'],
    ['reminder_sms_enabled', 'integer', 0],
    ['reminder_sms_hours', 'text', '[2]'],
  ];
  for (const [name, type, fallback] of settingsColumns) {
    await db.schema
      .alterTable('settings')
      .addColumn(name, type, (c) => c.notNull().defaultTo(fallback))
      .execute();
  }

  await db.schema
    .createTable('booking_reminders')
    .addColumn('id', 'integer', primaryId(dialect))
    .addColumn('booking_id', 'integer', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('email', 'sms')`))
    .addColumn('hours', 'integer', (c) => c.notNull())
    // The booking's start (salon wall clock) the reminder announced: a moved booking is reminded
    // again of its new time.
    .addColumn('start_at', 'text', (c) => c.notNull())
    // The outbox row (emails.id or sms_messages.id, by channel).
    .addColumn('message_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('booking_reminders_once', ['booking_id', 'channel', 'hours', 'start_at'])
    .execute();
}
