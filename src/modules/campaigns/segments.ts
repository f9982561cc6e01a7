import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import { DateTime } from 'luxon';
import { Type, type Static } from 'typebox';
import type { ClientsTable, DB } from '../../db/types.js';
import type { Executor } from '../../db/executor.js';
import { toCents } from '../../lib/money.js';
import { GENDERS } from '../../db/tables/clients.js';
import { clientNetSpentCents, holdsAnyLabel, labelKey } from '../clients/service.js';

/*
 * Segment filters (docs/api.md "Segment filters") and the ONE query that selects the clients they name. Every
 * filter is a condition on `clients` (a column test or a correlated subquery over indexed
 * tables), combined with AND, so the database does the whole selection: no loop over
 * clients in JavaScript, whatever their number.
 */

export const FILTER_NAMES = [
  'has_email',
  'has_phone',
  'labels',
  'last_visit_days_ago',
  'min_total_spent',
  'max_total_spent',
  'birthday_months',
  'service_category_id',
  'min_visits',
  'max_visits',
  'gender',
] as const;

const Money = (description: string) => Type.Number({ minimum: 0, maximum: 100_000_000, description });
const Count = (description: string) => Type.Integer({ minimum: 0, maximum: 1_000_000, description });
const Toggle = (description: string) => Type.Union([Type.Boolean(), Type.Literal(0), Type.Literal(1)], { description });

export const SegmentFilters = Type.Object(
  {
    has_email: Type.Optional(Toggle('true: only clients with a non-empty email; false: no condition')),
    has_phone: Type.Optional(Toggle('true: only clients with a non-empty phone; false: no condition')),
    labels: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 50 }), {
        maxItems: 50,
        description: 'clients with any of these label names (case-insensitive)',
      }),
    ),
    last_visit_days_ago: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 36_500,
        description: 'last completed booking more than N days ago, or no completed booking at all',
      }),
    ),
    min_total_spent: Type.Optional(Money('lifetime spend (paid POS orders minus their completed refunds) ≥ this')),
    max_total_spent: Type.Optional(Money('lifetime spend (paid POS orders minus their completed refunds) ≤ this')),
    birthday_months: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1, maximum: 12 }), {
        maxItems: 12,
        description: 'birthday in any of these months (1 = January)',
      }),
    ),
    service_category_id: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 2_147_483_647,
        description: 'clients with a booking (not cancelled) of a service in this category',
      }),
    ),
    min_visits: Type.Optional(Count('at least N completed bookings')),
    max_visits: Type.Optional(Count('at most N completed bookings (0 included)')),
    gender: Type.Optional(Type.Enum(GENDERS, { description: '`female`, `male`, `non_binary`, `other` or `""`' })),
  },
  {
    // A misspelt filter must not silently widen a send to everyone: any other name is a 400
    // (the validator would otherwise drop it as an unknown field).
    patternProperties: { [`^(?!(${FILTER_NAMES.join('|')})$)`]: Type.Never({ description: 'unknown filter' }) },
    description: 'Segment filters, all optional, combined with AND; evaluated when the campaign is sent',
  },
);

export type SegmentFiltersInput = Static<typeof SegmentFilters>;

/** Filters as stored: only the known filter names, and nothing that filters nothing. */
export function normaliseFilters(input: SegmentFiltersInput | undefined | null): SegmentFiltersInput {
  const out: Record<string, unknown> = {};
  for (const name of FILTER_NAMES) {
    const value = input?.[name];
    if (value === undefined || value === null) continue;
    out[name] = name === 'has_email' || name === 'has_phone' ? value === true || value === 1 : value;
  }
  return out;
}

type WithClients = DB & { c: ClientsTable };
export type ClientsQuery = SelectQueryBuilder<WithClients, 'c', object>;
type ClientsEb = ExpressionBuilder<WithClients, 'c'>;

