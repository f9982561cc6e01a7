import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/*
 * Storage conventions, the same on SQLite and PostgreSQL:
 * - instants (created_at, run_at, expires_at …) are UTC ISO-8601 text with milliseconds
 *   (`2026-11-22T04:50:00.000Z`): fixed width, so text order is time order and range queries
 *   use plain indexes on both engines;
 * - 0/1 flags are integers;
 * - money is integer cents.
 */

export type Role = 'admin' | 'staff';

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string;
  role: Role;
  require_password_change: number;
  created_at: string;
  updated_at: string;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  user_id: number;
  family_id: string;
  token_hash: string;
  expires_at: string;
  /** Set when the token was exchanged; presenting it again is reuse. */
  rotated_at: string | null;
  created_at: string;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: string;
  created_at: string;
}

export interface DeviceTokensTable {
  id: Generated<number>;
  user_id: number;
  token: string;
  platform: 'ios' | 'android' | 'web';
  created_at: string;
  updated_at: string;
}

export interface SettingsTable {
  id: number;
  salon_name: string;
  salon_email: string;
  salon_phone: string;
  salon_address: string;
  timezone: string;
  smtp_host: string;
  smtp_port: number | null;
  smtp_user: string;
  smtp_pass: string;
  smtp_secure: number;
  smtp_from: string;
  setup_completed_at: string | null;
  updated_at: string;
}

export interface OpeningHoursTable {
  day_of_week: number;
  open_time: string | null;
  close_time: string | null;
  is_closed: number;
}

export type JobStatus = 'queued' | 'running' | 'done' | 'failed' | 'dead';

export interface JobsTable {
  id: Generated<number>;
  name: string;
  payload: string;
  status: JobStatus;
  run_at: string;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  locked_by: string | null;
  locked_until: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

export type EmailStatus = 'queued' | 'sent' | 'failed' | 'unsent';

export interface EmailsTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  template: string;
  /** Template data (JSON). Cleared after sending when the email carries a secret. */
  data: string | null;
  sensitive: number;
  status: EmailStatus;
  error: string | null;
  message_id: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface RateLimitsTable {
  key: string;
  hits: number;
  reset_at: string;
}

export interface DB {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  password_reset_tokens: PasswordResetTokensTable;
  device_tokens: DeviceTokensTable;
  settings: SettingsTable;
  opening_hours: OpeningHoursTable;
  jobs: JobsTable;
  emails: EmailsTable;
  rate_limits: RateLimitsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Job = Selectable<JobsTable>;
export type Email = Selectable<EmailsTable>;
export type Settings = Selectable<SettingsTable>;
