/*
 * Reports as CSV, built in the browser from the figures the API answered (the same numbers the
 * screen shows). Numbers are written in the page's language without a currency sign, with the
 * separator a spreadsheet of that language expects: a Dutch one reads `12,50` as a number only
 * when fields are separated by `;`, an English one wants `12.50` and `,`.
 */

/** Text, a count, or an amount of money (written with two decimals). */
export type Cell = string | number | { money: number };

export function csvText(rows: readonly (readonly Cell[])[], locale: string): string {
  const comma = new Intl.NumberFormat(locale).format(1.5).includes(',');
  const separator = comma ? ';' : ',';
  const number = new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 2 });
  const money = new Intl.NumberFormat(locale, {
    useGrouping: false,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const field = (cell: Cell) => {
    const text =
      typeof cell === 'number' ? number.format(cell) : typeof cell === 'string' ? cell : money.format(cell.money);
    const quote = text.includes(separator) || /["\n\r]/.test(text);
    return quote ? `"${text.replace(/"/g, '""')}"` : text;
  };
  // A byte-order mark, so a spreadsheet opens the file as UTF-8 (names with accents).
  return `\ufeff${rows.map((row) => row.map(field).join(separator)).join('\r\n')}\r\n`;
}

/** Hands the text to the browser as a file to save. */
export function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
