import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import type { Executor } from '../../db/executor.js';
import { conflict } from '../../lib/errors.js';
import { addDays, formatInstant, nowIso, todayIn } from '../../lib/time.js';
import { readTimezone } from '../settings/service.js';
import type { CreditOutput } from './schemas.js';

/*
 * Package credits: granted by a sale in its transaction, spent by a later service line (never
 * below zero, also under concurrent sales), and listed per client. A package with `valid_days`
 * gives credits an expiry date fixed at the sale (`client_packages.expires_on`, the day of
 * purchase plus that many days, salon time zone); after that day they are not spent.
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
      'cp.expires_on',
    ])
    .where('c.client_id', '=', clientId)
    .orderBy('c.id')
    .execute();
  const today = todayIn(timezone);
  return rows.map(({ created_at, expires_on, ...row }) => ({
    ...row,
    purchased_at: formatInstant(created_at, timezone),
    expires_on,
    expired: expires_on !== null && expires_on < today,
  }));
}

/** Gives the client the credits of `quantity` packages bought in an order on `today` (salon date). */
export async function grantPackage(
  trx: Executor,
  grant: { clientId: number; packageId: number; name: string; orderId: number; quantity: number; today: string },
): Promise<void> {
  const validity = await trx
    .selectFrom('packages')
    .select('valid_days')
    .where('id', '=', grant.packageId)
    .executeTakeFirstOrThrow();
  const clientPackage = await trx
    .insertInto('client_packages')
    .values({
      client_id: grant.clientId,
      package_id: grant.packageId,
      order_id: grant.orderId,
      name: grant.name,
      created_at: nowIso(),
      expires_on: validity.valid_days === null ? null : addDays(grant.today, validity.valid_days),
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
 * Spends `quantity` credits of a service from one of the client's packages still valid on
 * `today` (the oldest that has enough), and answers its client_package id. 409
 * `package_credit_expired` when only expired packages have enough, `no_package_credit` when
 * none has.
 */
export async function spendCredits(
  trx: Executor,
  clientId: number,
  serviceId: number,
  quantity: number,
  today: string,
): Promise<number> {
  const enough = trx
    .selectFrom('client_package_credits as c')
    .innerJoin('client_packages as cp', 'cp.id', 'c.client_package_id')
    .select(['c.id', 'c.client_package_id', 'cp.expires_on'])
    .where('c.client_id', '=', clientId)
    .where('c.service_id', '=', serviceId)
    .where('c.remaining', '>=', quantity);
  const candidate = await enough
    .where((eb) => eb.or([eb('cp.expires_on', 'is', null), eb('cp.expires_on', '>=', today)]))
    .orderBy('c.id')
    .executeTakeFirst();
  if (!candidate) {
    const expired = await enough.orderBy('cp.expires_on', 'desc').orderBy('c.id').executeTakeFirst();
    if (expired?.expires_on) {
      throw conflict(
        'package_credit_expired',
        `The client's package credits for this service were usable until ${expired.expires_on} (the package's validity) and have expired`,
      );
    }
  }
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
