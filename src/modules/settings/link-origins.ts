import type { AppContext } from '../../context.js';
import { readSettings } from '../../db/settings.js';
import { badRequest } from '../../lib/errors.js';

/*
 * Links in the salon's emails lead to the salon's own pages. A caller may choose their base
 * (`base_url` of a provisional booking, for a front end of its own), but only among the
 * salon's addresses: PUBLIC_BASE_URL's origin and the origins an admin listed in
 * `email_link_origins`. Anything else would let any staff member send the salon's clients,
 * from the salon's own mail server, to a page of their choosing (phishing).
 */

/** An origin as the settings keep it: `https://book.example` (scheme and host lower case, no default port). */
export function normalOrigin(text: string): string | null {
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) {
      return null;
    }
    return url.origin;
  } catch {
    return null;
  }
}

/** The stored list (a JSON array); anything unreadable reads as none. */
export function emailLinkOrigins(stored: string): string[] {
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((origin): origin is string => typeof origin === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * `requested` as the base of an email's links, without its trailing slashes, when it lies on an
 * allowed origin; else 400 `base_url_not_allowed` naming `field`. A base may have a path (a front
 * end served under one) but no user name, password, query or fragment.
 */
export async function allowedLinkBase(
  ctx: Pick<AppContext, 'db' | 'config'>,
  requested: string,
  field: string,
): Promise<string> {
  const refuse = () =>
    badRequest('base_url_not_allowed', `${field} must lie on the salon's own address or an origin an admin allowed`, [
      { field, message: "must start with PUBLIC_BASE_URL's origin or one of the settings' email_link_origins" },
    ]);
  let url: URL;
  try {
    url = new URL(requested);
  } catch {
    throw refuse();
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) throw refuse();
  if (url.search || url.hash) throw refuse();
  const allowed = new Set([
    new URL(ctx.config.publicBaseUrl).origin,
    ...emailLinkOrigins((await readSettings(ctx.db)).email_link_origins),
  ]);
  if (!allowed.has(url.origin)) throw refuse();
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}
