import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';

/**
 * The driver's own read-only look at the database: choosing the busy day and ids to ask for,
 * and checking afterwards that the load left no double booking. Never used by the service.
 */
export interface Probe {
  one<T>(sql: string, params?: unknown[]): Promise<T>;
  close(): Promise<void>;
}

export function sqliteProbe(file: string): Probe {
  const db = new SqliteDatabase(file, { readonly: true });
  return {
    one: <T>(sql: string, params: unknown[] = []) => Promise.resolve(db.prepare(sql).get(...params) as T),
    close: () => {
      db.close();
      return Promise.resolve();
    },
  };
}

export function postgresProbe(url: string): Probe {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  return {
    one: async <T>(sql: string, params: unknown[] = []) => {
      let index = 0;
      const text = sql.replace(/\?/g, () => `$${++index}`);
      const result = await pool.query(text, params);
      return result.rows[0] as T;
    },
    close: () => pool.end(),
  };
}

/** Non-cancelled bookings of one staff member that overlap the one before them: must be 0. */
export const OVERLAP_SQL = `
  select count(*) as n from (
    select start_at, lag(end_at) over (partition by staff_id order by start_at, id) as previous_end
    from bookings where status <> 'cancelled'
  ) as ordered
  where previous_end > start_at`;

export const BUSY_DAY_SQL = `
  select substr(start_at, 1, 10) as day, count(*) as n from bookings
  where status <> 'cancelled' and start_at >= ? and start_at < ?
  group by substr(start_at, 1, 10) order by n desc, day limit 1`;
