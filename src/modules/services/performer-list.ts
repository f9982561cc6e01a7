import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { notFound } from '../../lib/errors.js';
import { fromCents } from '../../lib/money.js';
import { performersOf } from './performers.js';
import type { ServicePerformerOutput } from './schemas.js';

// Names sort the way people read them (case- and accent-insensitive) and identically on both
// engines: SQLite compares bytes, PostgreSQL follows the server's locale.
const nameCollator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * Who performs the service (active, bookable members), with what it takes and costs with
 * each, by name then id. An archived service is performed by nobody: an empty list.
 */
export async function performersOfService(db: Kysely<DB>, serviceId: number): Promise<ServicePerformerOutput[]> {
  const service = await db.selectFrom('services').select('id').where('id', '=', serviceId).executeTakeFirst();
  if (!service) throw notFound('Service');
  const performers = (await performersOf(db, { serviceIds: [serviceId] })).get(serviceId);
  if (!performers || performers.size === 0) return [];
  const members = await db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('id', 'in', [...performers.keys()])
    .execute();
  return members
    .sort((a, b) => nameCollator.compare(a.name, b.name) || a.id - b.id)
    .map((member) => {
      const performance = performers.get(member.id)!;
      return {
        staff_id: member.id,
        name: member.name,
        duration_min: performance.durationMin,
        price: fromCents(performance.price),
      };
    });
}
