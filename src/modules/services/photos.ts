import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { sniffRasterImage } from '../../storage/images.js';
import { newStorageKey } from '../../storage/storage.js';
import { photoPath, photoVersion } from './photo-address.js';

/*
 * A service's photo, shown small on the booking page. Its type is decided by its bytes (a PNG
 * named .jpg is a PNG; a text file is refused whatever it is called), it is kept under a key
 * this service makes, and the previous file is let go only once the new one is committed.
 */

/** The largest photo accepted: plenty for a picture shown a few hundred pixels wide. */
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;

/** The image types a photo may be (no GIF, no SVG: a photo, and nothing that could carry script). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

export async function uploadServicePhoto(
  ctx: AppContext,
  serviceId: number,
  data: Buffer,
): Promise<{ photo_url: string }> {
  const kind = await sniffRasterImage(data, PHOTO_TYPES);
  if (!kind) {
    throw new AppError(415, 'unsupported_media_type', 'The photo must be a JPEG, PNG or WebP image');
  }
  await requireService(ctx, serviceId);
  const key = newStorageKey('service-photos', kind.extension);
  await ctx.storage.put(key, data);
  let previous: string | null;
  try {
    previous = await ctx.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('services')
        .select('photo_key')
        .where('id', '=', serviceId)
        .executeTakeFirst();
      if (!before) throw notFound('Service');
      await trx
        .updateTable('services')
        .set({ photo_key: key, photo_content_type: kind.contentType, updated_at: nowIso() })
        .where('id', '=', serviceId)
        .execute();
      return before.photo_key;
    });
  } catch (error) {
    await letGo(ctx, key);
    throw error;
  }
  if (previous) await letGo(ctx, previous);
  return { photo_url: photoPath(serviceId, key)! };
}

/** Removes the photo (nothing to remove is fine: the result is the same). 404 for an unknown service. */
export async function deleteServicePhoto(ctx: AppContext, serviceId: number): Promise<void> {
  const previous = await ctx.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('services').select('photo_key').where('id', '=', serviceId).executeTakeFirst();
    if (!before) throw notFound('Service');
    if (before.photo_key === null) return null;
    await trx
      .updateTable('services')
      .set({ photo_key: null, photo_content_type: null, updated_at: nowIso() })
      .where('id', '=', serviceId)
      .execute();
    return before.photo_key;
  });
  if (previous) await letGo(ctx, previous);
}

/** The photo of an active service, or null (none, unknown or archived: nothing to show a client). */
export async function readServicePhoto(
  ctx: AppContext,
  serviceId: number,
): Promise<{ data: Buffer; contentType: string; version: string } | null> {
  const row = await ctx.db
    .selectFrom('services')
    .select(['photo_key', 'photo_content_type'])
    .where('id', '=', serviceId)
    .where('active', '=', 1)
    .executeTakeFirst();
  if (!row?.photo_key || !row.photo_content_type) return null;
  const data = await ctx.storage.get(row.photo_key);
  return data ? { data, contentType: row.photo_content_type, version: photoVersion(row.photo_key) } : null;
}

/** A file no row points at any more; a failure to remove it is only logged (the row is what counts). */
export async function letGo(ctx: AppContext, key: string): Promise<void> {
  await ctx.storage
    .delete(key)
    .catch((error: unknown) => ctx.log.warn({ err: error }, 'old service photo not removed'));
}

async function requireService(ctx: AppContext, serviceId: number): Promise<void> {
  const row = await ctx.db.selectFrom('services').select('id').where('id', '=', serviceId).executeTakeFirst();
  if (!row) throw notFound('Service');
}
