import { sql, type Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/types.js';
import { conflict } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { readTimezone } from '../settings/service.js';
import { recordWebhookEvent } from '../webhooks/service.js';
import { moveClientLabels } from './labels.js';
import type { ClientOutput } from './schemas.js';
import { findClient, readClient, requireActive, WITHOUT_PERSONAL_DATA, type ClientRow } from './record.js';
import { writeClient } from './writes.js';
import { mergedValues } from './merge-fields.js';

/** Moves whatever belongs to the duplicate `fromId` over to the client `toId`. */
type MergeStep = (trx: Transaction<DB>, fromId: number, toId: number) => Promise<void>;

/** A plain `client_id` column: every row of the duplicate is re-pointed with one UPDATE. */
export function repointColumn(table: string, column: string): MergeStep {
  return async (trx, fromId, toId) => {
    await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${toId} where ${sql.ref(column)} = ${fromId}`.execute(
      trx,
    );
  };
}

/** An unsubscribe of either client holds for the merged client: marketing is opt-in. */
const moveUnsubscribe: MergeStep = async (trx, fromId, toId) => {
  const unsubscribed = await trx
    .selectFrom('client_unsubscribes')
    .select('created_at')
    .where('client_id', '=', fromId)
    .executeTakeFirst();
  if (unsubscribed) {
    await trx
      .insertInto('client_unsubscribes')
      .values({ client_id: toId, created_at: unsubscribed.created_at })
      .onConflict((conflict) => conflict.column('client_id').doNothing())
      .execute();
  }
};

/** The duplicate's pending sign-in links die with its login. */
const dropMagicTokens: MergeStep = async (trx, fromId) => {
  await trx.deleteFrom('client_magic_tokens').where('client_id', '=', fromId).execute();
};

/**
 * Everything that references a client and moves to the kept client on a merge. The one
 * place to extend when a module adds a table with a client reference, e.g.
 * `repointColumn('bookings', 'client_id')`, `repointColumn('pos_orders', 'client_id')`.
 */
export const MERGE_STEPS: ReadonlyArray<{ name: string; move: MergeStep }> = [
  { name: 'client_label_assignments', move: moveClientLabels },
  // Duplicates merged earlier into the duplicate now point at the kept client.
  { name: 'clients.merged_into_id', move: repointColumn('clients', 'merged_into_id') },
  { name: 'bookings', move: repointColumn('bookings', 'client_id') },
  { name: 'waitlist_entries', move: repointColumn('waitlist_entries', 'client_id') },
  // The till: orders, points, gift cards bought, packages and their credits, discount usage.
  { name: 'pos_orders', move: repointColumn('pos_orders', 'client_id') },
  { name: 'loyalty_ledger', move: repointColumn('loyalty_ledger', 'client_id') },
  { name: 'gift_cards', move: repointColumn('gift_cards', 'client_id') },
  { name: 'client_packages', move: repointColumn('client_packages', 'client_id') },
  { name: 'client_package_credits', move: repointColumn('client_package_credits', 'client_id') },
  { name: 'promotion_usages', move: repointColumn('promotion_usages', 'client_id') },
  { name: 'reviews', move: repointColumn('reviews', 'client_id') },
  { name: 'client_unsubscribes', move: moveUnsubscribe },
  { name: 'client_magic_tokens', move: dropMagicTokens },
];

/**
 * Merges the duplicate into the client: the client keeps its own values and takes the
 * duplicate's where its own are empty (mergedValues, merge-fields.ts), and everything that
 * references the duplicate moves over (MERGE_STEPS). The duplicate row stays, emptied of
 * personal data, with `merged_into_id` set, so old references and links still resolve.
 */
export async function mergeClients(ctx: AppContext, id: number, duplicateId: number): Promise<ClientOutput> {
  if (id === duplicateId) throw conflict('merge_same_client', 'A client cannot be merged into itself');
  const timezone = await readTimezone(ctx.db);
  return writeClient(ctx, async (trx) => {
    // Locked in id order, so two opposite merges of one pair cannot deadlock.
    const [first, second] = id < duplicateId ? [id, duplicateId] : [duplicateId, id];
    const rows = new Map<number, ClientRow>();
    for (const clientId of [first, second]) rows.set(clientId, await findClient(trx, clientId, ctx.dialect));
    const client = rows.get(id)!;
    const duplicate = rows.get(duplicateId)!;
    requireActive(client);
    requireActive(duplicate);

    const now = nowIso();
    // The duplicate's email is released first, so that the unique index holds throughout.
    await trx
      .updateTable('clients')
      .set({
        ...WITHOUT_PERSONAL_DATA,
        name: `Merged into client #${id}`,
        merged_into_id: id,
        updated_at: now,
      })
      .where('id', '=', duplicateId)
      .execute();

    await trx
      .updateTable('clients')
      .set({ ...mergedValues(client, duplicate), updated_at: now })
      .where('id', '=', id)
      .execute();

    for (const step of MERGE_STEPS) await step.move(trx, duplicateId, id);
    await recordWebhookEvent(trx, 'client.updated', id);
    return readClient(trx, id, timezone);
  });
}
