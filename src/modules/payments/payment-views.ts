import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import type { PaymentRow } from '../../db/tables/payments.js';
import { paginate, type Page, type PageRequest } from '../../http/pagination.js';
import type { Executor } from '../../db/executor.js';
import { notFound } from '../../lib/errors.js';
import { fromCents } from '../../lib/money.js';
import { DEFAULT_TIMEZONE, formatInstant } from '../../lib/time.js';
import type { PaymentPurpose, PaymentStatus } from './types.js';

/* Payments as the API shows them: one, the latest of each reference, the admin's list. */

export interface PaymentView {
  id: number;
  purpose: PaymentPurpose;
  reference_id: number;
  provider: string;
  status: PaymentStatus;
  /** Currency units. */
  amount: number;
  checkout_url: string | null;
  error: string | null;
  created_at: string;
  updated_at: string;
}

export function toPaymentView(row: PaymentRow, timezone: string): PaymentView {
  return {
    id: row.id,
    purpose: row.purpose,
    reference_id: row.reference_id,
    provider: row.provider,
    status: row.status,
    amount: fromCents(row.amount),
    checkout_url: row.checkout_url,
    error: row.error,
    created_at: formatInstant(row.created_at, timezone),
    updated_at: formatInstant(row.updated_at, timezone),
  };
}

export function formatAmount(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: currency || 'EUR' }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

export async function getPaymentView(db: Kysely<DB>, id: number, timezone: string): Promise<PaymentView> {
  const row = await db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return toPaymentView(row, timezone);
}

/** Latest payment of each reference, one query. */
export async function paymentsFor(
  db: Executor,
  purpose: PaymentPurpose,
  referenceIds: number[],
): Promise<Map<number, PaymentView>> {
  const result = new Map<number, PaymentView>();
  if (referenceIds.length === 0) return result;
  const rows = await db
    .selectFrom('payments')
    .selectAll('payments')
    .select((eb) =>
      eb.selectFrom('settings').select('settings.timezone').where('settings.id', '=', 1).as('salon_timezone'),
    )
    .where(
      'payments.id',
      'in',
      db
        .selectFrom('payments as latest')
        .select((eb) => eb.fn.max('latest.id').as('id'))
        .where('latest.purpose', '=', purpose)
        .where('latest.reference_id', 'in', [...new Set(referenceIds)])
        .groupBy('latest.reference_id'),
    )
    .execute();
  for (const { salon_timezone, ...row } of rows) {
    result.set(row.reference_id, toPaymentView(row, salon_timezone || DEFAULT_TIMEZONE));
  }
  return result;
}

export interface PaymentListFilter extends PageRequest {
  purpose?: PaymentPurpose | undefined;
  reference_id?: number | undefined;
  status?: PaymentStatus | undefined;
}

/** Admin view: newest first, filterable by purpose, reference and status. */
export async function listPayments(
  db: Kysely<DB>,
  timezone: string,
  filter: PaymentListFilter,
): Promise<PaymentView[] | Page<PaymentView>> {
  let base = db.selectFrom('payments');
  if (filter.purpose) base = base.where('purpose', '=', filter.purpose);
  if (filter.reference_id !== undefined) base = base.where('reference_id', '=', filter.reference_id);
  if (filter.status) base = base.where('status', '=', filter.status);
  const query = base.selectAll().orderBy('id', 'desc');
  const count = async () => Number((await base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
  return paginate(query, count, filter, (row) => toPaymentView(row, timezone));
}

export async function getPayment(db: Kysely<DB>, timezone: string, id: number): Promise<PaymentView> {
  const row = await db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Payment');
  return toPaymentView(row, timezone);
}
