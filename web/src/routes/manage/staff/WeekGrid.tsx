import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { Schemas } from '../../../api/client';
import { LOCALE_OF, useLanguage, useT } from '../../../i18n/i18n';
import { clockOf, minutesOf, shortDay } from './days';

type Shift = Schemas['Shift'];

/** The grid's step: a shift is drawn in half hours (a finer one is typed in the "Add shift" dialog). */
export const STEP_MIN = 30;

/** A drawn range: one day, from one slot to another (both included). */
export interface Drawn {
  day: string;
  start_time: string;
  end_time: string;
}

interface Cell {
  col: number;
  row: number;
}

/**
 * The week's shifts of one member as a grid of half hours (rows) by days (columns), to draw a
 * shift on. With the mouse or a finger: press on a free slot, drag down or up, let go. With the
 * keyboard (an ARIA grid, one tab stop): the arrows move, Shift with Up or Down stretches the
 * selection within the day, Enter makes the selection a shift, Delete removes the shift under
 * the focus, Escape drops the selection. Both end in `onDraw`/`onRemove`; the page sends them.
 */
export function WeekGrid({
  days,
  shifts,
  firstMinute,
  lastMinute,
  onDraw,
  onRemove,
  label,
}: {
  days: string[];
  shifts: Shift[];
  firstMinute: number;
  lastMinute: number;
  onDraw: (drawn: Drawn) => void;
  onRemove: (shift: Shift) => void;
  label: string;
}) {
  const t = useT();
  const { language } = useLanguage();
  const locale = LOCALE_OF[language];
  const rows = Math.max(1, Math.ceil((lastMinute - firstMinute) / STEP_MIN));
  const [focus, setFocus] = useState<Cell>({ col: 0, row: Math.min(rows - 1, (9 * 60 - firstMinute) / STEP_MIN) });
  const [anchor, setAnchor] = useState<Cell | null>(null);
  const dragging = useRef(false);
  const moved = useRef(false);
  const table = useRef<HTMLTableElement>(null);

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    table.current?.querySelector<HTMLElement>(`[data-cell="${focus.col}-${focus.row}"]`)?.focus();
  }, [focus]);

  const startOf = (row: number) => firstMinute + row * STEP_MIN;
  const shiftAt = (col: number, row: number) => {
    const minute = startOf(row);
    return shifts.find(
      (shift) =>
        shift.date === days[col] && minutesOf(shift.start_time) <= minute && minute < minutesOf(shift.end_time),
    );
  };
  const selected = (cell: Cell) =>
    anchor !== null &&
    cell.col === anchor.col &&
    cell.row >= Math.min(anchor.row, focus.row) &&
    cell.row <= Math.max(anchor.row, focus.row);

  const draw = (from: Cell, to: Cell) => {
    const top = Math.min(from.row, to.row);
    const bottom = Math.max(from.row, to.row);
    onDraw({ day: days[from.col]!, start_time: clockOf(startOf(top)), end_time: clockOf(startOf(bottom) + STEP_MIN) });
    setAnchor(null);
  };

  const move = (cell: Cell, stretch: boolean) => {
    moved.current = true;
    if (stretch) {
      setAnchor((current) => current ?? focus);
      setFocus({ col: anchor?.col ?? focus.col, row: cell.row });
    } else {
      setAnchor(null);
      setFocus(cell);
    }
  };

  const keyDown = (event: KeyboardEvent) => {
    const { col, row } = focus;
    const clampRow = (value: number) => Math.max(0, Math.min(rows - 1, value));
    const clampCol = (value: number) => Math.max(0, Math.min(days.length - 1, value));
    switch (event.key) {
      case 'ArrowUp':
        move({ col, row: clampRow(row - 1) }, event.shiftKey);
        break;
      case 'ArrowDown':
        move({ col, row: clampRow(row + 1) }, event.shiftKey);
        break;
      case 'ArrowLeft':
        move({ col: clampCol(col - 1), row }, false);
        break;
      case 'ArrowRight':
        move({ col: clampCol(col + 1), row }, false);
        break;
      case 'Home':
        move({ col, row: 0 }, event.shiftKey);
        break;
      case 'End':
        move({ col, row: rows - 1 }, event.shiftKey);
        break;
      case 'Enter':
      case ' ':
        if (!shiftAt(col, row) || anchor) draw(anchor ?? focus, focus);
        break;
      case 'Delete':
      case 'Backspace': {
        const shift = shiftAt(col, row);
        if (shift) onRemove(shift);
        break;
      }
      case 'Escape':
        setAnchor(null);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  // A drag follows the pointer over the day it started on (a finger or a mouse alike).
  const cellUnder = (event: PointerEvent): Cell | null => {
    const element = document.elementFromPoint(event.clientX, event.clientY)?.closest<HTMLElement>('[data-cell]');
    const [col, row] = (element?.dataset.cell ?? '').split('-').map(Number);
    return col === undefined || row === undefined || Number.isNaN(row) ? null : { col, row };
  };

  return (
    <div className="roster-scroll">
      <table
        ref={table}
        role="grid"
        aria-label={label}
        aria-describedby="roster-grid-help"
        aria-multiselectable="true"
        className="roster-grid"
        onKeyDown={keyDown}
        onPointerMove={(event) => {
          if (!dragging.current || !anchor) return;
          const cell = cellUnder(event);
          if (cell && cell.col === anchor.col && cell.row !== focus.row) setFocus(cell);
        }}
        onPointerUp={() => {
          if (!dragging.current || !anchor) return;
          dragging.current = false;
          draw(anchor, focus);
        }}
      >
        <thead>
          <tr>
            <td />
            {days.map((day) => (
              <th key={day} scope="col">
                {shortDay(day, locale)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: rows }, (_, row) => (
            <tr key={row}>
              <th scope="row" className="roster-time">
                {row % 2 === 0 ? (
                  clockOf(startOf(row))
                ) : (
                  <span className="visually-hidden">{clockOf(startOf(row))}</span>
                )}
              </th>
              {days.map((day, col) => {
                const shift = shiftAt(col, row);
                const first = shift && minutesOf(shift.start_time) === startOf(row);
                const isFocus = focus.col === col && focus.row === row;
                const isSelected = selected({ col, row });
                return (
                  <td
                    key={day}
                    role="gridcell"
                    data-cell={`${col}-${row}`}
                    tabIndex={isFocus ? 0 : -1}
                    aria-selected={isSelected}
                    aria-label={`${shortDay(day, locale)} ${clockOf(startOf(row))}${
                      shift
                        ? `, ${t('manage.staff.roster.shiftLabel', { from: shift.start_time, until: shift.end_time })}`
                        : ''
                    }`}
                    className={[
                      'roster-cell',
                      shift ? 'roster-shift' : '',
                      first ? 'roster-shift-start' : '',
                      isSelected ? 'roster-selected' : '',
                    ].join(' ')}
                    onFocus={() => {
                      if (!isFocus) setFocus({ col, row });
                    }}
                    onPointerDown={(event) => {
                      if (shift || event.button !== 0) return;
                      event.preventDefault();
                      dragging.current = true;
                      setAnchor({ col, row });
                      setFocus({ col, row });
                      moved.current = true;
                    }}
                  >
                    {first && (
                      <span aria-hidden="true" className="roster-shift-text">
                        {shift.start_time}–{shift.end_time}
                      </span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p id="roster-grid-help" className="description">
        {t('manage.staff.roster.gridHelp')}
      </p>
    </div>
  );
}
