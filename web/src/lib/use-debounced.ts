import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `pause` ms: what typing settles on, the first value at
 * once. A request made from it (a preview, a count) follows the typing without one request per key.
 */
export function useDebounced<T>(value: T, pause: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (Object.is(value, settled)) return;
    const timer = window.setTimeout(() => setSettled(value), pause);
    return () => window.clearTimeout(timer);
  }, [value, settled, pause]);
  return settled;
}
