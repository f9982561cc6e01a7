import { useRef, type PointerEvent } from 'react';

/*
 * The agenda's touch gestures, on pointer events (a finger, a pen or a mouse alike): a swipe
 * to the left across a booking, and a long press on a client. Each is only a shortcut: what it
 * opens is reachable by a button or a link too. Switched off, the handlers are not attached at
 * all, so the gesture does nothing.
 */

/** How far (px) a finger travels sideways for a swipe, and how far it may stray for a press. */
const SWIPE_DISTANCE = 60;
const PRESS_SLOP = 10;
/** How long (ms) a press lasts to be a long one. */
export const LONG_PRESS_MS = 500;

type Handlers = {
  onPointerDown: (event: PointerEvent) => void;
  onPointerUp: (event: PointerEvent) => void;
  onPointerCancel: () => void;
};

/** A horizontal swipe to the left (mostly sideways), or nothing when `enabled` is false. */
export function useSwipeLeft(enabled: boolean, onSwipe: () => void): Handlers | Record<string, never> {
  const start = useRef<{ x: number; y: number } | null>(null);
  if (!enabled) return {};
  return {
    onPointerDown: (event) => {
      start.current = { x: event.clientX, y: event.clientY };
    },
    onPointerUp: (event) => {
      const from = start.current;
      start.current = null;
      if (!from) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      if (dx <= -SWIPE_DISTANCE && Math.abs(dy) < Math.abs(dx) / 2) onSwipe();
    },
    onPointerCancel: () => {
      start.current = null;
    },
  };
}

type PressHandlers = Handlers & {
  onPointerMove: (event: PointerEvent) => void;
  onContextMenu: (event: { preventDefault: () => void }) => void;
};

/** A press held LONG_PRESS_MS without moving, or nothing when `enabled` is false. */
export function useLongPress(enabled: boolean, onLongPress: () => void): PressHandlers | Record<string, never> {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const start = useRef<{ x: number; y: number } | null>(null);
  if (!enabled) return {};
  const cancel = () => {
    clearTimeout(timer.current);
    start.current = null;
  };
  return {
    onPointerDown: (event) => {
      start.current = { x: event.clientX, y: event.clientY };
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        start.current = null;
        onLongPress();
      }, LONG_PRESS_MS);
    },
    onPointerMove: (event) => {
      const from = start.current;
      if (from && Math.hypot(event.clientX - from.x, event.clientY - from.y) > PRESS_SLOP) cancel();
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
    // The browser's own long-press menu (copy, select) would cover the contact choices.
    onContextMenu: (event) => event.preventDefault(),
  };
}

/** A short vibration confirming an action, where the browser can (the Vibration API) and the salon wants it. */
export function vibrate(enabled: boolean): void {
  if (enabled && typeof navigator.vibrate === 'function') navigator.vibrate(20);
}
