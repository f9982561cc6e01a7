import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/types.js';
import type { Executor } from '../../db/executor.js';
import { conflict } from '../../lib/errors.js';
import { fromCents } from '../../lib/money.js';
import { formatInstant, nowIso } from '../../lib/time.js';
import { endWebSessionsOf } from '../auth/service.js';
import { readTimezone } from '../settings/service.js';
import { eraseClientFromWebhooks, recordWebhookEvent } from '../webhooks/service.js';
import { findClient, readClient, WITHOUT_PERSONAL_DATA, type ClientRow } from './record.js';
import { readClientSection, type ClientSectionKey } from './export-sections.js';
import { labelsOf } from './labels.js';

/*
 * GDPR: the right of access (export) and the right to erasure (anonymise). Each is a
 * registry, so that a module adding data about clients (bookings, orders, reviews …) adds
 * one entry here and both rights keep covering everything held.
 */

/** One section of the export: the key it appears under and how to collect it. */
interface Exporter {
  key: string;
  collect(executor: Executor, client: ClientRow, timezone: string): Promise<unknown>;
}

function registeredSection(key: ClientSectionKey): Exporter['collect'] {
  return (executor, client, timezone) => readClientSection(key)(executor, client.id, timezone);
}

export const EXPORTERS: readonly Exporter[] = [
  {
    key: 'client',
    collect: async (executor, client, timezone) => ({
      ...(await readClient(executor, client.id, timezone)),
      // The hash itself is a credential, not personal data worth handing out.
      has_password: client.password_hash === null ? 0 : 1,
    }),
  },
  { key: 'labels', collect: (executor, client) => labelsOf(executor, client.id) },
  { key: 'bookings', collect: registeredSection('bookings') },
  { key: 'waitlist', collect: registeredSection('waitlist') },
  { key: 'orders', collect: (executor, client, timezone) => ordersOfClient(executor, client.id, timezone) },
  {
    key: 'loyalty_points',
    collect: async (executor, client, timezone) =>
      (
        await executor
          .selectFrom('loyalty_ledger')
          .select(['id', 'points', 'reason', 'order_id', 'note', 'created_at'])
          .where('client_id', '=', client.id)
          .orderBy('id')
          .execute()
      ).map((row) => ({ ...row, created_at: formatInstant(row.created_at, timezone) })),
  },
  {
    key: 'gift_cards',
    collect: async (executor, client, timezone) =>
      (
        await executor
          .selectFrom('gift_cards')
          .select(['id', 'initial_value', 'balance', 'expires_on', 'recipient_name', 'recipient_email', 'created_at'])
          .where('client_id', '=', client.id)
          .orderBy('id')
          .execute()
      ).map((row) => ({
        ...row,
        initial_value: fromCents(row.initial_value),
        balance: fromCents(row.balance),
        created_at: formatInstant(row.created_at, timezone),
      })),
  },
  {
    key: 'packages',
    collect: async (executor, client, timezone) =>
      (
        await executor
          .selectFrom('client_packages')
          .select(['id', 'name', 'order_id', 'created_at'])
          .where('client_id', '=', client.id)
          .orderBy('id')
          .execute()
      ).map((row) => ({ ...row, created_at: formatInstant(row.created_at, timezone) })),
  },
  {
    key: 'reviews',
    collect: async (executor, client, timezone) =>
      (
        await executor
          .selectFrom('reviews')
          .select(['id', 'booking_id', 'rating', 'comment', 'created_at'])
          .where('client_id', '=', client.id)
          .orderBy('id')
          .execute()
      ).map((row) => ({ ...row, created_at: formatInstant(row.created_at, timezone) })),
  },
  {
    key: 'marketing',
    collect: async (executor, client, timezone) => {
      const unsubscribed = await executor
        .selectFrom('client_unsubscribes')
        .select('created_at')
        .where('client_id', '=', client.id)
        .executeTakeFirst();
      return { unsubscribed_at: unsubscribed ? formatInstant(unsubscribed.created_at, timezone) : null };
    },
  },
];

/** The client's POS orders with their lines: two queries whatever the number of orders. */
async function ordersOfClient(executor: Executor, clientId: number, timezone: string) {
  const orders = await executor
    .selectFrom('pos_orders')
    .select(['id', 'total', 'payment_method', 'payment_status', 'created_at'])
    .where('client_id', '=', clientId)
    .orderBy('id')
    .execute();
  if (orders.length === 0) return [];
  const lines = await executor
    .selectFrom('pos_order_items')
    .select(['order_id', 'item_type', 'name', 'quantity', 'price', 'line_total'])
    .where(
      'order_id',
      'in',
      orders.map((order) => order.id),
    )
    .orderBy('id')
    .execute();
  return orders.map((order) => ({
    ...order,
    total: fromCents(order.total),
    created_at: formatInstant(order.created_at, timezone),
    items: lines
      .filter((line) => line.order_id === order.id)
      .map(({ order_id: _orderId, ...line }) => ({
        ...line,
        price: fromCents(line.price),
        line_total: fromCents(line.line_total),
      })),
  }));
}

