import { rmSync } from 'node:fs';
import SqliteDatabase from 'better-sqlite3';
import { DateTime } from 'luxon';
import type { AppContext } from '../src/context.js';
import { connect } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { TokenSigner } from '../src/lib/jwt.js';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { setup } from '../src/modules/auth/service.js';
import { computeOrderTotals, type LineInput } from '../src/modules/pos/totals.js';
import { Progress } from './progress.js';
import { cumulative, Random } from './random.js';

/*
 * The data set of the benchmark: a busy salon chain over five years, written straight into
 * a SQLite file whose schema comes from the app's own migrations and whose first admin comes
 * from the app's own set-up. Everything after that is bulk inserts (prepared statements in
 * big transactions, journal and fsync off during the load), with ids assigned here so rows can
 * refer to each other without reading anything back. The indexes stay: the database's own
 * triggers (booking counters, report rollups) fire on every row and look rows up through them,
 * so what they maintain comes out exactly as the app would have it.
 *
 * Invariants kept (the app's, so the service works on this data as on its own):
 *  - no two non-cancelled bookings of one staff member overlap; all lie inside opening hours
 *    on the slot grid, never on a holiday or the staff member's time off;
 *  - past bookings are completed / cancelled / no-show, future ones scheduled;
 *  - POS orders pass the totals of src/modules/pos/totals.ts and the table's check constraints;
 *  - stock: quantity_on_hand equals the last stock transaction's quantity_after;
 *  - gift-card balances equal their issue minus their redemptions;
 *  - sequences (IO, CRED, ART_PRODUCT) continue after the generated numbers.
 */

export const BENCH_ADMIN_EMAIL = 'owner@bench-salon.example.com';
export const BENCH_ADMIN_PASSWORD = 'bench-admin-password';
export const TIMEZONE = 'Europe/Amsterdam';
/** Bump when the generated data changes shape (part of the cache key). */
export const GENERATOR_VERSION = 1;

export interface GenerateOptions {
  file: string;
  /** 1 = the full chain (2,000,000 bookings); 0.01 for quick iterations. */
  scale: number;
  seed: number;
  /** "today" of the data set, YYYY-MM-DD in the salon time zone. */
  today: string;
}

export interface GenerateSummary {
  counts: Record<string, number>;
  seconds: number;
}

const STAFF = 40;
const LOCATIONS = 3;
const SUPPLIERS = 100;
const PRODUCTS = 500;
const YEARS = 5;
const FUTURE_DAYS = 90;

// [name, minutes, price in cents, category, weight]: mostly short services, as the density of
// 2,000,000 bookings for 40 people in five years demands (about 27 a day each).
export const SERVICES: Array<[string, number, number, number, number]> = [
  ['Fringe trim', 15, 1200, 1, 10],
  ['Beard trim', 15, 1500, 1, 14],
  ["Kids' cut", 15, 1800, 1, 10],
  ['Scalp treatment', 15, 2000, 3, 8],
  ['Wash & blow-dry', 30, 2800, 4, 10],
  ["Men's cut", 30, 3200, 1, 24],
  ['Toner', 30, 3500, 2, 2],
  ["Women's cut", 45, 4500, 1, 10],
  ['Styling / updo', 45, 5500, 4, 2],
  ['Cut & blow-dry', 60, 6200, 1, 4],
  ['Root colour', 60, 6500, 2, 3],
  ['Full colour', 90, 9500, 2, 1.5],
  ['Highlights', 90, 12000, 2, 1],
  ['Perm', 90, 8500, 2, 0.5],
];

// day_of_week 0 = Sunday. Long days: the chain's staff work every opening day.
const OPENING: Array<[number, string, string]> = [
  [0, '10:00', '18:00'],
  [1, '08:00', '21:00'],
  [2, '08:00', '21:00'],
  [3, '08:00', '21:00'],
  [4, '08:00', '21:00'],
  [5, '08:00', '21:00'],
  [6, '08:00', '21:00'],
];

