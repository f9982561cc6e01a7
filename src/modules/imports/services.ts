import { badRequest } from '../../lib/errors.js';
import { toCents } from '../../lib/money.js';
import {
  createServiceIn,
  readService,
  ServiceCreateBody,
  ServiceUpdateBody,
  updateServiceIn,
} from '../services/service.js';
import { ambiguous, apiCheck, type Importer, unreadable } from './importer.js';
import { idByName, serviceIds, vatRateId } from './repository.js';
import { parseAmount, parseDuration, parsePercentage } from './values.js';

/*
 * Services are matched on their name within their category (when the file has one), else on
 * their name alone. The category is named, never numbered, and must exist.
 */

type ServiceInput = Record<string, unknown> & {
  name?: string;
  duration_min?: number;
  price?: number;
  category_id?: number;
  vat_rate_id?: number;
};

interface ServiceRowData {
  input: ServiceInput;
  name: string;
  /** The category's id when the row names one. */
  categoryId: number | undefined;
  categoryName: string | undefined;
}

const checkUpdate = apiCheck(ServiceUpdateBody);
const checkCreate = apiCheck(ServiceCreateBody);

export const serviceImporter: Importer<ServiceRowData, ServiceInput> = {
  prepare(cells, env) {
    const input: ServiceInput = {};
    const name = cells.get('name');
    if (name === undefined) {
      throw badRequest('validation_failed', 'Invalid input: name is required', [
        { field: 'name', message: 'is required' },
      ]);
    }
    input.name = name;
    const categoryName = cells.get('category');
    if (categoryName !== undefined)
      input.category_id = idByName(env.lookups.categories, categoryName, 'category', 'category');
    const duration = cells.get('duration_min');
    if (duration !== undefined) {
      const minutes = parseDuration(duration);
      if (minutes === null)
        throw unreadable('duration_min', `is not a number of minutes (45, 1:30, 1h30): ${duration}`);
      input.duration_min = minutes;
    }
    const price = cells.get('price');
    if (price !== undefined) {
      const amount = parseAmount(price, env.notation);
      if (amount === null) throw unreadable('price', `is not an amount (12,50 or 12.50): ${price}`);
      input.price = amount;
    }
    const vat = cells.get('vat_rate');
    if (vat !== undefined) input.vat_rate_id = vatRateId(env.lookups, vat, parsePercentage(vat, env.notation));
    checkUpdate(input);
    return { input, name: name.trim(), categoryId: input.category_id, categoryName };
  },

  label(row) {
    return row.categoryName === undefined ? row.name : `${row.name} (${row.categoryName})`;
  },

  fileKeys({ name, categoryId }) {
    const key = name.toLowerCase();
    // `x:` is claimed only by rows without a category, which match by name whatever the category.
    if (categoryId !== undefined) {
      return {
        check: [`c:${categoryId}:${key}`, `x:${key}`],
        claim: [
          [`c:${categoryId}:${key}`, 'name and category'],
          [`n:${key}`, 'name'],
        ],
      };
    }
    return {
      check: [`n:${key}`],
      claim: [
        [`n:${key}`, 'name'],
        [`x:${key}`, 'name'],
      ],
    };
  },

  async find({ name, categoryId }, env) {
    const ids = await serviceIds(env.trx, name, categoryId);
    if (ids.length > 1) {
      throw ambiguous(`Several services are named "${name}": add a category column to tell them apart`);
    }
    return ids[0] ?? null;
  },

  async changes({ input }, id, env) {
    const current = await readService(env.trx, id);
    const changes: ServiceInput = {};
    if (input.name !== undefined && input.name.trim() !== current.name) changes.name = input.name;
    if (input.duration_min !== undefined && input.duration_min !== current.duration_min) {
      changes.duration_min = input.duration_min;
    }
    if (input.price !== undefined && toCents(input.price) !== toCents(current.price)) changes.price = input.price;
    if (input.category_id !== undefined && input.category_id !== current.category_id) {
      changes.category_id = input.category_id;
    }
    if (input.vat_rate_id !== undefined && input.vat_rate_id !== current.vat_rate_id) {
      changes.vat_rate_id = input.vat_rate_id;
    }
    return Object.keys(changes).length === 0 ? null : { input: changes, fields: Object.keys(changes) };
  },

  async create({ input }, env) {
    checkCreate(input);
    const created = await createServiceIn(env.trx, env.dialect, input as Parameters<typeof createServiceIn>[2]);
    return created.id;
  },

  async update(id, input, env) {
    checkUpdate(input);
    await updateServiceIn(env.trx, env.dialect, id, input);
  },
};
