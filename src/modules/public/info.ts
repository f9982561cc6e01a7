import { sql, type Kysely } from 'kysely';
import { DateTime } from 'luxon';
import type { AppContext } from '../../context.js';
import type { DB, DepositType } from '../../db/types.js';
import { badRequest } from '../../lib/errors.js';
import { fromCents } from '../../lib/money.js';
import { DEFAULT_TIMEZONE, todayIn } from '../../lib/time.js';
import { checkoutConfigured } from '../payments/service.js';
import { performersOf, servicePhotoPath } from '../services/service.js';
import { logoPath, readSettings } from '../settings/service.js';
import { photoPath } from '../staff/service.js';
import type { Static } from 'typebox';
import type { PublicService, PublicStaff, SalonInfo, SalonPage } from './schemas.js';
import { requireBookableOnline } from './online-bookable.js';

/* The read side of the booking page: what the salon shows before anyone books. */

export async function salonInfo(db: Kysely<DB>): Promise<Static<typeof SalonInfo>> {
  const settings = await readSettings(db);
  return {
    salon_name: settings.salon_name,
    booking_mode: settings.booking_mode,
    booking_clients: settings.booking_clients,
    booking_show_prices: settings.booking_show_prices === 1,
    booking_show_duration: settings.booking_show_duration === 1,
    booking_allow_staff_choice: settings.booking_allow_staff_choice === 1,
    booking_min_lead_hours: settings.booking_min_lead_hours,
    booking_max_future_days: settings.booking_max_future_days,
    currency: settings.currency,
  };
}

/**
 * A service's deposit as the booking page announces it, in the units of the service's own
 * fields (docs/api.md "Deposits"); null when it asks none. Shown even when prices are hidden:
 * the client is asked to pay it, so must know it before booking.
 */
function depositOf(row: {
  deposit_type: DepositType;
  deposit_value: number;
  price: number;
}): Static<typeof PublicService>['deposit'] {
  // A free service asks nothing, whatever its deposit setting (a deposit is part of the price).
  if (row.deposit_type === 'none' || row.deposit_value <= 0 || row.price <= 0) return null;
  if (row.deposit_type === 'percentage') return { type: 'percentage', value: fromCents(row.deposit_value) };
  // Never more than the price (at the service's own price; a member's own price may differ).
  return { type: 'fixed', value: fromCents(Math.min(row.deposit_value, row.price)) };
}

/**
 * Active services in the salon's order (position, name, id), as the staff list orders them;
 * `price` and `duration_min` left out when the booking settings hide them. Archived: never;
 * nor a service no active, bookable member performs (nobody could take the booking), nor one
 * the salon books only in the office (`online_bookable` 0).
 */
export async function publicServices(db: Kysely<DB>): Promise<Array<Static<typeof PublicService>>> {
  const [settings, rows] = await Promise.all([
    readSettings(db),
    db
      .selectFrom('services as s')
      .leftJoin('service_categories as c', 'c.id', 's.category_id')
      .select([
        's.id',
        's.name',
        's.duration_min',
        's.price',
        's.category_id',
        'c.name as category_name',
        'c.color as category_color',
        's.deposit_type',
        's.deposit_value',
        's.description',
        's.photo_key',
      ])
      .where('s.active', '=', 1)
      .where('s.online_bookable', '=', 1)
      .orderBy('s.position')
      .orderBy(sql`lower(s.name)`)
      .orderBy('s.id')
      .execute(),
  ]);
  const performers = await performersOf(db, { serviceIds: rows.map((row) => row.id) });
  // Without a checkout provider nothing is asked (bookings are made without a deposit).
  const deposits = checkoutConfigured(settings);
  return rows
    .filter((row) => (performers.get(row.id)?.size ?? 0) > 0)
    .map((row) => ({
      id: row.id,
      name: row.name,
      ...(settings.booking_show_duration === 1 ? { duration_min: row.duration_min } : {}),
      ...(settings.booking_show_prices === 1 ? { price: fromCents(row.price) } : {}),
      category_id: row.category_id,
      category_name: row.category_name ?? null,
      category_color: row.category_color ?? null,
      deposit: deposits ? depositOf(row) : null,
      // Absent rather than null when not set: the page's first load carries only what it shows.
      ...(row.description ? { description: row.description } : {}),
      ...(row.photo_key ? { photo_url: servicePhotoPath(row.id, row.photo_key)! } : {}),
    }));
}

