import type { Executor } from '../../db/executor.js';
import { judgeRange, loadDay } from '../availability/service.js';

/*
 * The desk's outside_working_time rule, judged by the availability engine (the one place that
 * knows working windows: dated shifts, else default shifts, else opening hours; a holiday,
 * closed weekday or time off is outside; no hours and no shifts that day is unknown, so the
 * rule does not apply). The booking page's own limits (lead time, how far ahead, the slot
 * grid) are not the desk's; its in_the_past rule is judged apart.
 */

export async function outsideWorkingTime(
  executor: Executor,
  placement: { staffId: number; serviceId: number; startAt: string; endAt: string; now: Date },
): Promise<boolean> {
  const day = await loadDay(
    executor,
    {
      date: placement.startAt.slice(0, 10),
      serviceId: placement.serviceId,
      staffId: placement.staffId,
      anyMember: true,
    },
    true,
    placement.now,
  );
  const refusal = judgeRange(day.input, placement.staffId, placement.startAt, placement.endAt, [
    'lead_time',
    'too_far',
    'off_grid',
    'past',
  ]);
  return refusal === 'closed' || refusal === 'outside_hours';
}
