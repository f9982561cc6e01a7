/*
 * A promotion's state as the till would treat its code today: switched off, not yet valid,
 * past its last day, used as often as allowed, or usable. The order matters: a switched-off
 * code is "off" whatever its dates, and an expired one is expired even when also used up.
 */

export type PromotionState = 'inactive' | 'scheduled' | 'expired' | 'usedUp' | 'active';

export interface PromotionFacts {
  active: number;
  valid_from: string | null;
  valid_to: string | null;
  usage_limit: number | null;
  times_used: number;
}

/** The state on `today` (`YYYY-MM-DD`, the salon's date; the dates are inclusive). */
export function promotionState(promotion: PromotionFacts, today: string): PromotionState {
  if (promotion.active !== 1) return 'inactive';
  if (promotion.valid_to !== null && promotion.valid_to < today) return 'expired';
  if (promotion.usage_limit !== null && promotion.times_used >= promotion.usage_limit) return 'usedUp';
  if (promotion.valid_from !== null && promotion.valid_from > today) return 'scheduled';
  return 'active';
}
