import type { Kysely } from 'kysely';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/*
 * Client phones are written in E.164 since text messages exist; the ones saved before were
 * kept as typed ("06-1234 5678"), and a reminder cannot be texted to those. Each is rewritten
 * in E.164 when it is a valid number, read in the salon's country as new ones are (the region
 * of the `language` setting, else the Netherlands); anything else stays as it was, for a person
 * to look at. In batches by id, so a large client list is never held in memory at once.
 */

const BATCH = 1000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  const settings: { language: string } | undefined = await db
    .selectFrom('settings')
    .select('language')
    .where('id', '=', 1)
    .executeTakeFirst();
  const country = (/-([A-Z]{2})$/.exec(settings?.language ?? '')?.[1] ?? 'NL') as CountryCode;
  let after = 0;
  for (;;) {
    const rows = (await db
      .selectFrom('clients')
      .select(['id', 'phone'])
      .where('id', '>', after)
      .where('phone', '!=', '')
      .orderBy('id')
      .limit(BATCH)
      .execute()) as Array<{ id: number; phone: string }>;
    if (rows.length === 0) return;
    for (const row of rows) {
      const parsed = parsePhoneNumberFromString(row.phone.trim(), country);
      if (parsed?.isValid() && parsed.number !== row.phone) {
        await db.updateTable('clients').set({ phone: parsed.number }).where('id', '=', row.id).execute();
      }
    }
    after = rows.at(-1)!.id;
  }
}