export const FIRST_NAMES = [
  'Emma', 'Sophie', 'Julia', 'Anna', 'Mila', 'Sara', 'Lotte', 'Eva', 'Noor', 'Tess', 'Liam', 'Noah', 'Lucas',
  'Daan', 'Sem', 'Finn', 'Levi', 'Milan', 'Jesse', 'Bram', 'Fleur', 'Iris', 'Lisa', 'Roos', 'Anouk', 'Thomas',
  'Ruben', 'Lars', 'Max', 'Tim', 'Nina', 'Laura', 'Femke', 'Sanne', 'Hugo', 'Jens', 'Mees', 'Yara', 'Zoë', 'Olivia',
]; // prettier-ignore
export const LAST_NAMES = [
  'de Jong', 'Jansen', 'de Vries', 'van den Berg', 'van Dijk', 'Bakker', 'Janssen', 'Visser', 'Smit', 'Meijer',
  'de Boer', 'Mulder', 'de Groot', 'Bos', 'Vos', 'Peters', 'Hendriks', 'van Leeuwen', 'Dekker', 'Brouwer', 'de Wit',
  'Dijkstra', 'Smits', 'de Graaf', 'van der Meer', 'van der Linden', 'Kok', 'Jacobs', 'de Haan', 'Vermeulen',
]; // prettier-ignore
export const PRODUCT_KINDS = [
  'Shampoo',
  'Conditioner',
  'Hair mask',
  'Styling gel',
  'Hair wax',
  'Hairspray',
  'Serum',
  'Oil',
];
export const PRODUCT_LINES = ['Repair', 'Volume', 'Colour Care', 'Curl', 'Men', 'Sensitive', 'Blonde', 'Hydrate'];

type Row = unknown[];

/** Inserts rows through one prepared statement, committing every `batch` rows. */
class Inserter {
  private rows: Row[] = [];
  private readonly statement: SqliteDatabase.Statement;
  private readonly flushRows: (rows: Row[]) => void;
  count = 0;

  /**
   * `after`: inserters whose rows these refer to, flushed first, so that triggers on this
   * table (the report rollups of migration 0012) find the rows they join.
   */
  constructor(
    sqlite: SqliteDatabase.Database,
    readonly table: string,
    columns: string[],
    private readonly after: Inserter[] = [],
    private readonly batch = 20_000,
  ) {
    this.statement = sqlite.prepare(
      `insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`,
    );
    this.flushRows = sqlite.transaction((rows: Row[]) => {
      for (const row of rows) this.statement.run(row);
    });
  }

  add(row: Row): void {
    this.rows.push(row);
    this.count += 1;
    if (this.rows.length >= this.batch) this.flush();
  }

  flush(): void {
    if (this.rows.length === 0) return;
    for (const inserter of this.after) inserter.flush();
    this.flushRows(this.rows);
    this.rows = [];
  }
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

function hhmm(minutes: number): string {
  return `${pad(Math.floor(minutes / 60), 2)}:${pad(minutes % 60, 2)}:00`;
}

function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** UTC ISO instant of a salon wall-clock time on `date`, with that day's offset (no booking is near 02:00). */
function utcIso(date: string, minutes: number, offsetMinutes: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d, 0, minutes - offsetMinutes)).toISOString();
}

function addDays(date: string, days: number): string {
  return DateTime.fromISO(date, { zone: 'utc' }).plus({ days }).toFormat('yyyy-MM-dd');
}

/** Creates the schema and the admin the way the app does: its migrations and its set-up. */
async function createSchema(file: string): Promise<void> {
  const database = connect({ sqliteFile: file });
  try {
    await migrateToLatest(database.db, database.dialect);
    const ctx = {
      db: database.db,
      dialect: database.dialect,
      signer: new TokenSigner('bench-secret-only-used-to-sign-the-setup-token'),
    } as unknown as AppContext;
    await setup(ctx, {
      admin_name: 'Olivia Owner',
      admin_email: BENCH_ADMIN_EMAIL,
      admin_password: BENCH_ADMIN_PASSWORD,
      salon_name: 'Studio Olivia Chain',
      salon_email: 'info@bench-salon.example.com',
      salon_phone: '+31 20 123 4567',
      salon_address: 'Keizersgracht 1, Amsterdam',
      opening_hours: OPENING.map(([day_of_week, open_time, close_time]) => ({ day_of_week, open_time, close_time })),
    });
    await database.db
      .updateTable('settings')
      .set({
        timezone: TIMEZONE,
        bulk_campaigns_enabled: 1,
        booking_mode: 'direct',
        booking_min_lead_hours: 2,
        booking_max_future_days: FUTURE_DAYS,
        calendar_slot_min: 15,
        revenue_forecast_enabled: 1,
        daily_revenue_goal_enabled: 1,
        daily_revenue_goal: 1_500_000,
      })
      .where('id', '=', 1)
      .execute();
  } finally {
    await database.destroy();
  }
}

