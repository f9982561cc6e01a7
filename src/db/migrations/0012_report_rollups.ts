import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connection.js';

/*
 * Report rollups (spec 4.8 on years of data). Summing a million orders or two million
 * bookings on every report request takes seconds, so the database keeps running totals per
 * month, maintained by triggers on the source tables: every write path (the till, payment
 * webhooks, bookings, merges, anything added later) keeps them right without knowing of them,
 * and inside the writer's own transaction, so a rollback takes the total back too.
 *
 *  - report_order_months   (month of created_at in UTC, staff_id): revenue and count of paid orders
 *  - report_item_months    (month of the order's created_at, item_type, item_id): qty and item revenue of paid orders
 *  - report_booking_months (month of start_at, wall clock, staff_id): completed bookings
 *  - report_booking_hours  (weekday 0 = Sunday, hour of start_at): bookings not cancelled
 *  - report_client_visits  (client_id): visit days (days with a completed booking), first and last
 *
 * A report over a range sums the whole months inside it from the rollups and the partial
 * months at its edges from the source rows (the reporting module, rollups.ts).
 *
 * Concurrency: SQLite runs one writer at a time. On PostgreSQL each upsert locks its rollup
 * row until commit; the rows of one statement are locked in key order (items through a
 * statement-level trigger with ORDER BY, bookings old/new keys sorted, clients by id), and
 * every writer takes them in the same category order (orders, then items; booking months,
 * hours, then client visits: PostgreSQL fires a table's triggers in name order), so two
 * writers cannot deadlock on them.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's table types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // Retention: a client's completed visits before a day (one seek per client), and the churn
  // probes; and the completed visits of a range with their clients, from the index alone
  // (bookings_status_start of 0011 gains client_id for that).
  await db.schema
    .createIndex('bookings_status_client_start')
    .on('bookings')
    .columns(['status', 'client_id', 'start_at'])
    .execute();
  await db.schema.dropIndex('bookings_status_start').execute();
  await db.schema
    .createIndex('bookings_status_start')
    .on('bookings')
    .columns(['status', 'start_at', 'staff_id', 'price', 'client_id'])
    .execute();

  await db.schema
    .createTable('report_order_months')
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    .addColumn('revenue', 'bigint', (c) => c.notNull())
    .addColumn('orders', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_order_months_pk', ['month', 'staff_id'])
    .execute();
  await db.schema
    .createTable('report_item_months')
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('qty', 'bigint', (c) => c.notNull())
    .addColumn('revenue', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_item_months_pk', ['month', 'item_type', 'item_id'])
    .execute();
  await db.schema
    .createTable('report_booking_months')
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    .addColumn('completed', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_booking_months_pk', ['month', 'staff_id'])
    .execute();
  await db.schema
    .createTable('report_booking_hours')
    .addColumn('dow', 'integer', (c) => c.notNull())
    .addColumn('hour', 'integer', (c) => c.notNull())
    .addColumn('bookings', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_booking_hours_pk', ['dow', 'hour'])
    .execute();

  await db.schema
    .createTable('report_client_visits')
    .addColumn('client_id', 'integer', (c) => c.primaryKey())
    .addColumn('visit_days', 'integer', (c) => c.notNull())
    .addColumn('first_day', 'text')
    .addColumn('last_day', 'text')
    .execute();

  if (dialect === 'postgres') await postgresTriggers(db);
  else await sqliteTriggers(db);
  await backfillReportRollups(db, dialect);
}

/** Fills the new rollups from the source rows already there when the migration runs. */
async function backfillReportRollups(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
  db: Kysely<any>,
  dialect: Dialect,
): Promise<void> {
  const dow =
    dialect === 'postgres'
      ? sql`cast(extract(dow from cast(start_at as timestamp)) as integer)`
      : sql`cast(strftime('%w', start_at) as integer)`;
  await sql`
    insert into report_order_months (month, staff_id, revenue, orders)
    select substr(created_at, 1, 7), staff_id, sum(total), count(*)
    from pos_orders where payment_status = 'paid'
    group by substr(created_at, 1, 7), staff_id`.execute(db);
  await sql`
    insert into report_item_months (month, item_type, item_id, qty, revenue)
    select substr(o.created_at, 1, 7), i.item_type, i.item_id, sum(i.quantity), sum(i.line_total - i.discount_amount - i.loyalty_amount)
    from pos_order_items i join pos_orders o on o.id = i.order_id
    where o.payment_status = 'paid'
    group by substr(o.created_at, 1, 7), i.item_type, i.item_id`.execute(db);
  await sql`
    insert into report_booking_months (month, staff_id, completed)
    select substr(start_at, 1, 7), staff_id, count(*)
    from bookings where status = 'completed'
    group by substr(start_at, 1, 7), staff_id`.execute(db);
  await sql`
    insert into report_client_visits (client_id, visit_days, first_day, last_day)
    select client_id, count(distinct substr(start_at, 1, 10)), min(substr(start_at, 1, 10)), max(substr(start_at, 1, 10))
    from bookings where status = 'completed'
    group by client_id`.execute(db);
  await sql`
    insert into report_booking_hours (dow, hour, bookings)
    select ${dow}, cast(substr(start_at, 12, 2) as integer), count(*)
    from bookings where status <> 'cancelled'
    group by ${dow}, cast(substr(start_at, 12, 2) as integer)`.execute(db);
}

