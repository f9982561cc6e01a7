import { isEmbedded } from './embed-host';

/*
 * The booking page embedded in another site (`/book?embed=1`, the iframe the snippet
 * `/embed.js` makes, docs/web.md): no salon chrome, a transparent background, nothing stored in
 * the browser (a third-party frame may not, and has no business to), and the host page told the
 * page's height and that a booking was made. Never anything personal: the messages carry a
 * height or a type only, so posting them to any origin leaks nothing.
 */

export { isEmbedded, tellHost, type HostMessage } from './embed-host';

/**
 * Marks the document as embedded (base.css: transparent background, less margin) and starts
 * reporting its height; that code is a chunk of its own, which the normal page never loads.
 */
export function startEmbed(): void {
  if (!isEmbedded()) return;
  document.documentElement.dataset.embed = '';
  void import('./embed-frame').then(({ watchFrame }) => watchFrame());
}
