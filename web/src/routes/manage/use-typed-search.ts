import { useCallback, useEffect, useRef, useState } from 'react';

/** How long typing pauses before the search is sent: a request per word, not per letter. */
const SEARCH_PAUSE_MS = 300;

/**
 * A search box's own text, written to the address once typing pauses, or at once on Enter: a
 * barcode scanner types the code as fast keystrokes and ends with Enter, so the product is
 * looked up as soon as the code is complete. The address's search (Back, a reload) comes back
 * into the box.
 */
export function useTypedSearch(inAddress: string, write: (q: string) => void) {
  const [value, setValue] = useState(inAddress);
  const written = useRef(inAddress);
  useEffect(() => {
    if (inAddress !== written.current) {
      written.current = inAddress;
      setValue(inAddress);
    }
  }, [inAddress]);
  useEffect(() => {
    if (value === written.current) return;
    const timer = window.setTimeout(() => {
      written.current = value;
      write(value);
    }, SEARCH_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [value, write]);
  const flush = useCallback(() => {
    if (value === written.current) return;
    written.current = value;
    write(value);
  }, [value, write]);
  return { value, set: setValue, flush };
}
