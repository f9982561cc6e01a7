/*
 * Which sites may show the booking page in a frame: BOOKING_EMBED_ORIGINS. The booking page
 * (`/book`, embedded with `?embed=1`) is the one page meant to live on the salon's own website;
 * every other page (the client's account, the pages emails link to, the back office) is
 * frameable by the service's own origin only, so no other site can lay it under a decoy.
 *
 * Any site by default: the embedded page is safe to frame because it never carries a session
 * across sites (the client's session cookie is SameSite=Strict, so a frame on another site is
 * signed out; access tokens live in memory; the page stores nothing), so a site that frames it
 * can at most show a booking form into which a visitor types their own details.
 */

/** `*` (any site), or the origins allowed besides the service's own (none: its own only). */
export type EmbedOrigins = '*' | readonly string[];

/** `https://salon.example`, `http://localhost:8080`, `https://*.salon.example`: no path, no trailing slash. */
const ORIGIN = /^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i;

export class EmbedOriginsError extends Error {}

/**
 * BOOKING_EMBED_ORIGINS: unset or `*` → any site; `none` → the service's own origin only; else a
 * comma-separated list of origins.
 */
export function parseEmbedOrigins(raw: string | undefined): EmbedOrigins {
  const text = raw?.trim() ?? '';
  if (text === '' || text === '*') return '*';
  if (text.toLowerCase() === 'none') return [];
  const origins = text
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter((origin) => origin !== '');
  const wrong = origins.find((origin) => !ORIGIN.test(origin));
  if (wrong !== undefined) {
    throw new EmbedOriginsError(
      `BOOKING_EMBED_ORIGINS must be *, none, or a comma-separated list of origins such as https://salon.example (no path), got "${wrong}"`,
    );
  }
  return origins;
}

/** The CSP directive of the embeddable page. */
export function frameAncestors(origins: EmbedOrigins): string {
  return origins === '*' ? 'frame-ancestors *' : ["frame-ancestors 'self'", ...origins].join(' ');
}
