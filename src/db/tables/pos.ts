import type { Generated } from 'kysely';

/*
 * Tables of the till (migration 0007_pos). Money in integer cents, VAT rates and percentage
 * discounts in hundredths of a percent, instants as UTC ISO text (see ../types.ts).
 */

export type PosItemType = 'service' | 'product' | 'package';
export type PaymentMethod = 'cash' | 'card' | 'online';
export type PaymentStatus = 'paid' | 'pending' | 'failed';

export interface PosOrdersTable {
  id: Generated<number>;
  client_id: number;
  staff_id: number;
  payment_method: PaymentMethod;
  payment_status: PaymentStatus;
  /** sum of the lines' gross line_total */
  subtotal: number;
  /** promotion discount */
  discount_amount: number;
  /** value of the redeemed loyalty points */
  loyalty_amount: number;
  /** subtotal − discount_amount − loyalty_amount: the order's value (revenue) */
  total: number;
  /** part of total paid with a gift card */
  gift_card_amount: number;
  /** face value of gift cards sold in this order (not revenue, no VAT) */
  gift_cards_sold: number;
  /** total − gift_card_amount + gift_cards_sold: paid by payment_method */
  amount_due: number;
  /** cents the client handed over in cash (migration 0058); null when not given */
  cash_tendered: number | null;
  vat_total: number;
  promotion_id: number | null;
  discount_code: string | null;
  gift_card_id: number | null;
  loyalty_points_redeemed: number;
  loyalty_points_earned: number;
  notes: string;
  created_at: string;
  updated_at: string;
  /** set when an unpaid order was voided (migration 0056) */
  voided_at: Generated<string | null>;
  /** the booking this order checked out (migration 0059) */
  booking_id: Generated<number | null>;
  /** part of amount_due paid before as the booking's deposit, not collected again (migration 0059) */
  deposit_amount: Generated<number>;
  /** part of amount_due − deposit_amount paid in cash at the till by a card or online order (migration 0078) */
  cash_amount: Generated<number>;
}

export type RefundMethod = 'cash' | 'card' | 'online' | 'gift_card';

/** A refund of a paid order (migration 0056): a new record, never an edit of the sale. */
export interface PosRefundsTable {
  id: Generated<number>;
  order_id: number;
  /** pending while a provider is asked; completed once the money went back */
  status: 'pending' | 'completed';
  method: RefundMethod;
  /** cents given back, VAT included */
  amount: number;
  vat_total: number;
  reason: string;
  /** 1: the products' stock was put back */
  restock: number;
  loyalty_points_reversed: Generated<number>;
  gift_card_id: number | null;
  payment_id: number | null;
  provider: string | null;
  provider_ref: string | null;
  user_id: number | null;
  idempotency_key: string | null;
  created_at: string;
  completed_at: string | null;
}

export interface PosRefundItemsTable {
  id: Generated<number>;
  refund_id: number;
  order_item_id: number;
  item_type: PosItemType;
  item_id: number;
  quantity: number;
  /** cents given back for this line, VAT included */
  amount: number;
  vat_rate: number;
  vat_amount: number;
}

export interface PosOrderItemsTable {
  id: Generated<number>;
  order_id: number;
  item_type: PosItemType;
  item_id: number;
  /** snapshot of the item's name */
  name: string;
  quantity: number;
  /** unit gross price as charged */
  price: number;
  /** price × quantity */
  line_total: number;
  /** hundredths of a percent */
  vat_rate: number;
  /** VAT included in line_total − discount_amount − loyalty_amount, half-up */
  vat_amount: number;
  /** this line's share of the order's promotion discount */
  discount_amount: number;
  /** this line's share of the order's loyalty amount */
  loyalty_amount: number;
  client_package_id: number | null;
  /** who performed or sold the line (migration 0059); null on older lines: the order's staff member */
  staff_id: Generated<number | null>;
}

export interface PosFavoritesTable {
  id: Generated<number>;
  user_id: number;
  item_type: PosItemType;
  item_id: number;
  position: number;
  created_at: string;
}

export interface PromotionsTable {
  id: Generated<number>;
  code: string;
  name: string;
  discount_type: 'percentage' | 'fixed';
  /** hundredths of a percent, or cents */
  discount_value: number;
  valid_from: string | null;
  valid_to: string | null;
  usage_limit: number | null;
  per_client_limit: number | null;
  /** JSON array of PosItemType */
  applies_to: string;
  active: number;
  created_at: string;
  updated_at: string;
}

