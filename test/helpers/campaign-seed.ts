import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/types.js';
import { clientRow, uniqueEmail } from './factories.js';

/**
 * A draft campaign to `count` new consenting clients, written straight to the database (for
 * the tests that send with workers of their own, without the HTTP app). Bulk campaigns are
 * switched on. The clients are named `${name} 0`, `${name} 1` …
 */
export async function seedCampaign(
  db: Kysely<DB>,
  options: { name: string; count: number; subject: string; blocks: unknown[] },
): Promise<{ campaignId: number; addresses: string[] }> {
  await db.updateTable('settings').set({ bulk_campaigns_enabled: 1 }).execute();
  const now = new Date().toISOString();
  const addresses = Array.from({ length: options.count }, (_, i) => uniqueEmail(`${options.name.toLowerCase()}${i}`));
  await db
    .insertInto('clients')
    .values(addresses.map((email, i) => clientRow({ name: `${options.name} ${i}`, email, marketing_consent: 1 })))
    .execute();
  const campaign = await db
    .insertInto('campaigns')
    .values({
      name: options.name,
      subject: options.subject,
      blocks: JSON.stringify(options.blocks),
      segment_filters: '{}',
      created_by: null,
      started_at: null,
      finished_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { campaignId: campaign.id, addresses };
}
