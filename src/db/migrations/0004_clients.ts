import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.js';
import { primaryId } from './helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = primaryId(dialect);

  await db.schema
    .createTable('clients')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'text', (c) => c.notNull())
    // Lower-cased; NULL when the client has none. Unique when present (index below).
    .addColumn('email', 'text')
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('birthday', 'text') // YYYY-MM-DD
    .addColumn('gender', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('marketing_consent', 'integer', (c) => c.notNull().defaultTo(0))
    // For the online booking page's client login (password, magic link).
    .addColumn('password_hash', 'text')
    // Set when the client's personal data was erased (GDPR); the row stays for the books.
    .addColumn('erased_at', 'text')
    // Set on the duplicate when it was merged into another client.
    .addColumn('merged_into_id', 'integer', (c) => c.references('clients.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('clients_email_unique')
    .on('clients')
    .column('email')
    .unique()
    .where(sql.ref('email'), 'is not', null)
    .execute();
  // Lists are ordered by lower(name), id: the same on both engines whatever the collation.
  await db.schema
    .createIndex('clients_name')
    .on('clients')
    .expression(sql`lower(name), id`)
    .execute();
  await db.schema.createIndex('clients_phone').on('clients').column('phone').execute();

  await db.schema
    .createTable('client_labels')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'text', (c) => c.notNull())
    // Lower-cased name: label names are unique whatever their case.
    .addColumn('name_key', 'text', (c) => c.notNull().unique())
    .addColumn('color', 'text', (c) => c.notNull().defaultTo('#6e56cf'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('client_label_assignments')
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('label_id', 'integer', (c) => c.notNull().references('client_labels.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('client_label_assignments_pk', ['client_id', 'label_id'])
    .execute();
  await db.schema
    .createIndex('client_label_assignments_label')
    .on('client_label_assignments')
    .columns(['label_id', 'client_id'])
    .execute();
}
