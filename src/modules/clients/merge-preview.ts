import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { conflict } from '../../lib/errors.js';
import { readTimezone } from '../settings/service.js';
import { labelNamesOf } from './labels.js';
import { fieldsTaken, mergedValues } from './merge-fields.js';
import type { MergePreviewOutput } from './merge-preview-schemas.js';
import { findClient, requireActive, toClient } from './record.js';

/** The duplicate's records that a merge moves to the kept client, counted for the preview. */
const COUNTED = {
  bookings: 'bookings',
  orders: 'pos_orders',
  gift_cards: 'gift_cards',
  packages: 'client_packages',
  waitlist_entries: 'waitlist_entries',
  reviews: 'reviews',
} as const;

/**
 * What a merge of `duplicateId` into `id` would do, without doing it: the kept client as it
 * will read (the same rule as the merge, mergedValues), the duplicate as it reads now, which
 * fields the kept client takes from it, and how many of its records move over. Refused as
 * the merge itself would be.
 */
export async function mergePreview(db: Kysely<DB>, id: number, duplicateId: number): Promise<MergePreviewOutput> {
  if (id === duplicateId) throw conflict('merge_same_client', 'A client cannot be merged into itself');
  const client = await findClient(db, id);
  const duplicate = await findClient(db, duplicateId);
  requireActive(client);
  requireActive(duplicate);
  const [timezone, labels, points, ...counts] = await Promise.all([
    readTimezone(db),
    labelNamesOf(db, [id, duplicateId]),
    db
      .selectFrom('loyalty_ledger')
      .select((eb) => eb.fn.sum<number>('points').as('points'))
      .where('client_id', '=', duplicateId)
      .executeTakeFirstOrThrow(),
    ...Object.values(COUNTED).map((table) =>
      sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)} where client_id = ${duplicateId}`
        .execute(db)
        .then((result) => Number(result.rows[0]?.n ?? 0)),
    ),
  ]);
  const ownLabels = labels.get(id) ?? [];
  const duplicateLabels = labels.get(duplicateId) ?? [];
  const allLabels = [...new Set([...ownLabels, ...duplicateLabels])].sort((a, b) =>
    a.toLowerCase().localeCompare(b.toLowerCase()),
  );
  const moves = Object.fromEntries(Object.keys(COUNTED).map((key, i) => [key, counts[i] ?? 0])) as Record<
    keyof typeof COUNTED,
    number
  >;
  return {
    client: toClient({ ...client, ...mergedValues(client, duplicate) }, allLabels, timezone),
    duplicate: toClient(duplicate, duplicateLabels, timezone),
    taken: fieldsTaken(client, duplicate),
    moves: { ...moves, loyalty_points: Number(points.points ?? 0) },
  };
}
