/*
 * The promotions module's one entry for other modules (and its routes). Promotions: a code the
 * till types as `discount_code`. A percentage (stored in hundredths of a percent) or a fixed
 * amount (cents), valid from/to a date in the salon's zone (inclusive, either end open), limited
 * overall and per client, for some item types. Every use is a promotion_usages row written with
 * the order, so the limits are counted, never cached, and the promotion row is locked while they
 * are checked: two orders cannot both take the last use. The module is split by subject:
 *
 *   promotion-row.ts  the stored row and the item types a promotion applies to
 *   redeem.ts         a code claimed by an order, its limits checked under a lock, and its use recorded
 *   reads.ts          promotions as the API shows them, with their use so far
 *   writes.ts         creating, changing and deleting a promotion, its rules checked
 */

export { claimPromotion, type PromotionForOrder, recordPromotionUsage } from './redeem.js';
export { getPromotion, listPromotions } from './reads.js';
export { createPromotion, deletePromotion, updatePromotion } from './writes.js';
