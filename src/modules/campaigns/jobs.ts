import type { AppContext } from '../../context.js';
import type { JobHandlers } from '../../jobs/types.js';
import { productRecommendationsJob } from './recommendations.js';
import { seasonalPromotionsJob } from './seasonal.js';
import { campaignSendJob } from './send.js';

export { ensureSeasonalPromotionsScheduled } from './seasonal.js';

/** The jobs of the campaigns module. */
export function campaignJobs(
  ctx: AppContext,
): Pick<JobHandlers, 'campaign.send' | 'campaign.product_recommendations' | 'campaign.seasonal_promotions'> {
  return {
    'campaign.send': campaignSendJob(ctx),
    'campaign.product_recommendations': productRecommendationsJob(ctx),
    'campaign.seasonal_promotions': seasonalPromotionsJob(ctx),
  };
}
