import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { fromCents } from '../../lib/money.js';
import { paginate, type Page } from '../../http/pagination.js';
import { readTimezone } from '../settings/service.js';
import { periodBounds } from './journal-audit.js';
import { GENESIS_HASH, receiptNumber } from './journal.js';

/*
 * The till journal of a period, one page at a time, for the owner's screen: a busy month holds
 * tens of thousands of entries, which the CSV export hands to an auditor whole but a screen
 * must never download to show fifty. Each entry carries whether it names the entry before it
 * in the whole journal (not merely the row above it on the page): the one entry before a page
 * is read once for the page's first row.
 */

export interface JournalEntryOut {
  id: number;
  receipt_number: string;
  year: number;
  number: number;
  kind: string;
  /** As stored and hashed: UTC, ISO 8601. */
  created_at: string;
  order_id: number | null;
  refund_id: number | null;
  client_id: number | null;
  staff_id: number | null;
  /** Currency units, signed (a refund is negative). */
  amount: number;
  payment_method: string | null;
  prev_hash: string;
  hash: string;
  /** Its prev_hash is the hash of the entry before it in the journal (the genesis hash for the first). */
  links_to_previous: boolean;
}

const orNull = (value: number | string | bigint | null) => (value === null ? null : Number(value));

export async function journalEntriesPage(
  db: Kysely<DB>,
  query: { from?: string; to?: string; page?: number; limit?: number },
): Promise<Page<JournalEntryOut>> {
  const { lower, upper } = periodBounds(query, await readTimezone(db));
  let entries = db.selectFrom('pos_journal');
  if (lower !== null) entries = entries.where('created_at', '>=', lower);
  if (upper !== null) entries = entries.where('created_at', '<', upper);
  const count = async () =>
    Number((await entries.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  // Always a page, the first when none is asked for: the screen never wants the period whole.
  const result = await paginate(
    entries.selectAll().orderBy('id'),
    count,
    { page: query.page ?? 1, limit: query.limit },
    (row) => row,
  );
  if (Array.isArray(result)) throw new Error('a page was asked for');
  const rows = result.data;
  let previous = GENESIS_HASH;
  if (rows.length > 0) {
    const before = await db
      .selectFrom('pos_journal')
      .select('hash')
      .where('id', '<', rows[0]!.id)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (before) previous = before.hash;
  }
  const data = rows.map((row): JournalEntryOut => {
    const year = Number(row.year);
    const number = Number(row.number);
    const entry: JournalEntryOut = {
      id: Number(row.id),
      receipt_number: receiptNumber(year, number),
      year,
      number,
      kind: row.kind,
      created_at: row.created_at,
      order_id: orNull(row.order_id),
      refund_id: orNull(row.refund_id),
      client_id: orNull(row.client_id),
      staff_id: orNull(row.staff_id),
      amount: fromCents(Number(row.amount)),
      payment_method: row.payment_method,
      prev_hash: row.prev_hash,
      hash: row.hash,
      links_to_previous: row.prev_hash === previous,
    };
    previous = row.hash;
    return entry;
  });
  return { ...result, data };
}
