import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/types.js';
import type { Executor } from '../../jobs/queue.js';
import { conflict } from '../../lib/errors.js';
import { formatInstant, nowIso } from '../../lib/time.js';
import { bookingsOfClient } from '../bookings/service.js';
import { readTimezone } from '../settings/service.js';
import { waitlistOfClient } from '../waitlist/service.js';
import { findClient, readClient, type ClientRow } from './clients.js';
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
  { key: 'bookings', collect: (executor, client, timezone) => bookingsOfClient(executor, client.id, timezone) },
  { key: 'waitlist', collect: (executor, client, timezone) => waitlistOfClient(executor, client.id, timezone) },
];

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
    // Wishes, not records: the entries go (a booking made from one keeps itself, waitlist_id null).
    name: 'waitlist_entries',
    erase: async (trx, clientId) => {
      await trx.deleteFrom('waitlist_entries').where('client_id', '=', clientId).execute();
    },
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
        name: `Erased client #${id}`,
        email: null,
        phone: '',
        birthday: null,
        gender: '',
        notes: '',
        marketing_consent: 0,
        password_hash: null,
        erased_at: now,
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
    for (const eraser of ERASERS) await eraser.erase(trx, id);
  });
}
