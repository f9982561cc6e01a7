import { badRequest } from '../../lib/errors.js';
import { toCents } from '../../lib/money.js';
import {
  createProductIn,
  ProductCreateBody,
  ProductUpdateBody,
  readProduct,
  updateProductIn,
} from '../inventory/service.js';
import { ambiguous, apiCheck, type Importer, type RowEnv, unreadable } from './importer.js';
import { idByName, productIds, vatRateId } from './repository.js';
import { parseAmount, parsePercentage, parseWholeNumber } from './values.js';

/*
 * Products are matched on their SKU (any case); a row whose SKU no product has, on its
 * barcode (EAN); a row with neither, on its name. Category and supplier are named and must
 * exist. A new product without a stock column starts at 0, as the API would be told.
 */

type ProductInput = Record<string, unknown> & {
  name?: string;
  sku?: string;
  ean_code?: string;
  quantity_on_hand?: number;
};

interface ProductRowData {
  input: ProductInput;
  sku: string | null;
  ean: string | null;
  name: string | null;
}

const checkUpdate = apiCheck(ProductUpdateBody);
const checkCreate = apiCheck(ProductCreateBody);

const AMOUNTS = ['price', 'purchase_price'] as const;
const COUNTS = ['quantity_on_hand', 'low_stock_threshold'] as const;
const COMPARED = [
  'name',
  'sku',
  'ean_code',
  'quantity_on_hand',
  'low_stock_threshold',
  'category_id',
  'supplier_id',
  'vat_rate_id',
] as const;

const writer = (env: RowEnv) => ({ dialect: env.dialect, stock: env.stock, userId: env.userId });

export const productImporter: Importer<ProductRowData, ProductInput> = {
  prepare(cells, env) {
    const input: ProductInput = {};
    for (const field of ['name', 'sku', 'ean_code'] as const) {
      const text = cells.get(field);
      if (text !== undefined) input[field] = text;
    }
    for (const field of AMOUNTS) {
      const text = cells.get(field);
      if (text === undefined) continue;
      const amount = parseAmount(text, env.notation);
      if (amount === null) throw unreadable(field, `is not an amount (12,50 or 12.50): ${text}`);
      input[field] = amount;
    }
    for (const field of COUNTS) {
      const text = cells.get(field);
      if (text === undefined) continue;
      const count = parseWholeNumber(text, env.notation);
      if (count === null) throw unreadable(field, `is not a whole number: ${text}`);
      input[field] = count;
    }
    const category = cells.get('category');
    if (category !== undefined) input.category_id = idByName(env.lookups.categories, category, 'category', 'category');
    const supplier = cells.get('supplier');
    if (supplier !== undefined) input.supplier_id = idByName(env.lookups.suppliers, supplier, 'supplier', 'supplier');
    const vat = cells.get('vat_rate');
    if (vat !== undefined) input.vat_rate_id = vatRateId(env.lookups, vat, parsePercentage(vat, env.notation));
    checkUpdate(input);
    const row = { input, sku: input.sku ?? null, ean: input.ean_code ?? null, name: input.name ?? null };
    if (row.sku === null && row.ean === null && row.name === null) {
      throw badRequest('validation_failed', 'Invalid input: the row has no SKU, barcode or name', [
        { field: 'sku', message: 'is required (or a barcode or name to find the product by)' },
      ]);
    }
    return row;
  },

  label(row) {
    return row.sku ?? row.ean ?? row.name ?? '';
  },

  fileKeys({ sku, ean, name }) {
    const claim: Array<[string, string]> = [];
    if (sku !== null) claim.push([`s:${sku.toLowerCase()}`, 'SKU']);
    if (ean !== null) claim.push([`e:${ean}`, 'barcode']);
    if (name !== null) claim.push([`n:${name.toLowerCase()}`, 'name']);
    const check = [
      ...(sku !== null ? [`s:${sku.toLowerCase()}`] : []),
      ...(ean !== null ? [`e:${ean}`] : []),
      ...(sku === null && ean === null ? [`n:${name!.toLowerCase()}`] : []),
    ];
    return { check, claim };
  },

  async find({ sku, ean, name }, env) {
    const attempts: Array<['sku' | 'ean_code' | 'name', string, string]> = [];
    if (sku !== null) attempts.push(['sku', sku, 'SKU']);
    if (ean !== null) attempts.push(['ean_code', ean, 'barcode']);
    if (sku === null && ean === null && name !== null) attempts.push(['name', name, 'name']);
    for (const [by, value, what] of attempts) {
      const ids = await productIds(env.trx, by, value);
      if (ids.length > 1) throw ambiguous(`Several products have ${what} "${value}"`);
      if (ids.length === 1) return ids[0]!;
    }
    return null;
  },

  async changes({ input }, id, env) {
    const current = await readProduct(env.trx, id);
    const changes: Record<string, unknown> = {};
    for (const field of COMPARED) {
      const wanted = input[field];
      const have = current[field];
      if (wanted === undefined) continue;
      const same = typeof wanted === 'string' && typeof have === 'string' ? wanted.trim() === have : wanted === have;
      if (!same) changes[field] = wanted;
    }
    for (const field of AMOUNTS) {
      const wanted = input[field] as number | undefined;
      if (wanted !== undefined && toCents(wanted) !== toCents(current[field])) changes[field] = wanted;
    }
    return Object.keys(changes).length === 0 ? null : { input: changes, fields: Object.keys(changes) };
  },

  async create({ input }, env) {
    const full = { quantity_on_hand: 0, ...input };
    checkCreate(full);
    const created = await createProductIn(env.trx, writer(env), full as Parameters<typeof createProductIn>[2]);
    return created.id;
  },

  async update(id, input, env) {
    checkUpdate(input);
    await updateProductIn(env.trx, writer(env), id, input);
  },
};
