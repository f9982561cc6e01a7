/*
 * What the embedded booking page knows of its host: whether it is embedded at all, and the
 * one way it talks to the host page (embed.ts says what is told and why nothing personal is).
 * Apart from embed.ts so that the frame's own chunk (embed-frame.ts) can tell the host without
 * importing the module that loads it.
 */

let embedded: boolean | undefined;

/** Whether this page is embedded: `?embed=1`, fixed for the page's life (the page keeps it in its address). */
export function isEmbedded(): boolean {
  embedded ??= new URLSearchParams(window.location.search).get('embed') === '1';
  return embedded;
}

/** What the page tells the host: its height, a booking made, Escape pressed (the host's dialog closes). */
export type HostMessage =
  { type: 'salon:resize'; height: number } | { type: 'salon:booked' } | { type: 'salon:escape' };

export function tellHost(message: HostMessage): void {
  if (!isEmbedded() || window.parent === window) return;
  // '*': the message is the same whoever frames the page, and holds nothing worth hiding.
  window.parent.postMessage(message, '*');
}