export interface PromotionUsagesTable {
  id: Generated<number>;
  promotion_id: number;
  order_id: number;
  client_id: number;
  discount_amount: number;
  created_at: string;
}

export interface GiftCardsTable {
  id: Generated<number>;
  code: string;
  initial_value: number;
  balance: number;
  expires_on: string | null;
  active: number;
  client_id: number | null;
  recipient_name: string;
  recipient_email: string | null;
  message: string;
  sold_order_id: number | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface GiftCardTransactionsTable {
  id: Generated<number>;
  gift_card_id: number;
  type: 'issue' | 'redeem';
  /** signed: + issue, − redeem */
  amount: number;
  balance_after: number;
  order_id: number | null;
  user_id: number | null;
  created_at: string;
}

export interface LoyaltyLedgerTable {
  id: Generated<number>;
  client_id: number;
  /** signed, never 0 */
  points: number;
  reason: 'earn' | 'redeem' | 'adjust';
  order_id: number | null;
  note: string;
  user_id: number | null;
  created_at: string;
}

export interface PackagesTable {
  id: Generated<number>;
  name: string;
  description: string;
  price: number;
  vat_rate_id: number | null;
  active: number;
  /** days a sold package's credits stay usable; null: they never expire (migration 0069) */
  valid_days: number | null;
  created_at: string;
  updated_at: string;
}

export interface PackageServicesTable {
  package_id: number;
  service_id: number;
  quantity: number;
}

export interface ClientPackagesTable {
  id: Generated<number>;
  client_id: number;
  package_id: number;
  order_id: number;
  name: string;
  created_at: string;
  /** the last day (salon time zone) its credits are usable; null: never expire (migration 0069) */
  expires_on: string | null;
}

export interface ClientPackageCreditsTable {
  id: Generated<number>;
  client_package_id: number;
  client_id: number;
  service_id: number;
  total: number;
  remaining: number;
}

export type JournalKind = 'sale' | 'refund' | 'void' | 'cash';

/** The till journal (migration 0055): appended only, each entry hashed with its predecessor's hash. */
export interface PosJournalTable {
  id: Generated<number>;
  /** the salon's calendar year of created_at */
  year: number;
  /** gap-free within the year, from 1: the receipt number */
  number: number;
  kind: JournalKind;
  order_id: number | null;
  refund_id: number | null;
  /** an id, never the client's data */
  client_id: number | null;
  staff_id: number | null;
  /** cents, signed: into the till positive, out negative */
  amount: number;
  payment_method: string | null;
  /** canonical JSON of the entry's details */
  body: string;
  created_at: string;
  prev_hash: string;
  hash: string;
}

/** One row (id 1): the journal's last entry, locked by every append. */
export interface PosJournalHeadTable {
  id: number;
  year: number;
  number: number;
  hash: string;
  last_id: number;
}

/** A day of the cash drawer (migration 0057); closed, it is a locked Z report. */
export interface PosDrawerDaysTable {
  id: Generated<number>;
  /** 1 while open, null once closed: unique, so one open day at a time */
  open_slot: number | null;
  /** cents */
  float_amount: number;
  /** the day's journal entries are those after this id, up to close_journal_id */
  from_journal_id: number;
  opened_at: string;
  opened_by: number | null;
  closed_at: string | null;
  closed_by: number | null;
  close_journal_id: number | null;
  z_year: number | null;
  z_number: number | null;
  /** the Z report as computed at the close, JSON */
  figures: string | null;
}

export interface PosTables {
  pos_drawer_days: PosDrawerDaysTable;
  pos_refunds: PosRefundsTable;
  pos_refund_items: PosRefundItemsTable;
  pos_journal: PosJournalTable;
  pos_journal_head: PosJournalHeadTable;
  pos_orders: PosOrdersTable;
  pos_order_items: PosOrderItemsTable;
  pos_favorites: PosFavoritesTable;
  promotions: PromotionsTable;
  promotion_usages: PromotionUsagesTable;
  gift_cards: GiftCardsTable;
  gift_card_transactions: GiftCardTransactionsTable;
  loyalty_ledger: LoyaltyLedgerTable;
  packages: PackagesTable;
  package_services: PackageServicesTable;
  client_packages: ClientPackagesTable;
  client_package_credits: ClientPackageCreditsTable;
}
