import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
} from 'react';
import type { Schemas } from '../../../../api/client';
import { spanOnDay } from '../day/time-grid';
import { draggedSpan, type DropConflict, type Place, type Span } from './drop-rules';

type Booking = Schemas['Booking'];

/** A booking being dragged: where it would land now, and what the service would say there. */
export interface Drag {
  booking: Booking;
  kind: 'move' | 'resize';
  place: Place;
  /** The column (from 0) it is over. */
  column: number;
  conflicts: DropConflict[];
}

export interface DragOptions {
  /** The box the grid scrolls in, and the grid with a `.day-column > .day-body` per member. */
  scroller: RefObject<HTMLElement | null>;
  grid: RefObject<HTMLElement | null>;
  date: string;
  range: Span;
  slotMinutes: number;
  /** The member of each column, in order. */
  staffIds: readonly number[];
  bookingOf: (id: number) => Booking | undefined;
  judge: (booking: Booking, place: Place) => DropConflict[];
  onDrop: (drag: Drag) => void;
}

/** A mouse moves this far before a press becomes a drag: less is a click, which opens the booking. */
const MOUSE_SLOP = 4;
/** A finger is held this long before a drag starts; moved sooner, it scrolls the day as usual. */
const TOUCH_HOLD_MS = 400;
const TOUCH_SLOP = 8;
/** Near the scrolling box's edge a drag scrolls the day along, this much per move. */
const EDGE = 32;
const EDGE_STEP = 16;

/**
 * Moving and resizing bookings with a pointer (mouse, pen or a finger), by pointer events: React
 * Aria's drag and drop is the browser's own (HTML5) dragging, which gives neither a resize nor
 * the time under the pointer at every step; here the grid's own geometry, read once when a drag
 * starts, gives the member and the time, snapped to `calendar_slot_min`, at every move.
 *
 * A press that does not travel stays a click (the booking's panel opens), and a press never takes
 * the focus elsewhere: the drag only draws where the booking would go. On a touch screen a drag
 * starts after holding the booking still, so a swipe over bookings still scrolls the day. Escape
 * (or the browser taking the pointer, `pointercancel`) drops nothing.
 */
