/*
 * The settings module's one entry for other modules (and its routes). The plain reads of the
 * settings row live at the database level (the mail and payment layers need them too); this door
 * is their public surface for the modules. The module is split by subject:
 *
 *   settings-view.ts    the settings as the API shows them: secrets masked, amounts in euros
 *   settings-update.ts  changing the settings, rules across fields checked on the merged row
 *   logo-address.ts     the logo's address, versioned so caches never serve an old logo
 *   logo.ts             the uploaded logo, its type decided by its bytes
 *   vat-rates.ts        VAT rates, one default, and which rates an item may use
 *   holidays.ts         the days the salon is closed
 *   opening-hours.ts    the salon's hours per weekday, set at setup and replaced as a week
 *   link-origins.ts     the origins the salon's email links may lead to
 *   messages.ts         the salon's own texts of the client messages
 *   test-email.ts       a test email sent at once through the configured mail server
 */

export { getSettings } from './settings-view.js';
export { calendarSettings } from './calendar-settings.js';
export { updateSettings } from './settings-update.js';
export { logoPath } from './logo-address.js';
export {
  lockSettingsRow,
  readSalonName,
  readSettings,
  readSettingsWithSecrets,
  readTimezone,
  reminderHours,
  updateSettingsRow,
} from '../../db/settings.js';
export { isHoliday } from './holidays.js';
export { validateOpeningHours } from './opening-hours.js';
export { allowedLinkBase } from './link-origins.js';
export { defaultVatRateId, ensureStandardVatRate, requireUsableVatRate, vatRateChange } from './vat-rates.js';