export async function generate(options: GenerateOptions): Promise<GenerateSummary> {
  const started = Date.now();
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(options.file + suffix, { force: true });
  await createSchema(options.file);

  const random = new Random(options.seed);
  const scale = options.scale;
  const targetClients = Math.max(1000, Math.round(200_000 * scale));
  const targetBookings = Math.max(2000, Math.round(2_000_000 * scale));
  const targetOrders = Math.max(1000, Math.round(1_000_000 * scale));
  const staffHash = await hashPassword('bench-staff-password');

  const sqlite = new SqliteDatabase(options.file);
  // For the load only: no journal, no fsync, a big cache. Put back to the app's WAL at the end.
  sqlite.pragma('journal_mode = OFF');
  sqlite.pragma('synchronous = OFF');
  sqlite.pragma('foreign_keys = OFF');
  sqlite.pragma('cache_size = -262144');
  sqlite.pragma('temp_store = MEMORY');

  const today = options.today;
  const firstDay = addDays(today, -Math.round(365.25 * YEARS));
  const lastDay = addDays(today, FUTURE_DAYS - 1);
  const nowLocal = DateTime.now().setZone(TIMEZONE);
  const nowMinutes = today === nowLocal.toFormat('yyyy-MM-dd') ? nowLocal.hour * 60 + nowLocal.minute : 12 * 60;
  const createdEpoch = utcIso(firstDay, 0, 60);
  const nowIso = new Date().toISOString();

  // ---------------------------------------------------------------- reference data
  const exec = (sql: string, ...params: unknown[]) => sqlite.prepare(sql).run(...params);
  for (let i = 1; i <= LOCATIONS; i += 1) {
    exec(
      `insert into locations (id, name, address, phone, email, is_default, active, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, 1, ?, ?)`,
      i,
      ['Amsterdam Centrum', 'Utrecht', 'Rotterdam'][i - 1],
      `Hoofdstraat ${i}`,
      `+31 20 000 00${i}`,
      `location${i}@bench-salon.example.com`,
      i === 1 ? 1 : 0,
      createdEpoch,
      createdEpoch,
    );
  }
  // The chain's own two rates instead of the standard rate set-up gives a new salon.
  exec('delete from vat_rates');
  exec(
    `insert into vat_rates (id, name, percentage, is_default, is_disabled, created_at, updated_at) values
     (1, 'High', 2100, 1, 0, ?, ?), (2, 'Low', 900, 0, 0, ?, ?)`,
    createdEpoch,
    createdEpoch,
    createdEpoch,
    createdEpoch,
  );
  ['Cuts', 'Colour', 'Care', 'Styling'].forEach((name, index) =>
    exec(
      `insert into service_categories (id, name, color, position, created_at, updated_at) values (?, ?, ?, ?, ?, ?)`,
      index + 1,
      name,
      ['#6e56cf', '#e5484d', '#30a46c', '#f76b15'][index],
      index,
      createdEpoch,
      createdEpoch,
    ),
  );
  SERVICES.forEach(([name, minutes, price, category], index) =>
    exec(
      `insert into services (id, name, duration_min, price, category_id, vat_rate_id, position, active, created_at, updated_at)
       values (?, ?, ?, ?, ?, 1, ?, 1, ?, ?)`,
      index + 1,
      name,
      minutes,
      price,
      category,
      index,
      createdEpoch,
      createdEpoch,
    ),
  );
  const serviceWeights = cumulative(SERVICES.map((s) => s[4]));

  const staffIds: number[] = [];
  const insertUser = sqlite.prepare(
    `insert into users (id, name, email, password_hash, role, require_password_change, active, created_at, updated_at)
     values (?, ?, ?, ?, 'staff', 0, 1, ?, ?)`,
  );
  for (let i = 0; i < STAFF; i += 1) {
    const id = i + 2; // 1 is the admin made by set-up
    staffIds.push(id);
    const name = `${FIRST_NAMES[i % FIRST_NAMES.length]} ${LAST_NAMES[(i * 7) % LAST_NAMES.length]}`;
    insertUser.run(id, name, `staff${i + 1}@bench-salon.example.com`, staffHash, createdEpoch, createdEpoch);
  }
  // The owner runs the chain and takes no clients: a standing time off keeps her off the book.
  exec(
    `insert into time_off (staff_id, start_date, end_date, reason, created_at) values (1, ?, '2099-12-31', 'Owner', ?)`,
    firstDay,
    createdEpoch,
  );
  const defaultShift = sqlite.prepare(
    `insert into default_shifts (staff_id, day_of_week, start_time, end_time, created_at) values (?, ?, ?, ?, ?)`,
  );
  for (const id of staffIds) {
    for (const [day, open, close] of OPENING) defaultShift.run(id, day, open, close, createdEpoch);
  }
  // A week off now and then: bookings are generated around it.
  const timeOff = new Map<number, Array<[string, string]>>();
  const insertTimeOff = sqlite.prepare(
    `insert into time_off (staff_id, start_date, end_date, reason, created_at) values (?, ?, ?, 'Holiday', ?)`,
  );
  for (const id of staffIds) {
    const spans: Array<[string, string]> = [];
    for (let year = 0; year < YEARS; year += 1) {
      const start = addDays(firstDay, year * 365 + random.int(120, 240));
      const end = addDays(start, 6);
      spans.push([start, end]);
      insertTimeOff.run(id, start, end, createdEpoch);
    }
    timeOff.set(id, spans);
  }
  // Christmas and New Year's Day: closed.
  const holidays = new Set<string>();
  const insertHoliday = sqlite.prepare(`insert into holidays (name, date, created_at) values (?, ?, ?)`);
  for (let year = Number(firstDay.slice(0, 4)); year <= Number(lastDay.slice(0, 4)) + 1; year += 1) {
    for (const [name, date] of [
      ['Christmas', `${year}-12-25`],
      ["New Year's Day", `${year}-01-01`],
    ] as const) {
      holidays.add(date);
      insertHoliday.run(name, date, createdEpoch);
    }
  }

  ['Shampoo', 'Conditioner', 'Styling', 'Care', 'Tools'].forEach((name, index) =>
    exec(
      `insert into product_categories (id, name, color, position, created_at, updated_at) values (?, ?, '#6e56cf', ?, ?, ?)`,
      index + 1,
      name,
      index,
      createdEpoch,
      createdEpoch,
    ),
  );
  const insertSupplier = sqlite.prepare(
    `insert into suppliers (id, name, contact_person, email, phone, address, active, creditor_number, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, 1, ?, ?, ?)`,
  );
  for (let i = 1; i <= SUPPLIERS; i += 1) {
    insertSupplier.run(
      i,
      `${LAST_NAMES[i % LAST_NAMES.length]} Hair Supplies ${i}`,
      `${FIRST_NAMES[i % FIRST_NAMES.length]} ${LAST_NAMES[(i * 3) % LAST_NAMES.length]}`,
      `orders@supplier${i}.example.com`,
      `+31 30 ${pad(i, 6)}`,
      `Industrieweg ${i}`,
      `CRED${pad(i, 3)}`,
      createdEpoch,
      createdEpoch,
    );
  }
  exec(`insert into sequences (name, period, value) values ('CRED', '', ?)`, SUPPLIERS);

  interface Product {
    id: number;
    name: string;
    price: number;
    cost: number;
    supplier: number;
    quantity: number;
    threshold: number;
  }
  const products: Product[] = [];
  for (let i = 1; i <= PRODUCTS; i += 1) {
    const price = random.int(8, 45) * 100 + random.pick([0, 50, 95]);
    products.push({
      id: i,
      name: `${PRODUCT_LINES[i % PRODUCT_LINES.length]} ${PRODUCT_KINDS[Math.floor(i / PRODUCT_LINES.length) % PRODUCT_KINDS.length]} ${pad(i, 3)}`,
      price,
      cost: Math.round(price * 0.45),
      supplier: ((i - 1) % SUPPLIERS) + 1,
      quantity: 0,
      threshold: 5,
    });
  }
  const productWeights = cumulative(products.map((_, i) => 1 / (1 + (i % 50))));

  const stockTransactions = new Inserter(sqlite, 'stock_transactions', [
    'product_id',
    'delta',
    'reason',
    'quantity_after',
    'note',
    'purchase_order_id',
    'user_id',
    'created_at',
  ]);
  const moveStock = (product: Product, delta: number, reason: string, orderId: number | null, at: string) => {
    product.quantity += delta;
    stockTransactions.add([product.id, delta, reason, product.quantity, '', orderId, null, at]);
  };
  for (const product of products) moveStock(product, 40, 'adjustment', null, createdEpoch);

  // Promotions, each valid for a season; orders on those days use them now and then.
  interface Promo {
    id: number;
    code: string;
    from: string;
    to: string;
    type: 'percentage' | 'fixed';
    value: number;
    appliesTo: Set<string>;
  }
  const promotions: Promo[] = [];
  const insertPromotion = sqlite.prepare(
    `insert into promotions (id, code, name, discount_type, discount_value, valid_from, valid_to, usage_limit,
       per_client_limit, applies_to, active, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, null, null, ?, 1, ?, ?)`,
  );
  for (let i = 1, day = firstDay; day < today; i += 1, day = addDays(day, 60)) {
    const type = i % 3 === 0 ? 'fixed' : 'percentage';
    const promo: Promo = {
      id: i,
      code: `SEASON${pad(i, 3)}`,
      from: day,
      to: addDays(day, 29),
      type,
      value: type === 'fixed' ? 500 : random.pick([1000, 1500, 2000]),
      appliesTo: new Set(i % 2 === 0 ? ['service', 'product'] : ['product']),
    };
    promotions.push(promo);
    insertPromotion.run(
      promo.id,
      promo.code,
      `Season ${i}`,
      promo.type,
      promo.value,
      promo.from,
      promo.to,
      JSON.stringify([...promo.appliesTo]),
      createdEpoch,
      createdEpoch,
    );
  }

  // ---------------------------------------------------------------- clients
  const clients = new Inserter(sqlite, 'clients', [
    'id',
    'name',
    'email',
    'phone',
    'birthday',
    'gender',
    'notes',
    'marketing_consent',
    'created_at',
    'updated_at',
  ]);
  const firstMs = Date.parse(createdEpoch);
  const spanMs = Date.parse(nowIso) - firstMs;
  const progress = new Progress();
  progress.start('clients', targetClients);
  for (let id = 1; id <= targetClients; id += 1) {
    // Clients arrive over the years; the first 40 % were already clients when the data begins.
    const created = new Date(firstMs + Math.max(0, (id / targetClients - 0.4) / 0.6) * spanMs * 0.98).toISOString();
    const first = FIRST_NAMES[random.int(0, FIRST_NAMES.length - 1)] as string;
    const last = LAST_NAMES[random.int(0, LAST_NAMES.length - 1)] as string;
    clients.add([
      id,
      `${first} ${last}`,
      `client${id}@example.com`,
      `+316${pad(random.int(0, 99_999_999), 8)}`,
      `${random.int(1950, 2010)}-${pad(random.int(1, 12), 2)}-${pad(random.int(1, 28), 2)}`,
      random.pick(['female', 'male', '']),
      '',
      id % 2 === 0 ? 1 : 0, // exactly half consent to marketing: a campaign reaches 100,000
      created,
      created,
    ]);
    if (id % 10_000 === 0) progress.update(id);
  }
  clients.flush();
  progress.done(targetClients);
  /** Clients that exist by this share of the time span (ids are in order of arrival). */
  const clientsBy = (fraction: number) =>
    Math.max(1, Math.min(targetClients, Math.floor((0.4 + 0.6 * fraction) * targetClients)));

  // ---------------------------------------------------------------- bookings, orders and the rest
  const bookings = new Inserter(sqlite, 'bookings', [
    'id',
    'client_id',
    'staff_id',
    'service_id',
    'start_at',
    'end_at',
    'status',
    'notes',
    'internal_notes',
    'price',
    'created_by',
    'created_at',
    'updated_at',
    'location_id',
  ]);
  const reviews = new Inserter(
    sqlite,
    'reviews',
    ['booking_id', 'staff_id', 'client_id', 'rating', 'comment', 'created_at'],
    [bookings],
  );
  const orders = new Inserter(sqlite, 'pos_orders', [
    'id',
    'client_id',
    'staff_id',
    'payment_method',
    'payment_status',
    'subtotal',
    'discount_amount',
    'loyalty_amount',
    'total',
    'gift_card_amount',
    'gift_cards_sold',
    'amount_due',
    'vat_total',
    'promotion_id',
    'discount_code',
    'gift_card_id',
    'loyalty_points_redeemed',
    'loyalty_points_earned',
    'notes',
    'created_at',
    'updated_at',
  ]);
  const orderItems = new Inserter(
    sqlite,
    'pos_order_items',
    [
      'order_id',
      'item_type',
      'item_id',
      'name',
      'quantity',
      'price',
      'line_total',
      'vat_rate',
      'vat_amount',
      'discount_amount',
      'loyalty_amount',
    ],
    [orders],
  );
  const promotionUsages = new Inserter(
    sqlite,
    'promotion_usages',
    ['promotion_id', 'order_id', 'client_id', 'discount_amount', 'created_at'],
    [orders],
  );
  const giftCards = new Inserter(sqlite, 'gift_cards', [
    'id',
    'code',
    'initial_value',
    'balance',
    'expires_on',
    'active',
    'client_id',
    'recipient_name',
    'recipient_email',
    'message',
    'sold_order_id',
    'created_by',
    'created_at',
    'updated_at',
  ]);
  const giftCardTransactions = new Inserter(
    sqlite,
    'gift_card_transactions',
    ['gift_card_id', 'type', 'amount', 'balance_after', 'order_id', 'user_id', 'created_at'],
    [orders],
  );
  const purchaseOrders = new Inserter(sqlite, 'purchase_orders', [
    'id',
    'order_number',
    'supplier_id',
    'staff_id',
    'notes',
    'order_date',
    'expected_date',
    'received_date',
    'packing_slip_number',
    'status',
    'created_at',
    'updated_at',
  ]);
  const purchaseOrderItems = new Inserter(
    sqlite,
    'purchase_order_items',
    ['purchase_order_id', 'product_id', 'quantity', 'unit_cost'],
    [purchaseOrders],
  );

  // Gift cards: balances kept here until the end, when the rows are written with them.
  interface Card {
    id: number;
    code: string;
    initial: number;
    balance: number;
    expires: string;
    client: number;
    orderId: number;
    created: string;
  }
  const cards: Card[] = [];
  const liveCards: Card[] = [];

  // Capacity: bookings per staff-day needed to reach the target, with fewer far ahead.
  const days: string[] = [];
  for (let day = firstDay; day <= lastDay; day = addDays(day, 1)) days.push(day);
  const isOff = (staff: number, day: string) =>
    (timeOff.get(staff) ?? []).some(([start, end]) => day >= start && day <= end);
  const futureFill = (day: string) => {
    const ahead = DateTime.fromISO(day).diff(DateTime.fromISO(today), 'days').days;
    return Math.max(0.15, 0.75 - ahead * 0.0075);
  };
  let pastStaffDays = 0;
  let futureWeight = 0;
  for (const day of days) {
    if (holidays.has(day)) continue;
    if (day < today) pastStaffDays += STAFF;
    else futureWeight += STAFF * futureFill(day);
  }
  const fullDay = 24 * Math.min(1, scale); // bookings in a fully booked future staff-day (at 1.0 fill)
  // 4.5 % more than the plain share: full days drop what does not fit, about that much.
  const perPastStaffDay = (1.045 * Math.max(0, targetBookings - futureWeight * fullDay)) / pastStaffDays;
  const completedShare = 0.78;
  const orderChance = Math.min(1, targetOrders / (targetBookings * completedShare));

  const offsetCache = new Map<string, number>();
  const offsetOf = (day: string) => {
    let offset = offsetCache.get(day);
    if (offset === undefined) {
      offset = DateTime.fromISO(`${day}T12:00`, { zone: TIMEZONE }).offset;
      offsetCache.set(day, offset);
    }
    return offset;
  };

  let bookingId = 0;
  let orderId = 0;
  let cardId = 0;
  let purchaseOrderId = 0;
  const ioCounters = new Map<string, number>();
  let carry = 0;
  progress.start('bookings', targetBookings);
  let lastProgress = 0;

  const sellOrder = (
    day: string,
    endMinutes: number,
    client: number,
    staff: number,
    serviceIndex: number,
    servicePrice: number,
  ) => {
    orderId += 1;
    const offset = offsetOf(day);
    const at = utcIso(day, endMinutes + random.int(0, 10), offset);
    const service = SERVICES[serviceIndex] as (typeof SERVICES)[number];
    const lines: Array<LineInput & { type: string; id: number; name: string; product?: Product }> = [];
    const promo = random.chance(0.05) ? promotions.find((p) => day >= p.from && day <= p.to) : undefined;
    lines.push({
      type: 'service',
      id: serviceIndex + 1,
      name: service[0],
      price: servicePrice,
      quantity: 1,
      vatRate: 2100,
      discountable: promo?.appliesTo.has('service') ?? false,
    });
    const productCount = random.weighted([55, 85, 100]);
    for (let i = 0; i < productCount; i += 1) {
      const product = products[random.weighted(productWeights)] as Product;
      if (lines.some((line) => line.product === product)) continue;
      lines.push({
        type: 'product',
        id: product.id,
        name: product.name,
        price: product.price,
        quantity: random.chance(0.9) ? 1 : 2,
        vatRate: 2100,
        discountable: promo?.appliesTo.has('product') ?? false,
        product,
      });
    }
    // Gift cards: some orders sell one, some pay with one sold earlier.
    const sold = random.chance(0.015) ? random.pick([2500, 5000, 7500, 10000]) : 0;
    let card: Card | undefined;
    if (random.chance(0.02)) {
      while (liveCards.length > 0 && !card) {
        const index = random.int(0, liveCards.length - 1);
        const candidate = liveCards[index] as Card;
        if (candidate.balance > 0 && candidate.expires >= day && candidate.orderId !== orderId) card = candidate;
        else {
          liveCards[index] = liveCards[liveCards.length - 1] as Card;
          liveCards.pop();
        }
        if (card) break;
        if (liveCards.length === 0) break;
      }
    }
    const totals = computeOrderTotals({
      lines,
      promotion: promo ? { type: promo.type, value: promo.value } : null,
      giftCardBalance: card?.balance ?? 0,
      giftCardsSold: sold,
    });
    const method = totals.amount_due === 0 ? 'cash' : random.pick(['cash', 'card', 'card', 'card', 'online']);
    const status = random.chance(0.985) ? 'paid' : 'failed';
    orders.add([
      orderId,
      client,
      staff,
      method,
      status,
      totals.subtotal,
      totals.discount_amount,
      0,
      totals.total,
      totals.gift_card_amount,
      totals.gift_cards_sold,
      totals.amount_due,
      totals.vat_total,
      promo && totals.discount_amount > 0 ? promo.id : null,
      promo && totals.discount_amount > 0 ? promo.code : null,
      card && totals.gift_card_amount > 0 ? card.id : null,
      0,
      0,
      '',
      at,
      at,
    ]);
    lines.forEach((line, index) => {
      const t = totals.lines[index];
      if (!t) return;
      orderItems.add([
        orderId,
        line.type,
        line.id,
        line.name,
        line.quantity,
        line.price,
        t.line_total,
        line.vatRate,
        t.vat_amount,
        t.discount_amount,
        t.loyalty_amount,
      ]);
      if (line.product) moveStock(line.product, -line.quantity, 'sale', null, at);
    });
    if (promo && totals.discount_amount > 0) {
      promotionUsages.add([promo.id, orderId, client, totals.discount_amount, at]);
    }
    if (card && totals.gift_card_amount > 0) {
      card.balance -= totals.gift_card_amount;
      giftCardTransactions.add([card.id, 'redeem', -totals.gift_card_amount, card.balance, orderId, null, at]);
    }
    if (sold > 0) {
      cardId += 1;
      const created: Card = {
        id: cardId,
        code: `GC${pad(cardId, 6)}${random.hex(6).toUpperCase()}`,
        initial: sold,
        balance: sold,
        expires: addDays(day, 365),
        client,
        orderId,
        created: at,
      };
      cards.push(created);
      liveCards.push(created);
      giftCardTransactions.add([created.id, 'issue', sold, sold, orderId, null, at]);
    }
  };

  const restock = (day: string) => {
    const bySupplier = new Map<number, Product[]>();
    for (const product of products) {
      if (product.quantity > 30) continue;
      const list = bySupplier.get(product.supplier) ?? [];
      list.push(product);
      bySupplier.set(product.supplier, list);
    }
    for (const [supplier, list] of bySupplier) {
      purchaseOrderId += 1;
      const year = day.slice(2, 4);
      const number = (ioCounters.get(year) ?? 0) + 1;
      ioCounters.set(year, number);
      const ordered = addDays(day, -3);
      const at = utcIso(day, 9 * 60, offsetOf(day));
      purchaseOrders.add([
        purchaseOrderId,
        `IO${year}${pad(number, 4)}`,
        supplier,
        staffIds[supplier % STAFF],
        '',
        ordered,
        day,
        day,
        `PS-${purchaseOrderId}`,
        'received',
        utcIso(ordered, 9 * 60, offsetOf(ordered)),
        at,
      ]);
      for (const product of list) {
        const quantity = 12 * Math.ceil((200 - product.quantity) / 12);
        purchaseOrderItems.add([purchaseOrderId, product.id, quantity, product.cost]);
        moveStock(product, quantity, 'delivery', purchaseOrderId, at);
      }
    }
  };

  const statusWeights = cumulative([78, 18, 4]); // completed, cancelled, no-show
  for (const [dayIndex, day] of days.entries()) {
    if (holidays.has(day)) continue;
    const weekday = DateTime.fromISO(day, { zone: 'utc' }).weekday % 7;
    const [, open, close] = OPENING[weekday] as [number, string, string];
    const openMin = minutesOf(open);
    const closeMin = minutesOf(close);
    const capacity = closeMin - openMin;
    const future = day >= today;
    const clientLimit = clientsBy(Math.min(1, (dayIndex / days.length) * 1.02));
    const priceFactor = 1 - 0.03 * Math.max(0, (days.length - FUTURE_DAYS - dayIndex) / 365);
    const offset = offsetOf(day);
    if (!future) restock(day);
    for (const staff of staffIds) {
      if (isOff(staff, day)) continue;
      const wanted = future ? fullDay * futureFill(day) : perPastStaffDay;
      const exact = wanted * (0.85 + 0.3 * random.next()) + carry;
      let count = Math.floor(exact);
      if (random.next() < exact - count) count += 1;
      // Statuses first: cancelled bookings keep no time, the others are laid end to end.
      const planned: Array<{ service: number; status: string }> = [];
      for (let i = 0; i < count; i += 1) {
        const service = random.weighted(serviceWeights);
        let status = 'scheduled';
        if (!future) status = ['completed', 'cancelled', 'no-show'][random.weighted(statusWeights)] as string;
        else if (random.chance(0.05)) status = 'cancelled';
        planned.push({ service, status });
      }
      let used = 0;
      const kept: typeof planned = [];
      for (const booking of planned) {
        if (booking.status === 'cancelled') {
          kept.push(booking);
          continue;
        }
        const minutes = (SERVICES[booking.service] as (typeof SERVICES)[number])[1];
        if (used + minutes > capacity) continue;
        used += minutes;
        kept.push(booking);
      }
      carry = exact - kept.length;
      carry = Math.max(-5, Math.min(5, carry));
      // Free quarter-hours spread between the bookings.
      let slack = (capacity - used) / 15;
      let cursor = openMin;
      const active = kept.filter((b) => b.status !== 'cancelled').length;
      let activeSeen = 0;
      for (const booking of kept) {
        const [, minutes, basePrice] = SERVICES[booking.service] as (typeof SERVICES)[number];
        let start: number;
        if (booking.status === 'cancelled') {
          start = openMin + 15 * random.int(0, (capacity - minutes) / 15);
        } else {
          const remaining = active - activeSeen;
          const gap = remaining > 0 ? Math.min(slack, Math.floor((random.next() * 2 * slack) / (remaining + 1))) : 0;
          slack -= gap;
          cursor += gap * 15;
          start = cursor;
          cursor += minutes;
          activeSeen += 1;
        }
        let status = booking.status;
        if (future && status !== 'cancelled' && day === today && start < nowMinutes) status = 'completed';
        bookingId += 1;
        const client = 1 + Math.floor(clientLimit * random.next() ** 1.6);
        const price = Math.round((basePrice * priceFactor) / 10) * 10;
        const startText = `${day} ${hhmm(start)}`;
        const created = utcIso(day, start - 60 * 24 * random.int(1, 30), offset);
        bookings.add([
          bookingId,
          client,
          staff,
          booking.service + 1,
          startText,
          `${day} ${hhmm(start + minutes)}`,
          status,
          '',
          '',
          price,
          random.chance(0.3) ? staff : null,
          created,
          created,
          // Each staff member works at one of the chain's locations (staff ids start at 2).
          1 + ((staff - 2) % LOCATIONS),
        ]);
        if (status === 'completed') {
          if (random.chance(orderChance)) {
            sellOrder(day, start + minutes, client, staff, booking.service, price);
          }
          if (random.chance(0.08)) {
            const rating = 5 - random.weighted(cumulative([55, 30, 10, 3, 2]));
            reviews.add([
              bookingId,
              staff,
              client,
              rating,
              rating >= 4 ? 'Lovely as always' : '',
              utcIso(day, start + 24 * 60 + 600, offset),
            ]);
          }
        }
      }
    }
    if (bookingId - lastProgress >= 20_000) {
      progress.update(bookingId);
      lastProgress = bookingId;
    }
  }
  progress.done(bookingId);

  progress.start('gift cards, sequences', 1);
  for (const card of cards) {
    giftCards.add([
      card.id,
      card.code,
      card.initial,
      card.balance,
      card.expires,
      1,
      card.client,
      'Gift',
      null,
      '',
      card.orderId,
      null,
      card.created,
      card.created,
    ]);
  }
  for (const inserter of [
    bookings,
    reviews,
    orders,
    orderItems,
    promotionUsages,
    giftCards,
    giftCardTransactions,
    purchaseOrders,
    purchaseOrderItems,
    stockTransactions,
  ]) {
    inserter.flush();
  }
  const updateProduct = sqlite.prepare(
    `insert into products (id, name, sku, price, purchase_price, quantity_on_hand, low_stock_threshold, category_id,
       supplier_id, vat_rate_id, ean_code, article_number, active, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, 1, ?, ?)`,
  );
  sqlite.transaction(() => {
    for (const product of products) {
      updateProduct.run(
        product.id,
        product.name,
        `SKU-${pad(product.id, 5)}`,
        product.price,
        product.cost,
        product.quantity,
        product.threshold,
        (product.id % 5) + 1,
        product.supplier,
        `87${pad(product.id, 11)}`,
        `ART_PRODUCT${pad(product.id, 3)}`,
        createdEpoch,
        createdEpoch,
      );
    }
  })();
  exec(`insert into sequences (name, period, value) values ('ART_PRODUCT', '', ?)`, PRODUCTS);
  for (const [year, value] of ioCounters) {
    exec(`insert into sequences (name, period, value) values ('IO', ?, ?)`, year, value);
  }
  progress.done(1);

  // The calendar's change log (booking_changes) got a row per generated booking from its
  // triggers; it is what the live streams resume from, not history: a real salon's holds a day.
  exec('delete from booking_changes');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('journal_mode = WAL');
  sqlite.close();

  const counts: Record<string, number> = {
    clients: clients.count,
    bookings: bookings.count,
    reviews: reviews.count,
    pos_orders: orders.count,
    pos_order_items: orderItems.count,
    stock_transactions: stockTransactions.count,
    purchase_orders: purchaseOrders.count,
    gift_cards: giftCards.count,
    promotion_usages: promotionUsages.count,
  };
  return { counts, seconds: (Date.now() - started) / 1000 };
}
