import { useRef, type PointerEvent } from 'react';

/*
 * The agenda's touch gesture, on pointer events (a finger, a pen or a mouse alike): a swipe to
 * the left across a booking. It is only a shortcut: what it opens is reachable by a button too.
 * Switched off, the handlers are not attached at all, so the gesture does nothing.
 */

/** How far (px) a finger travels sideways for a swipe. */
const SWIPE_DISTANCE = 60;

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

/** A short vibration confirming an action, where the browser can (the Vibration API) and the salon wants it. */
export function vibrate(enabled: boolean): void {
  if (enabled && typeof navigator.vibrate === 'function') navigator.vibrate(20);
}
