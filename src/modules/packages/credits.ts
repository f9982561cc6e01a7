import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import type { Executor } from '../../db/executor.js';
import { conflict } from '../../lib/errors.js';
import { formatInstant, nowIso } from '../../lib/time.js';
import { readTimezone } from '../settings/service.js';
import type { CreditOutput } from './schemas.js';

/*
 * Package credits: granted by a sale in its transaction, spent by a later service line (never
 * below zero, also under concurrent sales), and listed per client.
 */

/** A client's package credits, oldest purchase first; spent ones included (remaining 0). */
export async function listCredits(db: Kysely<DB>, clientId: number): Promise<CreditOutput[]> {
  const timezone = await readTimezone(db);
  const rows = await db
    .selectFrom('client_package_credits as c')
    .innerJoin('client_packages as cp', 'cp.id', 'c.client_package_id')
    .innerJoin('services as s', 's.id', 'c.service_id')
    .select([
      'c.client_package_id',
      'cp.package_id',
      'cp.name as package_name',
      'cp.order_id',
      'c.service_id',
      's.name as service_name',
      'c.total',
      'c.remaining',
      'cp.created_at',
    ])
    .where('c.client_id', '=', clientId)
    .orderBy('c.id')
    .execute();
  return rows.map(({ created_at, ...row }) => ({ ...row, purchased_at: formatInstant(created_at, timezone) }));
}

/** Gives the client the credits of `quantity` packages bought in an order. */
export async function grantPackage(
  trx: Executor,
  grant: { clientId: number; packageId: number; name: string; orderId: number; quantity: number },
): Promise<void> {
  const clientPackage = await trx
    .insertInto('client_packages')
    .values({
      client_id: grant.clientId,
      package_id: grant.packageId,
      order_id: grant.orderId,
      name: grant.name,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const services = await trx
    .selectFrom('package_services')
    .select(['service_id', 'quantity'])
    .where('package_id', '=', grant.packageId)
    .execute();
  if (services.length === 0) return;
  await trx
    .insertInto('client_package_credits')
    .values(
      services.map((s) => ({
        client_package_id: clientPackage.id,
        client_id: grant.clientId,
        service_id: s.service_id,
        total: s.quantity * grant.quantity,
        remaining: s.quantity * grant.quantity,
      })),
    )
    .execute();
}

/**
 * Spends `quantity` credits of a service from one of the client's packages (the oldest that
 * still has enough), and answers its client_package id; 409 `no_package_credit` when none has.
 */
export async function spendCredits(
  trx: Executor,
  clientId: number,
  serviceId: number,
  quantity: number,
): Promise<number> {
  const candidate = await trx
    .selectFrom('client_package_credits')
    .select(['id', 'client_package_id'])
    .where('client_id', '=', clientId)
    .where('service_id', '=', serviceId)
    .where('remaining', '>=', quantity)
    .orderBy('id')
    .executeTakeFirst();
  const spent = candidate
    ? await trx
        .updateTable('client_package_credits')
        .set({ remaining: sql`remaining - ${quantity}` })
        .where('id', '=', candidate.id)
        .where('remaining', '>=', quantity)
        .returning('id')
        .executeTakeFirst()
    : undefined;
  if (!candidate || !spent) {
    throw conflict('no_package_credit', `The client has no package with ${quantity} credit(s) left for this service`);
  }
  return candidate.client_package_id;
}
