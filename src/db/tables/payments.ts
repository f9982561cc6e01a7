import type { Generated, Selectable } from 'kysely';

export type PaymentPurposeColumn = 'pos_order' | 'noshow_fee' | 'deposit';
export type PaymentStatusColumn = 'pending' | 'paid' | 'failed' | 'cancelled';
export type PaymentMethodColumn = 'card' | 'online' | 'checkout';

/** One attempt to collect money (migration 0008). Amount in cents. */
export interface PaymentsTable {
  id: Generated<number>;
  purpose: PaymentPurposeColumn;
  /** The POS order's id, or the booking's id for a no-show fee or a deposit (a visit's: its first part). */
  reference_id: number;
  method: PaymentMethodColumn;
  /** `cardpay`, `onlinepay`, `checkout`, or `terminal` (standalone card terminal, no provider call). */
  provider: string;
  status: PaymentStatusColumn;
  amount: number;
  currency: string;
  description: string;
  client_email: string | null;
  provider_ref: string | null;
  checkout_url: string | null;
  error: string | null;
  settled_at: string | null;
  created_at: string;
  updated_at: string;
}

export type PaymentRow = Selectable<PaymentsTable>;

export interface PaymentsTables {
  payments: PaymentsTable;
}
