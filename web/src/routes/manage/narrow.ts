import { useSyncExternalStore } from 'react';

/** The width below which the manager's screens lay out for a phone (as stock.css does). */
const NARROW = '(max-width: 40rem)';

function subscribe(changed: () => void): () => void {
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
}

/** Whether the window is phone-narrow now, following every change (a rotated phone). */
export function useNarrow(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(NARROW).matches);
}
