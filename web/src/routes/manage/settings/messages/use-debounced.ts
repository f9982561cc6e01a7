import { useEffect, useState } from 'react';

/** How long typing must pause before a preview is asked for: one request per pause, never one per key. */
export const PREVIEW_PAUSE_MS = 250;

/** The value once it has stayed the same for `ms`; the first value at once. */
export function useDebounced<T>(value: T, ms: number = PREVIEW_PAUSE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
