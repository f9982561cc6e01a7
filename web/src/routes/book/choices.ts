import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { historyMode, readChoices, writeChoices, type BookingChoices } from '../../lib/booking-url';
import { isEmbedded } from '../../lib/embed';

export type ChoicesUpdate = Partial<BookingChoices>;

/**
 * The booking's choices, kept in the page's address (lib/booking-url.ts), as the address has
 * them: the page checks them (a service gone, a day closed, a time taken) and shows only those
 * that hold, with a note for the others, until the visitor's next choice writes the address
 * anew. `choose` writes: a further step adds a history entry, anything else replaces it;
 * `reset` replaces. Embedded, every change replaces: the host page's Back button must not walk
 * through the steps of a frame.
 */
export function useChoices(): {
  choices: BookingChoices;
  choose: (update: ChoicesUpdate) => void;
  reset: () => void;
} {
  const search = useSearch();
  const [, navigate] = useLocation();
  const choices = useMemo(() => readChoices(search), [search]);
  const write = useCallback(
    (update: ChoicesUpdate, replace: boolean) => {
      const { pathname, search: current } = window.location;
      const before = readChoices(current);
      const after = { ...before, ...update };
      const next = writeChoices(current, after);
      if (next === current) return;
      navigate(`${pathname}${next}`, { replace: replace || isEmbedded() || historyMode(before, after) === 'replace' });
    },
    [navigate],
  );
  const choose = useCallback((update: ChoicesUpdate) => write(update, false), [write]);
  const reset = useCallback(() => write({ services: [], staff: null, date: null, time: null }, true), [write]);
  return { choices, choose, reset };
}
