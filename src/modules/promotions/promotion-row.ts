import type { Selectable } from 'kysely';
import type { PosItemType, PromotionsTable } from '../../db/tables/pos.js';

/*
 * A promotion as stored, and the item types it applies to (all of them when the stored list
 * cannot be read).
 */

export type PromotionRow = Selectable<PromotionsTable>;
export const ALL_TYPES: PosItemType[] = ['service', 'product', 'package'];

export function parseAppliesTo(json: string): PosItemType[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? ALL_TYPES.filter((type) => parsed.includes(type)) : ALL_TYPES;
  } catch {
    return ALL_TYPES;
  }
}
