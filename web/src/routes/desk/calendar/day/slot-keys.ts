/**
 * Where an arrow key, Home, End, PageUp or PageDown moves the focus on a grid of slots: a slot up
 * or down, a column across, the first or last slot of the column, four slots (an hour of
 * 15-minute slots) up or down. Null for any other key. Columns are staff members in the day
 * view and days in the week view; both move the same way.
 */
export function slotKeyTarget(
  key: string,
  at: { column: number; row: number },
  size: { columns: number; rows: number },
): [number, number] | null {
  const { column, row } = at;
  const last = size.rows - 1;
  const moves: Record<string, [number, number]> = {
    ArrowUp: [column, Math.max(0, row - 1)],
    ArrowDown: [column, Math.min(last, row + 1)],
    ArrowLeft: [Math.max(0, column - 1), row],
    ArrowRight: [Math.min(size.columns - 1, column + 1), row],
    Home: [column, 0],
    End: [column, last],
    PageUp: [column, Math.max(0, row - 4)],
    PageDown: [column, Math.min(last, row + 4)],
  };
  return moves[key] ?? null;
}
