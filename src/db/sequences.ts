import { sql } from 'kysely';
import type { Executor } from '../db/executor.js';
import { todayIn } from '../lib/time.js';

/*
 * The one mechanism behind every generated number (spec part 2, auto-numbering, and
 * CONTRACT.md): `IO` + two-digit year + four digits, restarting each year (IO260001);
 * `CRED` and `ART_PRODUCT` + at least three digits, never restarting (CRED001,
 * ART_PRODUCT001, … CRED1000).
 *
 * Each call is one upsert on the (name, period) row: on PostgreSQL the row lock is held
 * until the caller's transaction ends, on SQLite the write transaction is exclusive, so
 * concurrent callers get distinct numbers. A rolled-back caller gives its number back.
 */

export type SequenceName = 'IO' | 'CRED' | 'ART_PRODUCT';

const FORMAT: Record<SequenceName, { yearly: boolean; digits: number }> = {
  IO: { yearly: true, digits: 4 },
  CRED: { yearly: false, digits: 3 },
  ART_PRODUCT: { yearly: false, digits: 3 },
};

export async function nextNumber(
  executor: Executor,
  name: SequenceName,
  timezone: string,
  at: Date = new Date(),
): Promise<string> {
  const { yearly, digits } = FORMAT[name];
  const period = yearly ? todayIn(timezone, at).slice(2, 4) : '';
  const row = await executor
    .insertInto('sequences')
    .values({ name, period, value: 1 })
    .onConflict((conflict) => conflict.columns(['name', 'period']).doUpdateSet({ value: sql`sequences.value + 1` }))
    .returning('value')
    .executeTakeFirstOrThrow();
  return `${name}${period}${String(row.value).padStart(digits, '0')}`;
}
