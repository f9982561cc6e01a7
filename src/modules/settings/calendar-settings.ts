import type { AppContext } from '../../context.js';
import { readSettings } from '../../db/settings.js';

/*
 * What every member's calendar draws by. GET /api/settings answers admins only (it holds the
 * salon's secrets and business), yet a staff member's calendar needs the grid's step and colours
 * the owner chose, or it draws with defaults and disagrees with the desk's.
 */
const bit = (value: number) => (value === 1 ? (1 as const) : (0 as const));

export async function calendarSettings(ctx: AppContext) {
  const settings = await readSettings(ctx.db);
  return {
    calendar_slot_min: settings.calendar_slot_min,
    calendar_buffer_min: settings.calendar_buffer_min,
    calendar_color_mode: settings.calendar_color_mode,
    hide_unscheduled_staff: settings.hide_unscheduled_staff === 1 ? (1 as const) : (0 as const),
    staff_personal_agenda_enabled: settings.staff_personal_agenda_enabled === 1 ? (1 as const) : (0 as const),
    time_format: settings.time_format,
    first_day_of_week: settings.first_day_of_week,
    offline_mode_enabled: bit(settings.offline_mode_enabled),
    swipe_actions_enabled: bit(settings.swipe_actions_enabled),
    longpress_contact_enabled: bit(settings.longpress_contact_enabled),
    haptic_feedback_enabled: bit(settings.haptic_feedback_enabled),
  };
}
