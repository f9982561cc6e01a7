import type { CalendarDate } from '@internationalized/date';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { slotsQuery, type Slot, type SlotSource } from '../api/availability';

/** Days asked for at once: a week, so a salon busy for weeks is searched in a few round trips. */
const BATCH = 7;

export type FirstFreeState = 'idle' | 'searching' | 'none' | 'failed';

/**
 * The search behind "First free time": the service lists free starts one day at a time, so the
 * days from `from` to `last` are asked for a week at a time (open days only, through the
 * picker's own cache entries, so the day found shows at once) until one has a free start.
 */
export function useFirstFree(
  source: SlotSource,
  closed: (day: CalendarDate) => boolean,
): {
  state: FirstFreeState;
  find: (from: CalendarDate, last: CalendarDate) => Promise<{ day: CalendarDate; slot: Slot } | null>;
} {
  const queryClient = useQueryClient();
  const [state, setState] = useState<FirstFreeState>('idle');
  // A second press while searching waits for the first search rather than starting another.
  const running = useRef(false);

  const find = useCallback(
    async (from: CalendarDate, last: CalendarDate) => {
      if (running.current) return null;
      running.current = true;
      setState('searching');
      try {
        for (let start = from; start.compare(last) <= 0; start = start.add({ days: BATCH })) {
          const days: CalendarDate[] = [];
          for (let day = start; days.length < BATCH && day.compare(last) <= 0; day = day.add({ days: 1 })) {
            days.push(day);
          }
          const open = days.filter((day) => !closed(day));
          const found = await Promise.all(
            open.map((day) => queryClient.fetchQuery(slotsQuery(source, day.toString()))),
          );
          const index = found.findIndex((slots) => slots.length > 0);
          if (index >= 0) {
            setState('idle');
            return { day: open[index]!, slot: found[index]![0]! };
          }
        }
        setState('none');
        return null;
      } catch {
        setState('failed');
        return null;
      } finally {
        running.current = false;
      }
    },
    [queryClient, source, closed],
  );
  return { state, find };
}