/** Everything held about the client, one key per exporter, read in one snapshot. */
export async function exportClient(ctx: AppContext, id: number): Promise<Record<string, unknown>> {
  return ctx.db.transaction().execute(async (trx) => {
    const timezone = await readTimezone(trx);
    const client = await findClient(trx, id);
    const out: Record<string, unknown> = { exported_at: formatInstant(nowIso(), timezone) };
    for (const exporter of EXPORTERS) out[exporter.key] = await exporter.collect(trx, client, timezone);
    return out;
  });
}

/** Removes or blanks one kind of personal data about the client. */
type Eraser = (trx: Transaction<DB>, clientId: number) => Promise<void>;

/**
 * What erasing removes besides the client row's own fields. Financial records (orders,
 * payments) are kept with their reference to the anonymised row, as the books require;
 * free text about the person in them belongs here (e.g. booking notes).
 */
export const ERASERS: ReadonlyArray<{ name: string; erase: Eraser }> = [
  {
    name: 'client_label_assignments',
    erase: async (trx, clientId) => {
      await trx.deleteFrom('client_label_assignments').where('client_id', '=', clientId).execute();
    },
  },
  {
    // The appointments stay (they are the salon's records); what was written about the person goes.
    name: 'bookings.notes',
    erase: async (trx, clientId) => {
      await trx
        .updateTable('bookings')
        .set({ notes: '', internal_notes: '' })
        .where('client_id', '=', clientId)
        .execute();
    },
  },
  {
    // Orders stay for the books; a note typed at the till about the person goes.
    name: 'pos_orders.notes',
    erase: async (trx, clientId) => {
      await trx.updateTable('pos_orders').set({ notes: '' }).where('client_id', '=', clientId).execute();
    },
  },
  {
    // A gift card bought stays (its balance is money owed); who it was for goes.
    name: 'gift_cards.recipient',
    erase: async (trx, clientId) => {
      await trx
        .updateTable('gift_cards')
        .set({ recipient_name: '', recipient_email: null, message: '' })
        .where('client_id', '=', clientId)
        .execute();
    },
  },
  {
    // The rating feeds staff performance; the words the client wrote go.
    name: 'reviews.comment',
    erase: async (trx, clientId) => {
      await trx.updateTable('reviews').set({ comment: '' }).where('client_id', '=', clientId).execute();
    },
  },
  {
    name: 'payments.client_email',
    erase: async (trx, clientId) => {
      const orders = trx.selectFrom('pos_orders').select('id').where('client_id', '=', clientId);
      const bookings = trx.selectFrom('bookings').select('id').where('client_id', '=', clientId);
      await trx
        .updateTable('payments')
        .set({ client_email: null })
        .where((eb) =>
          eb.or([
            eb.and([eb('purpose', '=', 'pos_order'), eb('reference_id', 'in', orders)]),
            eb.and([eb('purpose', 'in', ['noshow_fee', 'deposit']), eb('reference_id', 'in', bookings)]),
          ]),
        )
        .execute();
    },
  },
  {
    // The record of a send stays (counts add up); the address it went to goes.
    name: 'campaign_recipients.email',
    erase: async (trx, clientId) => {
      await trx.updateTable('campaign_recipients').set({ email: '' }).where('client_id', '=', clientId).execute();
    },
  },
  {
    name: 'web_sessions',
    erase: async (trx, clientId) => {
      await endWebSessionsOf(trx, 'client', clientId);
    },
  },
  {
    name: 'client_magic_tokens',
    erase: async (trx, clientId) => {
      await trx.deleteFrom('client_magic_tokens').where('client_id', '=', clientId).execute();
    },
  },
  {
    // Wishes, not records: the entries go (a booking made from one keeps itself, waitlist_id null).
    name: 'waitlist_entries',
    erase: async (trx, clientId) => {
      await trx.deleteFrom('waitlist_entries').where('client_id', '=', clientId).execute();
    },
  },
  {
    // The bodies of webhook events kept about the person, pending deliveries included.
    name: 'webhook_events',
    erase: eraseClientFromWebhooks,
  },
];

/**
 * Anonymises the client: personal fields blanked, labels removed, `erased_at` set. The row
 * stays so that bookings and orders keep a client to point at. Erasing twice is 409.
 */
export async function eraseClient(ctx: AppContext, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const client = await findClient(trx, id, ctx.dialect);
    if (client.erased_at !== null) throw conflict('already_erased', "This client's personal data was already erased");
    const now = nowIso();
    await trx
      .updateTable('clients')
      .set({
        ...WITHOUT_PERSONAL_DATA,
        name: `Erased client #${id}`,
        erased_at: now,
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
    for (const eraser of ERASERS) await eraser.erase(trx, id);
    await recordWebhookEvent(trx, 'client.erased', id);
  });
}
