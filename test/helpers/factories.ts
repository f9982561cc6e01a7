import { randomBytes } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { AppContext } from '../../src/context.js';
import type { PosOrderItemsTable, PosOrdersTable } from '../../src/db/tables/pos.js';
import type { BookingsTable, ClientsTable, DB, ProductsTable, Role, ServicesTable } from '../../src/db/types.js';
import { hashPassword } from '../../src/modules/auth/passwords.js';

let counter = 0;

/** An email address no other test uses. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${process.pid}.${counter}.${randomBytes(3).toString('hex')}@example.com`;
}

/** A word of letters only (a digit would meet the phone part of a client search), unique to this run. */
export function uniqueLetters(): string {
  counter += 1;
  return (process.pid * 1000 + counter).toString(26).replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)]!);
}

const hashes = new Map<string, Promise<string>>();

/**
 * The argon2id hash of `password`, computed once per process: a hash costs about 50 ms of
 * CPU, and a test that needs a signed-in user is not about hashing. The hash is the real
 * one, so the password still signs in through POST /api/auth/login.
 */
function passwordHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

export interface TestUser {
  id: number;
  email: string;
  name: string;
  role: Role;
  password: string;
  /** An access token signed by the app's own signer, as login would answer. */
  token: string;
}

/**
 * A user row written straight to the database with a known password, and its access token.
 * For tests that need a signed-in admin or staff member and are not about registration or
 * sign-in (the auth tests go through the API).
 */
export async function insertUser(
  ctx: Pick<AppContext, 'db' | 'signer'>,
  options: { role?: Role; password?: string; name?: string; email?: string } = {},
): Promise<TestUser> {
  const role = options.role ?? 'staff';
  const password = options.password ?? 'staff-password-1';
  const now = new Date().toISOString();
  const user = await ctx.db
    .insertInto('users')
    .values({
      name: options.name ?? `Test ${role}`,
      email: (options.email ?? uniqueEmail(role)).toLowerCase(),
      password_hash: await passwordHash(password),
      role,
      require_password_change: 0,
      created_at: now,
      updated_at: now,
    })
    .returning(['id', 'email', 'name', 'role'])
    .executeTakeFirstOrThrow();
  return { ...user, password, token: await ctx.signer.signAccess(user.id, user.role) };
}

/** The values of a client row (email unique, marketing consent off), for one insert or many. */
export function clientRow(overrides: Partial<Insertable<ClientsTable>> = {}): Insertable<ClientsTable> {
  const now = new Date().toISOString();
  return {
    name: 'Clara Client',
    email: uniqueEmail('client'),
    phone: '',
    birthday: null,
    gender: '',
    notes: '',
    marketing_consent: 0,
    password_hash: null,
    erased_at: null,
    merged_into_id: null,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}

/** A client row written straight to the database (email unique, marketing consent off). */
export async function insertClient(
  db: Kysely<DB>,
  overrides: Partial<Insertable<ClientsTable>> = {},
): Promise<{ id: number; name: string; email: string | null }> {
  return db
    .insertInto('clients')
    .values(clientRow(overrides))
    .returning(['id', 'name', 'email'])
    .executeTakeFirstOrThrow();
}

/** A service row written straight to the database: 60 minutes, 45.00 (money in cents). */
export async function insertService(
  db: Kysely<DB>,
  overrides: Partial<Insertable<ServicesTable>> = {},
): Promise<{ id: number; name: string; duration_min: number; price: number }> {
  counter += 1;
  const now = new Date().toISOString();
  return db
    .insertInto('services')
    .values({
      name: `Cut ${process.pid}-${counter}`,
      duration_min: 60,
      price: 4500,
      category_id: null,
      vat_rate_id: null,
      position: 0,
      active: 1,
      created_at: now,
      updated_at: now,
      ...overrides,
    })
    .returning(['id', 'name', 'duration_min', 'price'])
    .executeTakeFirstOrThrow();
}

/**
 * A product row written straight to the database, for tests of other modules that need
 * stock to exist (purchase orders, sales). Money in cents. Tests of the product API itself
 * create products through the API instead.
 */
export async function insertProduct(
  db: Kysely<DB>,
  overrides: Partial<Omit<ProductsTable, 'id'>> = {},
): Promise<{ id: number; name: string; sku: string; quantity_on_hand: number }> {
  counter += 1;
  const now = new Date().toISOString();
  return db
    .insertInto('products')
    .values({
      name: `Test product ${process.pid}-${counter}`,
      sku: `SKU-${process.pid}-${counter}`,
      price: 1995,
      purchase_price: 900,
      quantity_on_hand: 10,
      low_stock_threshold: 5,
      category_id: null,
      supplier_id: null,
      vat_rate_id: null,
      ean_code: '',
      article_number: `TEST${process.pid}${counter}`,
      active: 1,
      created_at: now,
      updated_at: now,
      ...overrides,
    })
    .returning(['id', 'name', 'sku', 'quantity_on_hand'])
    .executeTakeFirstOrThrow();
}

/**
 * A POS order row written straight to the database (reports, segments and automations need
 * orders at chosen times and statuses without going through the till). Money in cents; by
 * default a paid cash order with `subtotal = total + discount_amount`, due in full, created now.
 */
export async function insertPosOrder(
  db: Kysely<DB>,
  fields: Pick<Insertable<PosOrdersTable>, 'client_id' | 'staff_id' | 'total'> & Partial<Insertable<PosOrdersTable>>,
): Promise<number> {
  const createdAt = fields.created_at ?? new Date().toISOString();
  const discount = fields.discount_amount ?? 0;
  const row = await db
    .insertInto('pos_orders')
    .values({
      payment_method: 'cash',
      payment_status: 'paid',
      subtotal: fields.total + discount,
      discount_amount: discount,
      loyalty_amount: 0,
      gift_card_amount: 0,
      gift_cards_sold: 0,
      amount_due: fields.total,
      vat_total: 0,
      promotion_id: null,
      discount_code: null,
      gift_card_id: null,
      loyalty_points_redeemed: 0,
      loyalty_points_earned: 0,
      notes: '',
      updated_at: createdAt,
      ...fields,
      created_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type OrderLineFields = Pick<
  Insertable<PosOrderItemsTable>,
  'item_type' | 'item_id' | 'quantity' | 'line_total'
> &
  Partial<Insertable<PosOrderItemsTable>>;

/** Lines of an order, in one statement as the till writes them; no VAT, unit price from the total. */
export async function insertOrderLines(db: Kysely<DB>, orderId: number, lines: OrderLineFields[]): Promise<void> {
  await db
    .insertInto('pos_order_items')
    .values(
      lines.map((line) => ({
        name: 'sold',
        price: Math.round(line.line_total / line.quantity),
        vat_rate: 0,
        vat_amount: 0,
        discount_amount: 0,
        loyalty_amount: 0,
        client_package_id: null,
        ...line,
        order_id: orderId,
      })),
    )
    .execute();
}

/** A booking row written straight to the database, bypassing the booking rules (overlap, hours). */
export async function insertBooking(
  db: Kysely<DB>,
  fields: Pick<
    Insertable<BookingsTable>,
    'client_id' | 'staff_id' | 'service_id' | 'start_at' | 'end_at' | 'status' | 'price'
  > &
    Partial<Insertable<BookingsTable>>,
): Promise<number> {
  const createdAt = fields.created_at ?? new Date().toISOString();
  const row = await db
    .insertInto('bookings')
    .values({ notes: '', internal_notes: '', updated_at: createdAt, ...fields, created_at: createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
