import { fileTypeFromBuffer } from 'file-type';
import isSvg from 'is-svg';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { newStorageKey } from '../../storage/storage.js';
import { readSettings, updateSettingsRow } from '../../db/settings.js';
import { logoUrl, logoVersion } from './logo-address.js';

export const LOGO_MAX_BYTES = 5 * 1024 * 1024;

const RASTER_TYPES: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** Every content type a stored logo is served with. */
export const LOGO_TYPES = [...Object.keys(RASTER_TYPES), 'image/svg+xml'];

/** The type decided by the file's bytes, never by its name or the client's content type. */
export async function sniffImage(data: Buffer): Promise<{ contentType: string; extension: string } | null> {
  const detected = await fileTypeFromBuffer(data);
  if (detected) {
    const extension = RASTER_TYPES[detected.mime];
    return extension ? { contentType: detected.mime, extension } : null;
  }
  // SVG is text: file-type cannot see it; parse it instead.
  if (isSvg(data.toString('utf8'))) return { contentType: 'image/svg+xml', extension: 'svg' };
  return null;
}

export async function uploadLogo(ctx: AppContext, data: Buffer): Promise<{ url: string }> {
  const kind = await sniffImage(data);
  if (!kind) {
    throw new AppError(415, 'unsupported_media_type', 'The logo must be a JPEG, PNG, GIF, SVG or WebP image');
  }
  const key = newStorageKey('logos', kind.extension);
  await ctx.storage.put(key, data);
  const previous = await ctx.db.transaction().execute(async (trx) => {
    const before = await readSettings(trx);
    await updateSettingsRow(trx, { logo_key: key, logo_content_type: kind.contentType, updated_at: nowIso() });
    return before.logo_key;
  });
  // Only after the new logo is committed is the old file let go.
  if (previous)
    await ctx.storage.delete(previous).catch((error: unknown) => ctx.log.warn({ err: error }, 'old logo not removed'));
  return { url: logoUrl(ctx, { logo_key: key })! };
}

export async function readLogo(
  ctx: AppContext,
): Promise<{ data: Buffer; contentType: string; version: string } | null> {
  const settings = await readSettings(ctx.db);
  if (!settings.logo_key) return null;
  const data = await ctx.storage.get(settings.logo_key);
  return data ? { data, contentType: settings.logo_content_type, version: logoVersion(settings.logo_key) } : null;
}
