import { DateTime } from 'luxon';
import type { AppContext } from '../../context.js';
import { enqueue } from '../../jobs/queue.js';
import type { JobHandler } from '../../jobs/types.js';
import { fromCents } from '../../lib/money.js';
import { nowIso } from '../../lib/time.js';
import { readSettings } from '../settings/service.js';
import type { StoredBlock } from './blocks.js';
import { launch } from './send.js';

/*
 * Seasonal promotions (`seasonal_promotions_enabled`): a daily job, at 09:00 in the salon's
 * time zone, announces each seasonal promotion (an active promotion with a `valid_from`
 * date) once its season has begun and while it lasts, to every consenting, subscribed client
 * with an email. Each announcement is an ordinary campaign, sent by the campaign machinery
 * (recipient list, one job per recipient, counts), marked with its promotion: the unique
 * `campaigns.promotion_id` makes "once" hold even when two runs overlap. With the toggle off
 * the run only schedules the next one.
 */

export const SEASONAL_KEY = 'campaign.seasonal_promotions';
const RUN_AT_HOUR = 9;

export function msUntilNextSeasonalRun(timezone: string, now: Date = new Date()): number {
  const local = DateTime.fromJSDate(now).setZone(timezone);
  let next = local.set({ hour: RUN_AT_HOUR, minute: 0, second: 0, millisecond: 0 });
  if (next <= local) next = next.plus({ days: 1 }).set({ hour: RUN_AT_HOUR });
  return Math.max(0, next.toMillis() - now.getTime());
}

/** Keeps the daily run scheduled: called by every worker on its maintenance tick. */
export async function ensureSeasonalPromotionsScheduled(ctx: Pick<AppContext, 'db'>): Promise<void> {
  const { timezone } = await readSettings(ctx.db);
  await enqueue(
    ctx.db,
    'campaign.seasonal_promotions',
    {},
    { key: SEASONAL_KEY, ifAbsent: true, delayMs: msUntilNextSeasonalRun(timezone) },
  );
}

interface Promotion {
  id: number;
  name: string;
  code: string;
  discount_type: 'percentage' | 'fixed';
  discount_value: number;
  valid_from: string | null;
  valid_to: string | null;
}

function announcement(promotion: Promotion, currency: string): { subject: string; blocks: StoredBlock[] } {
  const discount =
    promotion.discount_type === 'percentage'
      ? `${promotion.discount_value / 100}%`
      : `${fromCents(promotion.discount_value).toFixed(2)} ${currency}`;
  const until = promotion.valid_to ? ` until ${promotion.valid_to}` : '';
  return {
    subject: promotion.name,
    blocks: [
      { type: 'heading', text: promotion.name, align: 'center' },
      { type: 'text', text: `${discount} off with code ${promotion.code}${until}.`, align: 'center' },
      { type: 'footer' },
    ],
  };
}

export function seasonalPromotionsJob(ctx: AppContext): JobHandler<'campaign.seasonal_promotions'> {
  return async (_payload, context) => {
    const settings = await readSettings(ctx.db);
    const { timezone } = settings;
    const next = { key: SEASONAL_KEY, delayMs: msUntilNextSeasonalRun(timezone) };
    if (settings.seasonal_promotions_enabled !== 1) {
      await enqueue(ctx.db, 'campaign.seasonal_promotions', {}, next);
      return;
    }
    const today = DateTime.now().setZone(timezone).toFormat('yyyy-MM-dd');
    const due = await ctx.db
      .selectFrom('promotions as p')
      .select(['p.id', 'p.name', 'p.code', 'p.discount_type', 'p.discount_value', 'p.valid_from', 'p.valid_to'])
      .where('p.active', '=', 1)
      .where('p.valid_from', 'is not', null)
      .where('p.valid_from', '<=', today)
      .where((eb) => eb.or([eb('p.valid_to', 'is', null), eb('p.valid_to', '>=', today)]))
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('campaigns as c').select('c.id').whereRef('c.promotion_id', '=', 'p.id'))),
      )
      .orderBy('p.valid_from')
      .orderBy('p.id')
      .execute();

    // One transaction per announcement and the next run with the last: a crash repeats
    // only what did not commit, and the unique promotion_id refuses a second announcement.
    for (const promotion of due) {
      await ctx.db.transaction().execute(async (trx) => {
        const { subject, blocks } = announcement(promotion, settings.currency);
        const now = nowIso();
        const campaign = await trx
          .insertInto('campaigns')
          .values({
            name: `Seasonal: ${promotion.name}`,
            subject,
            blocks: JSON.stringify(blocks),
            segment_filters: '{}',
            promotion_id: promotion.id,
            created_by: null,
            started_at: null,
            finished_at: null,
            created_at: now,
            updated_at: now,
          })
          .onConflict((oc) => oc.column('promotion_id').doNothing())
          .returningAll()
          .executeTakeFirst();
        if (!campaign) return;
        const launched = await launch(trx, campaign, timezone);
        context.log.info(
          { promotionId: promotion.id, campaignId: launched.id, recipients: launched.recipient_count },
          'seasonal promotion announced',
        );
      });
    }
    await enqueue(ctx.db, 'campaign.seasonal_promotions', {}, next);
  };
}
