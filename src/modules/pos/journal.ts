import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Dialect } from '../../db/connection.js';
import { lockRows } from '../../db/locks.js';
import type { JournalKind } from '../../db/tables/pos.js';
import type { DB } from '../../db/types.js';
import { todayIn } from '../../lib/time.js';
import { readTimezone } from '../settings/service.js';

/*
 * Appending to the till journal (migration 0055). An entry is written in the transaction of
 * what it records, after everything else that transaction locks: the journal's head row is
 * the one lock every sale, refund and void shares, so it is held for as short a time as
 * possible, and always last (no other lock is taken while it is held, hence no deadlock).
 *
 * The hash of an entry is SHA-256 over its canonical form: the JSON of its recorded fields
 * (the previous entry's hash among them) with keys in a fixed order. The body (the entry's
 * details) is kept as the exact text that was hashed, so verifying never depends on how a
 * JSON value would be re-serialised.
 */

export const GENESIS_HASH = '0'.repeat(64);

/** What a caller records; the journal adds the number, the instant and the hashes. */
export interface JournalEntryInput {
  kind: JournalKind;
  orderId: number | null;
  refundId?: number | null;
  clientId: number | null;
  staffId: number | null;
  /** cents, signed: into the till positive, out negative */
  amount: number;
  paymentMethod: string | null;
  /** details: lines, totals, reason. Ids and amounts only, never personal data. */
  body: Record<string, unknown>;
}

/** The stored fields an entry's hash covers. */
export interface HashedFields {
  year: number;
  number: number;
  kind: string;
  order_id: number | null;
  refund_id: number | null;
  client_id: number | null;
  staff_id: number | null;
  amount: number;
  payment_method: string | null;
  body: string;
  created_at: string;
  prev_hash: string;
}

/** JSON with every object's keys sorted: the same value always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

export function entryHash(fields: HashedFields): string {
  // Numbers as read back from either engine (PostgreSQL may answer integers as text).
  const canonical = canonicalJson({
    year: Number(fields.year),
    number: Number(fields.number),
    kind: fields.kind,
    order_id: fields.order_id === null ? null : Number(fields.order_id),
    refund_id: fields.refund_id === null ? null : Number(fields.refund_id),
    client_id: fields.client_id === null ? null : Number(fields.client_id),
    staff_id: fields.staff_id === null ? null : Number(fields.staff_id),
    amount: Number(fields.amount),
    payment_method: fields.payment_method,
    body: fields.body,
    created_at: fields.created_at,
    prev_hash: fields.prev_hash,
  });
  return createHash('sha256').update(canonical).digest('hex');
}

/** `2026-000042`: the year and the gap-free number of the entry. */
export function receiptNumber(year: number, number: number): string {
  return `${year}-${String(number).padStart(6, '0')}`;
}

export interface AppendedEntry {
  id: number;
  year: number;
  number: number;
  receiptNumber: string;
  createdAt: string;
}

/** Appends one entry; call it last in the transaction of what it records. */
export async function appendJournal(
  trx: Transaction<DB>,
  dialect: Dialect,
  input: JournalEntryInput,
): Promise<AppendedEntry> {
  const timezone = await readTimezone(trx);
  const head = await lockRows(
    trx.selectFrom('pos_journal_head').select(['year', 'number', 'hash']).where('id', '=', 1),
    dialect,
  ).executeTakeFirstOrThrow();
  // The instant is taken under the lock, so numbers and instants rise together.
  const now = new Date();
  const headYear = Number(head.year);
  const year = Math.max(Number(todayIn(timezone, now).slice(0, 4)), headYear);
  const number = year === headYear ? Number(head.number) + 1 : 1;
  const fields: HashedFields = {
    year,
    number,
    kind: input.kind,
    order_id: input.orderId,
    refund_id: input.refundId ?? null,
    client_id: input.clientId,
    staff_id: input.staffId,
    amount: input.amount,
    payment_method: input.paymentMethod,
    body: canonicalJson(input.body),
    created_at: now.toISOString(),
    prev_hash: head.hash,
  };
  const hash = entryHash(fields);
  const { id } = await trx
    .insertInto('pos_journal')
    .values({ ...fields, kind: input.kind, hash })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.updateTable('pos_journal_head').set({ year, number, hash, last_id: id }).where('id', '=', 1).execute();
  return { id, year, number, receiptNumber: receiptNumber(year, number), createdAt: fields.created_at };
}

/** A sale entry's details: the order's lines and totals as stored (cents, VAT in hundredths of a percent). */
export async function appendSale(trx: Transaction<DB>, dialect: Dialect, orderId: number): Promise<AppendedEntry> {
  const order = await trx
    .selectFrom('pos_orders')
    .select([
      'id',
      'client_id',
      'staff_id',
      'payment_method',
      'subtotal',
      'discount_amount',
      'loyalty_amount',
      'total',
      'gift_card_amount',
      'gift_cards_sold',
      'amount_due',
      'deposit_amount',
      'cash_amount',
      'vat_total',
      'created_at',
    ])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const lines = await trx
    .selectFrom('pos_order_items')
    .select([
      'id',
      'item_type',
      'item_id',
      'name',
      'quantity',
      'price',
      'line_total',
      'vat_rate',
      'vat_amount',
      'discount_amount',
      'loyalty_amount',
    ])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  return appendJournal(trx, dialect, {
    kind: 'sale',
    orderId,
    clientId: order.client_id,
    staffId: order.staff_id,
    amount: Number(order.amount_due),
    paymentMethod: order.payment_method,
    body: {
      ordered_at: order.created_at,
      lines: lines.map((line) => ({ ...line })),
      totals: {
        subtotal: order.subtotal,
        discount_amount: order.discount_amount,
        loyalty_amount: order.loyalty_amount,
        total: order.total,
        gift_card_amount: order.gift_card_amount,
        gift_cards_sold: order.gift_cards_sold,
        amount_due: order.amount_due,
        // Only a booking's checkout has one: every other entry keeps the form it always had.
        ...(order.deposit_amount > 0 ? { deposit_amount: order.deposit_amount } : {}),
        // A split payment's cash part, likewise only when there is one: entries written before
        // it existed, and every order without one, keep their exact text and hash.
        ...(order.cash_amount > 0 ? { cash_amount: order.cash_amount } : {}),
        vat_total: order.vat_total,
      },
    },
  });
}
