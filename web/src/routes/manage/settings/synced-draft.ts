import { useState } from 'react';

/**
 * A form's draft of a record that others may change meanwhile (making one VAT rate or location
 * the default takes it from another, whose form is on the same page): when the record comes back
 * changed and this form holds nothing typed, the form follows it; what was typed is never
 * overwritten. Null for the form of a new record, which starts from `empty`.
 */
export function useSyncedDraft<R extends object, D>(
  record: R | null,
  draftOf: (record: R) => D,
  empty: D,
  same: (a: D, b: D) => boolean = (a, b) => JSON.stringify(a) === JSON.stringify(b),
): [D, (update: (current: D) => D) => void, (next: D) => void] {
  const [draft, setDraft] = useState<D>(() => (record ? draftOf(record) : empty));
  const [seen, setSeen] = useState<R | null>(record);
  // Compared whole: the service takes the default from another record without touching its updated_at.
  if (record && seen && record !== seen && JSON.stringify(record) !== JSON.stringify(seen)) {
    // Adjusting state while rendering, as React advises for state derived from props.
    setSeen(record);
    if (same(draft, draftOf(seen))) setDraft(draftOf(record));
  }
  return [draft, (update) => setDraft(update), (next) => setDraft(next)];
}