async function sqliteTriggers(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
  db: Kysely<any>,
): Promise<void> {
  const orderMonth = (row: 'old' | 'new', sign: '' | '-') => `
    insert into report_order_months (month, staff_id, revenue, orders)
    select substr(${row}.created_at, 1, 7), ${row}.staff_id, ${sign}${row}.total, ${sign}1
    where ${row}.payment_status = 'paid'
    on conflict (month, staff_id) do update
      set revenue = revenue + excluded.revenue, orders = orders + excluded.orders;`;
  const orderItems = (row: 'old' | 'new', sign: '' | '-') => `
    insert into report_item_months (month, item_type, item_id, qty, revenue)
    select substr(${row}.created_at, 1, 7), i.item_type, i.item_id, ${sign}sum(i.quantity),
      ${sign}sum(i.line_total - i.discount_amount - i.loyalty_amount)
    from pos_order_items i
    where i.order_id = ${row}.id and ${row}.payment_status = 'paid'
    group by i.item_type, i.item_id
    on conflict (month, item_type, item_id) do update
      set qty = qty + excluded.qty, revenue = revenue + excluded.revenue;`;
  const line = (row: 'old' | 'new', sign: '' | '-') => `
    insert into report_item_months (month, item_type, item_id, qty, revenue)
    select substr(o.created_at, 1, 7), ${row}.item_type, ${row}.item_id, ${sign}${row}.quantity,
      ${sign}(${row}.line_total - ${row}.discount_amount - ${row}.loyalty_amount)
    from pos_orders o
    where o.id = ${row}.order_id and o.payment_status = 'paid'
    on conflict (month, item_type, item_id) do update
      set qty = qty + excluded.qty, revenue = revenue + excluded.revenue;`;
  const bookingMonth = (row: 'old' | 'new', sign: '' | '-') => `
    insert into report_booking_months (month, staff_id, completed)
    select substr(${row}.start_at, 1, 7), ${row}.staff_id, ${sign}1
    where ${row}.status = 'completed'
    on conflict (month, staff_id) do update set completed = completed + excluded.completed;`;
  const bookingHour = (row: 'old' | 'new', sign: '' | '-') => `
    insert into report_booking_hours (dow, hour, bookings)
    select cast(strftime('%w', ${row}.start_at) as integer), cast(substr(${row}.start_at, 12, 2) as integer), ${sign}1
    where ${row}.status <> 'cancelled'
    on conflict (dow, hour) do update set bookings = bookings + excluded.bookings;`;

  // A change or removal recounts the client's visits from their own completed bookings (a
  // seek, a handful of rows): whether a day stays a visit depends on the others that day.
  const clientVisits = (row: 'old' | 'new') => `
    insert into report_client_visits (client_id, visit_days, first_day, last_day)
    select ${row}.client_id, count(distinct substr(start_at, 1, 10)), min(substr(start_at, 1, 10)), max(substr(start_at, 1, 10))
    from bookings where status = 'completed' and client_id = ${row}.client_id
    on conflict (client_id) do update
      set visit_days = excluded.visit_days, first_day = excluded.first_day, last_day = excluded.last_day;`;

  // A new completed booking only adds its day, unless the client already has one that day.
  const addVisit = `
    insert into report_client_visits (client_id, visit_days, first_day, last_day)
    values (new.client_id, 1, substr(new.start_at, 1, 10), substr(new.start_at, 1, 10))
    on conflict (client_id) do update set
      visit_days = visit_days + case when exists (
          select 1 from bookings b
          where b.status = 'completed' and b.client_id = new.client_id and b.id <> new.id
            and b.start_at >= substr(new.start_at, 1, 10) || ' 00:00:00'
            and b.start_at <= substr(new.start_at, 1, 10) || ' 23:59:59'
        ) then 0 else 1 end,
      first_day = case when first_day is null or excluded.first_day < first_day then excluded.first_day else first_day end,
      last_day = case when last_day is null or excluded.last_day > last_day then excluded.last_day else last_day end;`;

  const statements = [
    `create trigger report_client_visits_insert after insert on bookings when new.status = 'completed'
       begin ${addVisit} end`,
    `create trigger report_client_visits_update after update of status, start_at, client_id on bookings
       when old.status = 'completed' or new.status = 'completed'
       begin ${clientVisits('old')} ${clientVisits('new')} end`,
    `create trigger report_client_visits_delete after delete on bookings when old.status = 'completed'
       begin ${clientVisits('old')} end`,
    `create trigger report_pos_orders_insert after insert on pos_orders begin ${orderMonth('new', '')} end`,
    `create trigger report_pos_orders_update after update of payment_status, total, staff_id, created_at on pos_orders begin
       ${orderMonth('old', '-')} ${orderItems('old', '-')} ${orderMonth('new', '')} ${orderItems('new', '')} end`,
    `create trigger report_pos_orders_delete after delete on pos_orders begin ${orderMonth('old', '-')} end`,
    `create trigger report_pos_order_items_insert after insert on pos_order_items begin ${line('new', '')} end`,
    `create trigger report_pos_order_items_update after update of order_id, item_type, item_id, quantity, line_total, discount_amount, loyalty_amount on pos_order_items begin
       ${line('old', '-')} ${line('new', '')} end`,
    `create trigger report_pos_order_items_delete after delete on pos_order_items begin ${line('old', '-')} end`,
    `create trigger report_bookings_insert after insert on bookings begin ${bookingMonth('new', '')} ${bookingHour('new', '')} end`,
    `create trigger report_bookings_update after update of status, start_at, staff_id on bookings begin
       ${bookingMonth('old', '-')} ${bookingMonth('new', '')} ${bookingHour('old', '-')} ${bookingHour('new', '')} end`,
    `create trigger report_bookings_delete after delete on bookings begin ${bookingMonth('old', '-')} ${bookingHour('old', '-')} end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

async function postgresTriggers(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
  db: Kysely<any>,
): Promise<void> {
  // Orders: the order's own month row; its lines when it becomes (or stops being) paid.
  await sql
    .raw(
      `create function report_pos_orders_change() returns trigger language plpgsql as $$
       begin
         if tg_op in ('UPDATE', 'DELETE') and old.payment_status = 'paid' then
           insert into report_order_months as r (month, staff_id, revenue, orders)
           values (substr(old.created_at, 1, 7), old.staff_id, -old.total, -1)
           on conflict (month, staff_id) do update
             set revenue = r.revenue + excluded.revenue, orders = r.orders + excluded.orders;
           insert into report_item_months as r (month, item_type, item_id, qty, revenue)
           select substr(old.created_at, 1, 7), i.item_type, i.item_id, -sum(i.quantity),
             -sum(i.line_total - i.discount_amount - i.loyalty_amount)
           from pos_order_items i where i.order_id = old.id
           group by i.item_type, i.item_id order by i.item_type, i.item_id
           on conflict (month, item_type, item_id) do update
             set qty = r.qty + excluded.qty, revenue = r.revenue + excluded.revenue;
         end if;
         if tg_op in ('INSERT', 'UPDATE') and new.payment_status = 'paid' then
           insert into report_order_months as r (month, staff_id, revenue, orders)
           values (substr(new.created_at, 1, 7), new.staff_id, new.total, 1)
           on conflict (month, staff_id) do update
             set revenue = r.revenue + excluded.revenue, orders = r.orders + excluded.orders;
           insert into report_item_months as r (month, item_type, item_id, qty, revenue)
           select substr(new.created_at, 1, 7), i.item_type, i.item_id, sum(i.quantity),
             sum(i.line_total - i.discount_amount - i.loyalty_amount)
           from pos_order_items i where i.order_id = new.id
           group by i.item_type, i.item_id order by i.item_type, i.item_id
           on conflict (month, item_type, item_id) do update
             set qty = r.qty + excluded.qty, revenue = r.revenue + excluded.revenue;
         end if;
         return null;
       end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger report_pos_orders after insert or delete or update of payment_status, total, staff_id, created_at
       on pos_orders for each row execute function report_pos_orders_change()`,
    )
    .execute(db);
  await postgresItemTriggers(db);
  await postgresBookingTriggers(db);
}

async function postgresItemTriggers(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
  db: Kysely<any>,
): Promise<void> {
  // One function per event: a statement-level trigger sees only the transition tables its
  // event declares (an INSERT has no old table).
  const body = (parts: { rows: string; sign: '' | '-' }[]) => `
    begin
      insert into report_item_months as r (month, item_type, item_id, qty, revenue)
      select substr(o.created_at, 1, 7), d.item_type, d.item_id, sum(d.qty), sum(d.revenue)
      from (
        ${parts
          .map(
            ({ rows, sign }) => `select order_id, item_type, item_id, ${sign}quantity as qty,
              ${sign}(line_total - discount_amount - loyalty_amount) as revenue from ${rows}`,
          )
          .join(' union all ')}
      ) d join pos_orders o on o.id = d.order_id
      where o.payment_status = 'paid'
      group by substr(o.created_at, 1, 7), d.item_type, d.item_id
      order by 1, 2, 3
      on conflict (month, item_type, item_id) do update
        set qty = r.qty + excluded.qty, revenue = r.revenue + excluded.revenue;
      return null;
    end`;
  const events = [
    { event: 'insert', referencing: 'new table as new_rows', parts: [{ rows: 'new_rows', sign: '' as const }] },
    {
      event: 'update',
      referencing: 'old table as old_rows new table as new_rows',
      parts: [
        { rows: 'old_rows', sign: '-' as const },
        { rows: 'new_rows', sign: '' as const },
      ],
    },
    { event: 'delete', referencing: 'old table as old_rows', parts: [{ rows: 'old_rows', sign: '-' as const }] },
  ];
  for (const { event, referencing, parts } of events) {
    await sql
      .raw(`create function report_pos_order_items_${event}() returns trigger language plpgsql as $$ ${body(parts)} $$`)
      .execute(db);
    await sql
      .raw(
        `create trigger report_pos_order_items_${event} after ${event} on pos_order_items
         referencing ${referencing} for each statement execute function report_pos_order_items_${event}()`,
      )
      .execute(db);
  }
}

async function postgresBookingTriggers(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
  db: Kysely<any>,
): Promise<void> {
  // Old and new keys are applied in key order (months, then hours), so two bookings moved in
  // opposite directions cannot lock the same two rows in opposite orders.
  await sql
    .raw(
      `create function report_bookings_change() returns trigger language plpgsql as $$
       begin
         insert into report_booking_months as r (month, staff_id, completed)
         select month, staff_id, sum(delta) from (
           select substr(old.start_at, 1, 7) as month, old.staff_id as staff_id, -1 as delta
           where tg_op in ('UPDATE', 'DELETE') and old.status = 'completed'
           union all
           select substr(new.start_at, 1, 7), new.staff_id, 1
           where tg_op in ('INSERT', 'UPDATE') and new.status = 'completed'
         ) d group by month, staff_id order by month, staff_id
         on conflict (month, staff_id) do update set completed = r.completed + excluded.completed;
         insert into report_booking_hours as r (dow, hour, bookings)
         select dow, hour, sum(delta) from (
           select cast(extract(dow from cast(old.start_at as timestamp)) as integer) as dow,
             cast(substr(old.start_at, 12, 2) as integer) as hour, -1 as delta
           where tg_op in ('UPDATE', 'DELETE') and old.status <> 'cancelled'
           union all
           select cast(extract(dow from cast(new.start_at as timestamp)) as integer),
             cast(substr(new.start_at, 12, 2) as integer), 1
           where tg_op in ('INSERT', 'UPDATE') and new.status <> 'cancelled'
         ) d group by dow, hour order by dow, hour
         on conflict (dow, hour) do update set bookings = r.bookings + excluded.bookings;
         return null;
       end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger report_bookings after insert or delete or update of status, start_at, staff_id
       on bookings for each row execute function report_bookings_change()`,
    )
    .execute(db);
  // A client's visits, recounted from their completed bookings; when a booking changes client
  // (a merge), the two clients in id order.
  await sql
    .raw(
      `create function report_client_visits_change() returns trigger language plpgsql as $$
       declare
         changed integer;
       begin
         -- A new completed booking only adds its day, unless the client already has one that day.
         if tg_op = 'INSERT' then
           if new.status = 'completed' then
             insert into report_client_visits as r (client_id, visit_days, first_day, last_day)
             values (new.client_id, 1, substr(new.start_at, 1, 10), substr(new.start_at, 1, 10))
             on conflict (client_id) do update set
               visit_days = r.visit_days + case when exists (
                   select 1 from bookings b
                   where b.status = 'completed' and b.client_id = new.client_id and b.id <> new.id
                     and b.start_at >= substr(new.start_at, 1, 10) || ' 00:00:00'
                     and b.start_at <= substr(new.start_at, 1, 10) || ' 23:59:59'
                 ) then 0 else 1 end,
               first_day = least(r.first_day, excluded.first_day),
               last_day = greatest(r.last_day, excluded.last_day);
           end if;
           return null;
         end if;
         -- Anything else is recounted: whether a day stays a visit depends on the others.
         for changed in
           select distinct c from unnest(array[
             case when tg_op in ('UPDATE', 'DELETE') and old.status = 'completed' then old.client_id end,
             case when tg_op in ('INSERT', 'UPDATE') and (new.status = 'completed' or (tg_op = 'UPDATE' and old.status = 'completed')) then new.client_id end
           ]) as c where c is not null order by c
         loop
           insert into report_client_visits as r (client_id, visit_days, first_day, last_day)
           select changed, count(distinct substr(start_at, 1, 10)), min(substr(start_at, 1, 10)), max(substr(start_at, 1, 10))
           from bookings where status = 'completed' and client_id = changed
           on conflict (client_id) do update
             set visit_days = excluded.visit_days, first_day = excluded.first_day, last_day = excluded.last_day;
         end loop;
         return null;
       end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger report_client_visits after insert or delete or update of status, start_at, client_id
       on bookings for each row execute function report_client_visits_change()`,
    )
    .execute(db);
}
