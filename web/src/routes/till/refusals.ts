import type { PageWords } from '../../ui/FailureAlert';

/** The till's refusals, as the API names them (POST /api/pos). */
export const TILL_WORDS: PageWords = {
  codes: Object.fromEntries(
    [
      'unknown_client',
      'client_inactive',
      'unknown_staff',
      'unknown_item',
      'unknown_discount_code',
      'unknown_gift_card',
      'unknown_reward',
      'insufficient_stock',
      'promotion_not_valid',
      'promotion_used_up',
      'promotion_client_limit',
      'gift_card_expired',
      'gift_card_empty',
      'loyalty_disabled',
      'insufficient_points',
      'no_package_credit',
      'package_credit_expired',
      'booking_checked_out',
      'booking_not_checkable',
      'booking_other_client',
      'idempotency_key_reused',
      'payment_not_pending',
      'payment_not_cancellable',
    ].map((code) => [code, `till.refusal.${code}`]),
  ) as PageWords['codes'],
};
