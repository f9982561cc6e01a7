import { officePages } from '../lib/office-paths.js';

/*
 * The addresses the web front end answers (web/), shared by the server (web-app.ts) and the
 * development server (web/vite.config.ts), so that both send a path to the same page.
 *
 * Two shells: the public one (the booking page and every page a client reaches from an
 * email) and the back office. A path ending in `/*` covers everything below it too. A new
 * back-office page adds its route to lib/office-paths.ts, which the office's router and the
 * notifications' links read too.
 */

/** The booking page and the client's own pages: `public.html`. */
export const PUBLIC_PAGES = ['/book', '/booking/*', '/review', '/client/*', '/unsubscribe', '/payment/return'] as const;

/**
 * The pages other sites may show in a frame (the salon's website embedding the booking page,
 * `?embed=1`): their frame-ancestors follow BOOKING_EMBED_ORIGINS; every other page's is 'self'.
 */
export const EMBEDDABLE_PAGES = ['/book'] as const;

/**
 * The back office: `index.html`. Its home, sign-in and password reset, and each area it has
 * routes in (`/bookings/*`, `/campaigns/*` …), which in-app notifications link to.
 */
export const OFFICE_PAGES: readonly string[] = officePages();

/** Which shell answers `path` (no query string), or null when the front end has no such page. */
export function shellOf(path: string): 'public' | 'office' | null {
  const matches = (pattern: string) =>
    pattern.endsWith('/*')
      ? path === pattern.slice(0, -2) || path.startsWith(pattern.slice(0, -1))
      : path === pattern || path === `${pattern}/`;
  if (PUBLIC_PAGES.some(matches)) return 'public';
  if (OFFICE_PAGES.some(matches)) return 'office';
  return null;
}

/**
 * The API answers a page reads before it can show anything, which its HTML answer names in a
 * `Link: rel=preload` header: the browser asks for them alongside the page's script instead of
 * once the script runs, a round trip less on a slow line. Every public page reads the salon page
 * (its name, language and look); the booking page also reads these.
 */
const PUBLIC_PRELOADS = ['/api/public/salon-page'];
const PAGE_PRELOADS: Record<string, readonly string[]> = {
  '/book': ['/api/public/salon-info', '/api/public/services', '/api/public/reviews/summary'],
};

/** The preloads of the page at `path` (no query string), or none. */
export function preloadsOf(path: string): string[] {
  if (shellOf(path) !== 'public') return [];
  const page = PAGE_PRELOADS[path.endsWith('/') ? path.slice(0, -1) : path] ?? [];
  return [...PUBLIC_PRELOADS, ...page];
}