/** Lifetime spend in cents over paid POS orders, per client (indexed on pos_orders(client_id)). */
// Lifetime spend as the reports count it: paid orders minus their completed refunds.
const totalSpent = (eb: ClientsEb) => clientNetSpentCents(eb.ref('c.id'));

const completedVisits = (eb: ClientsEb) =>
  eb
    .selectFrom('bookings as v')
    .select(sql<number>`count(*)`.as('visits'))
    .whereRef('v.client_id', '=', 'c.id')
    .where('v.status', '=', 'completed');

export interface SegmentClock {
  timezone: string;
  now?: Date;
}

/**
 * Live clients (not erased, not merged away) matching every filter. `clock` places
 * `last_visit_days_ago` in the salon's wall-clock time, as bookings are stored.
 */
export function segmentQuery(db: Executor, filters: SegmentFiltersInput, clock: SegmentClock): ClientsQuery {
  const f = normaliseFilters(filters);
  let q: ClientsQuery = db
    .selectFrom('clients as c')
    .where('c.erased_at', 'is', null)
    .where('c.merged_into_id', 'is', null);

  if (f.has_email === true) q = q.where('c.email', 'is not', null).where('c.email', '<>', '');
  if (f.has_phone === true) q = q.where(sql<string>`trim(c.phone)`, '<>', '');
  if (f.labels && f.labels.length > 0) {
    const keys = [...new Set(f.labels.map(labelKey))];
    q = q.where(holdsAnyLabel(sql.ref<number>('c.id'), keys));
  }
  if (f.last_visit_days_ago !== undefined) {
    const cutoff = DateTime.fromJSDate(clock.now ?? new Date())
      .setZone(clock.timezone)
      .minus({ days: f.last_visit_days_ago })
      .toFormat('yyyy-MM-dd HH:mm:ss');
    q = q.where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('bookings as lv')
            .select('lv.id')
            .whereRef('lv.client_id', '=', 'c.id')
            .where('lv.status', '=', 'completed')
            .where('lv.start_at', '>=', cutoff),
        ),
      ),
    );
  }
  if (f.min_total_spent !== undefined) {
    const min = toCents(f.min_total_spent);
    q = q.where((eb) => eb(totalSpent(eb), '>=', min));
  }
  if (f.max_total_spent !== undefined) {
    const max = toCents(f.max_total_spent);
    q = q.where((eb) => eb(totalSpent(eb), '<=', max));
  }
  if (f.birthday_months && f.birthday_months.length > 0) {
    const months = [...new Set(f.birthday_months)].map((m) => String(m).padStart(2, '0'));
    q = q.where('c.birthday', 'is not', null).where(sql<string>`substr(c.birthday, 6, 2)`, 'in', months);
  }
  if (f.service_category_id !== undefined) {
    const categoryId = f.service_category_id;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('bookings as sb')
          .innerJoin('services as s', 's.id', 'sb.service_id')
          .select('sb.id')
          .whereRef('sb.client_id', '=', 'c.id')
          .where('sb.status', '<>', 'cancelled')
          .where('s.category_id', '=', categoryId),
      ),
    );
  }
  if (f.min_visits !== undefined) {
    const min = f.min_visits;
    q = q.where((eb) => eb(completedVisits(eb), '>=', min));
  }
  if (f.max_visits !== undefined) {
    const max = f.max_visits;
    q = q.where((eb) => eb(completedVisits(eb), '<=', max));
  }
  if (f.gender !== undefined) q = q.where('c.gender', '=', f.gender);
  return q;
}

/**
 * Who a campaign may reach: the segment, narrowed to clients with an email address who
 * gave marketing consent and never unsubscribed.
 */
export function recipientQuery(db: Executor, filters: SegmentFiltersInput, clock: SegmentClock): ClientsQuery {
  return segmentQuery(db, filters, clock)
    .where('c.email', 'is not', null)
    .where('c.email', '<>', '')
    .where('c.marketing_consent', '=', 1)
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('client_unsubscribes as u').select('u.client_id').whereRef('u.client_id', '=', 'c.id')),
      ),
    );
}
