import type { Executor } from '../../db/executor.js';

/** Whether [startAt, endAt) lies outside the member's working time that day (unknown working time: false). */
export async function outsideWorkingTime(
  _executor: Executor,
  _placement: { staffId: number; serviceId: number; startAt: string; endAt: string; now: Date },
): Promise<boolean> {
  return false;
}
