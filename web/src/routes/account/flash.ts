import { useEffect, useState } from 'react';

/*
 * A message for the next page (the booking cancelled, moved, "you're signed out"), said there
 * once in a live region. In memory: it lives as long as the page, like the session.
 */

let pending: string | null = null;

export function flash(message: string): void {
  pending = message;
}

/**
 * The message left for this page, filled in just after the page appears, so the live region
 * exists first and a screen reader announces the change.
 */
export function useFlash(): string {
  const [message, setMessage] = useState('');
  useEffect(() => {
    if (pending === null) return;
    const timer = setTimeout(() => {
      setMessage(pending ?? '');
      pending = null;
    }, 50);
    return () => clearTimeout(timer);
  }, []);
  return message;
}
