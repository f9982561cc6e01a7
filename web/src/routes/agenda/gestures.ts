import { useRef, type PointerEvent } from 'react';

/*
 * The agenda's touch gestures, on pointer events (a finger, a pen or a mouse alike): a swipe to
 * the left across a booking, and a long press on a client. Both are only shortcuts: what they
 * open is reachable by a button or a link too. Switched off, the handlers are not attached at
 * all, so the gesture does nothing.
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

/** How long (ms) a finger rests on a client for a long press: Android's own long-press time. */
const LONG_PRESS_MS = 500;
/** How far (px) a finger may wander during a long press before it counts as a scroll or a swipe. */
const LONG_PRESS_SLOP = 10;

type LongPressHandlers = {
  onPointerDown: (event: PointerEvent) => void;
  onPointerMove: (event: PointerEvent) => void;
  onPointerUp: () => void;
  onPointerCancel: () => void;
  onContextMenu: (event: { preventDefault(): void }) => void;
};

/**
 * A finger resting on the element for LONG_PRESS_MS without moving, or nothing when `enabled`
 * is false. The browser's own menu of a long press (copy, select) is kept from covering ours.
 */
export function useLongPress(enabled: boolean, onLongPress: () => void): LongPressHandlers | Record<string, never> {
  const pressed = useRef<{ x: number; y: number; timer: ReturnType<typeof setTimeout> } | null>(null);
  const release = () => {
    if (pressed.current) clearTimeout(pressed.current.timer);
    pressed.current = null;
  };
  if (!enabled) return {};
  return {
    onPointerDown: (event) => {
      release();
      const timer = setTimeout(() => {
        pressed.current = null;
        onLongPress();
      }, LONG_PRESS_MS);
      pressed.current = { x: event.clientX, y: event.clientY, timer };
    },
    onPointerMove: (event) => {
      const from = pressed.current;
      if (from && Math.hypot(event.clientX - from.x, event.clientY - from.y) > LONG_PRESS_SLOP) release();
    },
    onPointerUp: release,
    onPointerCancel: release,
    onContextMenu: (event) => event.preventDefault(),
  };
}

/** A short vibration confirming an action, where the browser can (the Vibration API) and the salon wants it. */
export function vibrate(enabled: boolean): void {
  if (enabled && typeof navigator.vibrate === 'function') navigator.vibrate(20);
}