/**
 * The staff a client may choose, by name: id, name, and the bio and photo where set (no email);
 * active, bookable
 * members only, and with `service_id` only those who perform that service (409
 * `not_bookable_online` for a service the salon books only in the office). When
 * `booking_allow_staff_choice` is off there is no choice to make: an empty list.
 */
export async function publicStaff(
  db: Kysely<DB>,
  query: { service_id?: number | undefined } = {},
): Promise<Array<Static<typeof PublicStaff>>> {
  const settings = await readSettings(db);
  if (settings.booking_allow_staff_choice !== 1) return [];
  let select = db
    .selectFrom('users')
    .select(['id', 'name', 'bio', 'photo_key'])
    .where('active', '=', 1)
    .where('bookable', '=', 1);
  if (query.service_id !== undefined) {
    // A service kept off the booking page has no one to choose online, as it has no times.
    await requireBookableOnline(db, [{ serviceId: query.service_id, field: 'service_id' }]);
    const performers = (await performersOf(db, { serviceIds: [query.service_id] })).get(query.service_id);
    if (!performers) {
      throw badRequest('unknown_service', 'No bookable service has this id', [
        { field: 'service_id', message: 'is not an existing service' },
      ]);
    }
    if (performers.size === 0) return [];
    select = select.where('id', 'in', [...performers.keys()]);
  }
  const rows = await select
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
  // The photo and bio only where the salon set them: a client written to the interface sees id and name as before.
  return rows.map((row) => {
    const photo = photoPath(row);
    return {
      id: row.id,
      name: row.name,
      ...(row.bio === '' ? {} : { bio: row.bio }),
      ...(photo === null ? {} : { photo_url: photo }),
    };
  });
}

/**
 * The booking page's view of the salon (GET /public/salon-page): who and where it is, its
 * time zone and formats, when it is open, and the holidays until the last bookable day.
 */
export async function salonPage(
  ctx: Pick<AppContext, 'db'>,
  now: Date = new Date(),
): Promise<Static<typeof SalonPage>> {
  const settings = await readSettings(ctx.db);
  const timezone = settings.timezone || DEFAULT_TIMEZONE;
  const today = todayIn(timezone, now);
  const last = DateTime.fromISO(today, { zone: timezone })
    .plus({ days: settings.booking_max_future_days })
    .toISODate()!;
  const [hours, holidays] = await Promise.all([
    ctx.db.selectFrom('opening_hours').selectAll().orderBy('day_of_week').execute(),
    ctx.db
      .selectFrom('holidays')
      .select(['date', 'name'])
      .where('date', '>=', today)
      .where('date', '<=', last)
      .orderBy('date')
      .execute(),
  ]);
  return {
    salon_name: settings.salon_name,
    salon_address: settings.salon_address,
    salon_postcode: settings.salon_postcode,
    salon_city: settings.salon_city,
    salon_phone: settings.salon_phone,
    salon_email: settings.salon_email,
    // A path, not an absolute URL: the page loads it from the origin it came from.
    logo_url: logoPath(settings),
    timezone,
    language: settings.language,
    first_day_of_week: settings.first_day_of_week,
    time_format: settings.time_format,
    dark_mode: settings.dark_mode,
    brand_color: settings.brand_color,
    today,
    // Shown before booking, so the client knows the policy they agree to.
    cancellation_window_hours: settings.cancellation_window_hours,
    opening_hours: hours.map((row) => ({
      day_of_week: row.day_of_week,
      open_time: row.open_time,
      close_time: row.close_time,
      is_closed: row.is_closed === 1,
    })),
    holidays,
  };
}
