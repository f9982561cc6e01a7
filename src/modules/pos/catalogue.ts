import type { Transaction } from 'kysely';
import type { DB } from '../../db/types.js';
import { badRequest } from '../../lib/errors.js';
import { defaultVatRateId } from '../settings/service.js';
import type { OrderItemInput } from './schemas.js';

/*
 * The catalogue entries an order's lines name, in one query per item type: name, gross price
 * in cents and VAT rate (hundredths of a percent). An item without a VAT rate of its own takes
 * the default rate, and 0 when the salon has none. Archived items cannot be sold.
 */

export interface CatalogueItem {
  name: string;
  price: number;
  vatRate: number;
}

export async function loadCatalogue(
  trx: Transaction<DB>,
  items: OrderItemInput[],
): Promise<Map<string, CatalogueItem>> {
  const idsOf = (type: OrderItemInput['type']) => [
    ...new Set(items.filter((item) => item.type === type).map((i) => i.id)),
  ];
  const defaultId = await defaultVatRateId(trx);
  const defaultRate =
    defaultId === null
      ? 0
      : (await trx.selectFrom('vat_rates').select('percentage').where('id', '=', defaultId).executeTakeFirstOrThrow())
          .percentage;
  const catalogue = new Map<string, CatalogueItem>();
  const add = (type: string, rows: Array<{ id: number; name: string; price: number; percentage: number | null }>) => {
    for (const row of rows) {
      catalogue.set(`${type}:${row.id}`, { name: row.name, price: row.price, vatRate: row.percentage ?? defaultRate });
    }
  };
  for (const type of ['service', 'product', 'package'] as const) {
    const ids = idsOf(type);
    if (ids.length === 0) continue;
    // The three tables share these columns; the cast only picks one for the type checker.
    const table = (type === 'service' ? 'services' : type === 'product' ? 'products' : 'packages') as 'services';
    const rows = await trx
      .selectFrom(`${table} as t` as 'services as t')
      .leftJoin('vat_rates as v', 'v.id', 't.vat_rate_id')
      .select(['t.id', 't.name', 't.price', 'v.percentage'])
      .where('t.id', 'in', ids)
      .where('t.active', '=', 1)
      .execute();
    add(type, rows);
  }
  items.forEach((item, index) => {
    if (!catalogue.has(`${item.type}:${item.id}`)) {
      throw badRequest('unknown_item', `No active ${item.type} has id ${item.id}`, [
        { field: `items.${index}.id`, message: `is not an active ${item.type}` },
      ]);
    }
  });
  return catalogue;
}
