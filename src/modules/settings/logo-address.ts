import type { AppContext } from '../../context.js';
import type { Settings } from '../../db/types.js';
import { storedFileVersion } from '../../storage/images.js';

/* Where the salon's logo is served, with a version that changes with every upload. */

export function logoUrl(ctx: Pick<AppContext, 'config'>, settings: Pick<Settings, 'logo_key'>): string | null {
  const path = logoPath(settings);
  return path === null ? null : `${ctx.config.publicBaseUrl}${path}`;
}

/** The logo's path on this service (a page of the same origin loads it from there); null when none. */
export function logoPath(settings: Pick<Settings, 'logo_key'>): string | null {
  if (!settings.logo_key) return null;
  return `/api/settings/logo?v=${logoVersion(settings.logo_key)}`;
}

/** The version in the logo's address: it changes with every upload, so caches never serve an old logo. */
export function logoVersion(logoKey: string): string {
  return storedFileVersion(logoKey);
}
