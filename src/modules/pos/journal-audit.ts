import type { Kysely } from 'kysely';
import { DateTime } from 'luxon';
import type { DB } from '../../db/types.js';
import { badRequest } from '../../lib/errors.js';
import { fromCents } from '../../lib/money.js';
import { isValidDate } from '../../lib/time.js';
import { readTimezone } from '../settings/service.js';
import { entryHash, GENESIS_HASH, receiptNumber } from './journal.js';

/*
 * Checking the till journal and exporting it for an auditor. Verification walks every entry
 * in id order (in pages, so a journal of millions of entries never sits in memory) and checks
 * three things of each: its number follows the previous one (the next in the same year, or 1
 * in a later year), its prev_hash is the previous entry's hash, and its hash is that of its own
 * content. Then the head row (migration 0055) must name the last entry, which catches entries
 * removed from the end. The first entry that fails is named; nothing after it is trusted.
 */

const PAGE = 5000;

export interface BrokenEntry {
  id: number;
  year: number;
  number: number;
  receipt_number: string;
  problem: string;
}

export interface JournalVerification {
  ok: boolean;
  /** entries checked (up to and including the first broken one) */
  entries: number;
  last_receipt_number: string | null;
  first_broken: BrokenEntry | null;
  took_ms: number;
}

export async function verifyJournal(db: Kysely<DB>): Promise<JournalVerification> {
  const started = performance.now();
  let prev: { id: number; year: number; number: number; hash: string } | null = null;
  let entries = 0;
  const done = (broken: BrokenEntry | null): JournalVerification => ({
    ok: broken === null,
    entries,
    last_receipt_number: prev === null ? null : receiptNumber(prev.year, prev.number),
    first_broken: broken,
    took_ms: Math.round(performance.now() - started),
  });
  for (;;) {
    const after: number = prev?.id ?? 0;
    const rows = await db
      .selectFrom('pos_journal')
      .selectAll()
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    for (const row of rows) {
      entries += 1;
      const id = Number(row.id);
      const year = Number(row.year);
      const number = Number(row.number);
      const broken = (problem: string): BrokenEntry => ({
        id,
        year,
        number,
        receipt_number: receiptNumber(year, number),
        problem,
      });
      if (
        prev === null
          ? number !== 1
          : year === prev.year
            ? number !== prev.number + 1
            : year < prev.year || number !== 1
      ) {
        const expected =
          prev === null
            ? 'the first entry numbered 1'
            : `${receiptNumber(prev.year, prev.number)} followed by the next number`;
        return done(broken(`numbering: expected ${expected}; an entry is missing, repeated or renumbered`));
      }
      if (row.prev_hash !== (prev?.hash ?? GENESIS_HASH)) {
        return done(
          broken(
            'chain: prev_hash is not the hash of the entry before it (an entry was removed, inserted or rewritten)',
          ),
        );
      }
      if (entryHash(row) !== row.hash) {
        return done(broken('hash: the entry’s content does not match its hash (the entry was altered)'));
      }
      prev = { id, year, number, hash: row.hash };
    }
    if (rows.length < PAGE) break;
  }
  const head = await db.selectFrom('pos_journal_head').selectAll().where('id', '=', 1).executeTakeFirst();
  if (
    !head ||
    Number(head.last_id) !== (prev?.id ?? 0) ||
    Number(head.number) !== (prev?.number ?? 0) ||
    head.hash !== (prev?.hash ?? GENESIS_HASH)
  ) {
    const year = Number(head?.year ?? 0);
    const number = Number(head?.number ?? 0);
    return done({
      id: Number(head?.last_id ?? 0),
      year,
      number,
      receipt_number: receiptNumber(year, number),
      problem: 'end: the journal’s last entry is not the one last appended (entries were removed from the end)',
    });
  }
  return done(null);
}

/** The salon days `from`..`to` (inclusive, both optional) as UTC instants [lower, upper). */
export function periodBounds(query: { from?: string; to?: string }, timezone: string) {
  const details = (['from', 'to'] as const)
    .filter((field) => query[field] !== undefined && !isValidDate(query[field]))
    .map((field) => ({ field, message: 'must be a real date YYYY-MM-DD' }));
  if (details.length > 0) throw badRequest('validation_failed', 'Invalid period', details);
  if (query.from !== undefined && query.to !== undefined && query.from > query.to) {
    throw badRequest('validation_failed', 'from must not be after to', [{ field: 'from', message: 'after to' }]);
  }
  const at = (day: string, plus: number) =>
    DateTime.fromISO(day, { zone: timezone }).startOf('day').plus({ days: plus }).toUTC().toJSDate().toISOString();
  return {
    lower: query.from === undefined ? null : at(query.from, 0),
    upper: query.to === undefined ? null : at(query.to, 1),
  };
}

export const JOURNAL_CSV_COLUMNS = [
  'id',
  'receipt_number',
  'year',
  'number',
  'kind',
  'created_at',
  'order_id',
  'refund_id',
  'client_id',
  'staff_id',
  'amount',
  'payment_method',
  'body',
  'prev_hash',
  'hash',
] as const;

/** A CSV field: quoted when it holds a comma, a quote or a line break; a leading formula sign is neutralised. */
function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The entries created in the period as CSV (RFC 4180, a header row, amounts in currency units
 * with a point), oldest first: every stored field, so an auditor can recompute each hash.
 */
export async function journalCsv(db: Kysely<DB>, query: { from?: string; to?: string }): Promise<string> {
  const { lower, upper } = periodBounds(query, await readTimezone(db));
  let select = db.selectFrom('pos_journal').selectAll().orderBy('id');
  if (lower !== null) select = select.where('created_at', '>=', lower);
  if (upper !== null) select = select.where('created_at', '<', upper);
  const rows = await select.execute();
  const lines = [JOURNAL_CSV_COLUMNS.join(',')];
  for (const row of rows) {
    const year = Number(row.year);
    const number = Number(row.number);
    const values: Record<(typeof JOURNAL_CSV_COLUMNS)[number], string | number | null> = {
      id: Number(row.id),
      receipt_number: receiptNumber(year, number),
      year,
      number,
      kind: row.kind,
      created_at: row.created_at,
      order_id: row.order_id,
      refund_id: row.refund_id,
      client_id: row.client_id,
      staff_id: row.staff_id,
      amount: fromCents(Number(row.amount)).toFixed(2),
      payment_method: row.payment_method,
      body: row.body,
      prev_hash: row.prev_hash,
      hash: row.hash,
    };
    lines.push(JOURNAL_CSV_COLUMNS.map((column) => csvField(values[column])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
