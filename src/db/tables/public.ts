import type { Generated } from 'kysely';

/** Tables of the online booking page (migration 0006). Instants are UTC ISO text. */

export interface ClientMagicTokensTable {
  id: Generated<number>;
  client_id: number;
  token_hash: string;
  expires_at: string;
  created_at: string;
}

/** What a booking action token lets its holder do (migration 0019). */
export type BookingActionPurpose = 'attend' | 'cancel' | 'move';

/** Single-use links of the booking emails; only the token's hash is stored. */
export interface BookingActionTokensTable {
  id: Generated<number>;
  booking_id: number;
  purpose: BookingActionPurpose;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface ReviewsTable {
  id: Generated<number>;
  booking_id: number;
  staff_id: number;
  client_id: number;
  /** 1–5 */
  rating: number;
  comment: string;
  created_at: string;
  /** 1: shown on the booking page; the salon may unpublish one. */
  published: Generated<number>;
  /** The salon's answer (migration 0077), '' for none. */
  reply: Generated<string>;
}

export interface IdempotencyKeysTable {
  key: string;
  /** sha256 of the request body: the same key with another body is refused. */
  request_hash: string;
  booking_id: number | null;
  /** a till order's key (migration 0059) */
  order_id: Generated<number | null>;
  created_at: string;
}

export interface PublicTables {
  client_magic_tokens: ClientMagicTokensTable;
  booking_action_tokens: BookingActionTokensTable;
  reviews: ReviewsTable;
  idempotency_keys: IdempotencyKeysTable;
}
