/*
 * The booking page embedded in another site (`/book?embed=1`, the iframe the snippet
 * `/embed.js` makes, docs/web.md): no salon chrome, a transparent background, nothing stored in
 * the browser (a third-party frame may not, and has no business to), and the host page told the
 * page's height and that a booking was made. Never anything personal: the messages carry a
 * height or a type only, so posting them to any origin leaks nothing.
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

/**
 * Marks the document as embedded (base.css: transparent background, less margin) and starts
 * reporting its height; that code is a chunk of its own, which the normal page never loads.
 */
export function startEmbed(): void {
  if (!isEmbedded()) return;
  document.documentElement.dataset.embed = '';
  void import('./embed-frame').then(({ watchFrame }) => watchFrame());
}
