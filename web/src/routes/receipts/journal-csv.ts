/*
 * The till journal as the service hands it out: CSV (RFC 4180, a header row), the one form the
 * API has for it, made for an auditor's spreadsheet. The journal's screen reads the same file
 * rather than a second JSON form of it, so what the owner sees is what an auditor gets.
 */

/** One entry of the journal, as its CSV row names it. */
export interface JournalEntry {
  id: number;
  receiptNumber: string;
  kind: string;
  createdAt: string;
  orderId: number | null;
  refundId: number | null;
  amount: string;
  paymentMethod: string;
  prevHash: string;
  hash: string;
}

/** The rows of an RFC 4180 text: quoted fields may hold commas, doubled quotes and line breaks. */
export function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

const orNull = (text: string | undefined) => (text === undefined || text === '' ? null : Number(text));

/** The journal's entries, by the header's column names (so a column added later changes nothing). */
export function journalEntries(csv: string): JournalEntry[] {
  const [header, ...rows] = csvRows(csv);
  if (!header) return [];
  const at = (row: string[], name: string) => {
    const index = header.indexOf(name);
    return index === -1 ? undefined : row[index];
  };
  return rows
    .filter((row) => row.length > 1)
    .map((row) => ({
      id: Number(at(row, 'id')),
      receiptNumber: at(row, 'receipt_number') ?? '',
      kind: at(row, 'kind') ?? '',
      createdAt: at(row, 'created_at') ?? '',
      orderId: orNull(at(row, 'order_id')),
      refundId: orNull(at(row, 'refund_id')),
      amount: at(row, 'amount') ?? '',
      paymentMethod: at(row, 'payment_method') ?? '',
      prevHash: at(row, 'prev_hash') ?? '',
      hash: at(row, 'hash') ?? '',
    }));
}

/** A hash shown compactly: its first and last characters, enough to see one entry point at the next. */
export function shortHash(hash: string): string {
  return hash.length <= 16 ? hash : `${hash.slice(0, 8)}…${hash.slice(-4)}`;
}

/** Whether each entry names the entry before it in the list (its prev_hash is that one's hash). */
export function linksToPrevious(entries: readonly JournalEntry[]): boolean[] {
  return entries.map((entry, index) => index === 0 || entries[index - 1]!.hash === entry.prevHash);
}