export function useBookingDrag(options: DragOptions): {
  drag: Drag | null;
  onPointerDown: (event: ReactPointerEvent<HTMLElement>) => void;
} {
  const [drag, setDrag] = useState<Drag | null>(null);
  // The handlers live as long as a drag; they read the grid's latest options, not the first ones.
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const stop = useRef<(() => void) | null>(null);
  useEffect(() => () => stop.current?.(), []);

  const onPointerDown = useCallback((event: ReactPointerEvent<HTMLElement>) => {
    const target = event.target as Element;
    const block = target.closest<HTMLElement>('.booking[data-movable]');
    // A processing phase is the member's free time, booked by a press: it does not drag the booking.
    if (!block || target.closest('.booking-processing')) return;
    if (!event.isPrimary || event.button !== 0 || stop.current) return;
    const opts = latest.current;
    const found = opts.bookingOf(Number(block.dataset.bookingId));
    const box0 = opts.scroller.current;
    const grid = opts.grid.current;
    if (!found || !box0 || !grid) return;
    // Named again once known to be there, for the closures below.
    const booking: Booking = found;
    const scroller: HTMLElement = box0;
    const element: HTMLElement = block;
    const kind = target.closest('.booking-resize') ? 'resize' : 'move';
    const touch = event.pointerType === 'touch';
    const origin = spanOnDay(booking.start_at, booking.end_at, opts.date);
    const originColumn = opts.staffIds.indexOf(booking.staff_id);
    const start = { x: event.clientX, y: event.clientY };
    const pointer = { ...start };
    let active = false;
    let last: Drag | null = null;
    // The geometry, read once as the drag starts (no layout read between writes at each move).
    let bodies: { left: number; right: number }[] = [];
    let box = { left: 0, right: 0, top: 0, bottom: 0 };
    let scrollStart = { left: 0, top: 0 };
    let slotPixels = 1;

    const place = () => {
      const { range, slotMinutes, staffIds, judge } = latest.current;
      const shiftX = scroller.scrollLeft - scrollStart.left;
      const shiftY = scroller.scrollTop - scrollStart.top;
      let column = originColumn;
      if (kind === 'move' && bodies.length > 0) {
        const x = pointer.x + shiftX;
        const over = bodies.findIndex((body) => x >= body.left && x < body.right);
        column = over !== -1 ? over : x < bodies[0]!.left ? 0 : bodies.length - 1;
      }
      const delta = ((pointer.y - start.y + shiftY) / slotPixels) * slotMinutes;
      const span = draggedSpan(kind, origin, delta, range, slotMinutes);
      const staffId = staffIds[column] ?? booking.staff_id;
      if (last && last.place.staffId === staffId && last.place.start === span.start && last.place.end === span.end)
        return;
      const next: Place = { staffId, ...span };
      last = { booking, kind, place: next, column, conflicts: judge(booking, next) };
      setDrag(last);
    };
    const activate = () => {
      active = true;
      const rows = (latest.current.range.end - latest.current.range.start) / latest.current.slotMinutes;
      const rects = [...grid.querySelectorAll('.day-column > .day-body')].map((body) => body.getBoundingClientRect());
      bodies = rects.map((rect) => ({ left: rect.left, right: rect.right }));
      slotPixels = (rects[0]?.height ?? rows) / rows || 1;
      const rect = scroller.getBoundingClientRect();
      box = { left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom };
      scrollStart = { left: scroller.scrollLeft, top: scroller.scrollTop };
      element.dataset.dragging = 'true';
      place();
    };
    const holdTimer = touch ? window.setTimeout(activate, TOUCH_HOLD_MS) : undefined;

    const onMove = (move: PointerEvent) => {
      if (move.pointerId !== event.pointerId) return;
      pointer.x = move.clientX;
      pointer.y = move.clientY;
      const travelled = Math.hypot(pointer.x - start.x, pointer.y - start.y);
      if (!active) {
        if (touch && travelled > TOUCH_SLOP) finish(false);
        else if (!touch && travelled >= MOUSE_SLOP) activate();
        return;
      }
      // The day scrolls along when the pointer nears its box's edge: a column or an hour out of view is reachable.
      if (pointer.x > box.right - EDGE) scroller.scrollLeft += EDGE_STEP;
      else if (pointer.x < box.left + EDGE) scroller.scrollLeft -= EDGE_STEP;
      if (pointer.y > box.bottom - EDGE) scroller.scrollTop += EDGE_STEP;
      else if (pointer.y < box.top + EDGE) scroller.scrollTop -= EDGE_STEP;
      place();
    };
    const onScroll = () => {
      if (active) place();
    };
    const onUp = (up: PointerEvent) => {
      if (up.pointerId === event.pointerId) finish(active);
    };
    const onCancel = (cancel: PointerEvent) => {
      if (cancel.pointerId === event.pointerId) finish(false);
    };
    const onKey = (key: KeyboardEvent) => {
      if (key.key !== 'Escape' || !active) return;
      key.preventDefault();
      key.stopPropagation();
      finish(false);
    };
    // Once a finger's drag has started, the page must not scroll under it (a non-passive listener may say so).
    const onTouchMove = (touchMove: TouchEvent) => {
      if (active) touchMove.preventDefault();
    };
    const onContextMenu = (menu: Event) => {
      if (touch) menu.preventDefault();
    };
    // The click that ends a drag is not a press on the booking: it must not open its panel.
    const swallowClick = (click: MouseEvent) => {
      click.preventDefault();
      click.stopPropagation();
    };

    function finish(drop: boolean) {
      window.clearTimeout(holdTimer);
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', onCancel);
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('touchmove', onTouchMove);
      window.removeEventListener('contextmenu', onContextMenu);
      scroller.removeEventListener('scroll', onScroll);
      delete element.dataset.dragging;
      stop.current = null;
      if (active) {
        window.addEventListener('click', swallowClick, { capture: true, once: true });
        window.setTimeout(() => window.removeEventListener('click', swallowClick, { capture: true }), 0);
        setDrag(null);
      }
      const moved =
        last !== null &&
        (last.place.staffId !== booking.staff_id || last.place.start !== origin.start || last.place.end !== origin.end);
      if (drop && last && moved) latest.current.onDrop(last);
    }

    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onCancel);
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('touchmove', onTouchMove, { passive: false });
    window.addEventListener('contextmenu', onContextMenu);
    scroller.addEventListener('scroll', onScroll, { passive: true });
    stop.current = () => finish(false);
  }, []);

  return { drag, onPointerDown };
}
