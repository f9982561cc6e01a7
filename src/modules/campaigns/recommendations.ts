import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { JobHandler } from '../../jobs/types.js';
import { queueEmail } from '../../mail/outbox.js';
import { chooseLanguage, formatMessage, localeFormat } from '../../messages/index.js';
import { readSettings } from '../settings/service.js';
import type { StoredBlock } from './blocks.js';
import { automationAllowed } from './followups.js';
import { unsubscribeLinks } from './unsubscribe.js';

/*
 * Product recommendations (`product_recommendations_enabled`): a day after a completed
 * visit, the client hears of the products most often bought by other clients who had the
 * same service, leaving out what they bought themselves. One grouped query over paid POS
 * lines; nothing is sent when there is nothing to recommend.
 */

export const RECOMMENDATION_DELAY_MS = 24 * 60 * 60 * 1000;
const HOW_MANY = 3;

/** Products bought (paid) by other clients with a completed booking of `serviceId`, most buyers first. */
export async function recommendedProducts(ctx: Pick<AppContext, 'db'>, clientId: number, serviceId: number) {
  return ctx.db
    .selectFrom('pos_order_items as i')
    .innerJoin('pos_orders as o', 'o.id', 'i.order_id')
    .innerJoin('products as p', 'p.id', 'i.item_id')
    .select(['p.id', 'p.name', 'p.price', sql<number>`count(distinct o.client_id)`.as('buyers')])
    .where('i.item_type', '=', 'product')
    .where('o.payment_status', '=', 'paid')
    .where('o.client_id', '<>', clientId)
    .where('p.active', '=', 1)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('bookings as b')
          .select('b.id')
          .whereRef('b.client_id', '=', 'o.client_id')
          .where('b.service_id', '=', serviceId)
          .where('b.status', '=', 'completed'),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('pos_order_items as own')
            .innerJoin('pos_orders as oo', 'oo.id', 'own.order_id')
            .select('own.id')
            .whereRef('own.item_id', '=', 'i.item_id')
            .where('own.item_type', '=', 'product')
            .where('oo.client_id', '=', clientId),
        ),
      ),
    )
    .groupBy(['p.id', 'p.name', 'p.price'])
    .orderBy(sql`count(distinct o.client_id)`, 'desc')
    .orderBy('p.name')
    .orderBy('p.id')
    .limit(HOW_MANY)
    .execute();
}

export function productRecommendationsJob(ctx: AppContext): JobHandler<'campaign.product_recommendations'> {
  return async ({ bookingId }, context) => {
    const booking = await ctx.db
      .selectFrom('bookings as b')
      .innerJoin('clients as c', 'c.id', 'b.client_id')
      .innerJoin('services as s', 's.id', 'b.service_id')
      .select([
        'b.client_id',
        'b.service_id',
        'b.status',
        's.name as service_name',
        'c.email',
        'c.marketing_consent',
        'c.language',
      ])
      .where('b.id', '=', bookingId)
      .executeTakeFirst();
    if (!booking || booking.status !== 'completed' || !booking.email || booking.marketing_consent !== 1) {
      context.log.info({ bookingId }, 'no recommendation: booking not completed, or no address or consent');
      return;
    }
    if (!(await automationAllowed(ctx.db, 'product_recommendations_enabled', booking.client_id))) {
      context.log.info({ bookingId }, 'no recommendation: turned off, or the client unsubscribed');
      return;
    }
    const products = await recommendedProducts(ctx, booking.client_id, booking.service_id);
    if (products.length === 0) return;
    const settings = await readSettings(ctx.db);
    // Written here (the blocks are the email's content), in the language the outbox will choose.
    const language = chooseLanguage(booking.language, settings.language);
    const format = localeFormat(language, { timeFormat: settings.time_format, currency: settings.currency });
    const subject = formatMessage(language, 'recommendations.subject');
    const blocks: StoredBlock[] = [
      { type: 'heading', text: subject },
      { type: 'text', text: formatMessage(language, 'recommendations.intro', { service: booking.service_name }) },
      ...products.map((p): StoredBlock => ({ type: 'text', text: `${p.name} (${format.money(p.price)})` })),
      { type: 'text', text: formatMessage(language, 'recommendations.outro') },
    ];
    const address = booking.email;
    await ctx.db.transaction().execute((trx) =>
      queueEmail(trx, {
        to: address,
        clientId: booking.client_id,
        template: 'campaign.email',
        data: { subject, blocks, ...unsubscribeLinks(ctx, booking.client_id) },
        sensitive: true,
      }),
    );
  };
}
