import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB, User } from '../../db/types.js';
import { AppError, notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { sniffRasterImage, storedFileVersion } from '../../storage/images.js';
import { newStorageKey } from '../../storage/storage.js';

/*
 * A staff member's photo for the booking page: PNG, JPEG or WebP (decided by the bytes), at
 * most PHOTO_MAX_BYTES, stored under a key the service makes and served publicly at an address
 * whose version changes with every upload (so it may be cached for a year).
 */

export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;

/** Every content type a stored photo is served with. */
export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** The photo's path on this service (a page of the same origin loads it from there); null when none. */
export function photoPath(user: Pick<User, 'id' | 'photo_key'>): string | null {
  if (!user.photo_key) return null;
  return `/api/staff/staff/${user.id}/photo?v=${storedFileVersion(user.photo_key)}`;
}

/** Keeps a stored file's removal from failing the request that replaced or deleted it. */
async function letGo(ctx: AppContext, key: string | null): Promise<void> {
  if (key)
    await ctx.storage.delete(key).catch((error: unknown) => ctx.log.warn({ err: error }, 'old photo not removed'));
}

export async function uploadPhoto(ctx: AppContext, id: number, data: Buffer): Promise<{ photo_url: string }> {
  const kind = await sniffRasterImage(data, PHOTO_TYPES);
  if (!kind) throw new AppError(415, 'unsupported_media_type', 'The photo must be a PNG, JPEG or WebP image');
  const exists = await ctx.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
  if (!exists) throw notFound('Staff member');
  const key = newStorageKey('staff-photos', kind.extension);
  await ctx.storage.put(key, data);
  const previous = await ctx.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('users').select('photo_key').where('id', '=', id).executeTakeFirst();
    if (!before) return undefined;
    await trx
      .updateTable('users')
      .set({ photo_key: key, photo_content_type: kind.contentType, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
    return before.photo_key;
  });
  if (previous === undefined) {
    // Deleted meanwhile: the new file belongs to nobody.
    await letGo(ctx, key);
    throw notFound('Staff member');
  }
  // Only after the new photo is committed is the old file let go.
  await letGo(ctx, previous);
  return { photo_url: photoPath({ id, photo_key: key })! };
}

export async function deletePhoto(ctx: AppContext, id: number): Promise<void> {
  const previous = await ctx.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('users').select('photo_key').where('id', '=', id).executeTakeFirst();
    if (!before) throw notFound('Staff member');
    if (before.photo_key) {
      await trx
        .updateTable('users')
        .set({ photo_key: null, photo_content_type: null, updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
    }
    return before.photo_key;
  });
  await letGo(ctx, previous);
}

export async function readPhoto(
  ctx: Pick<AppContext, 'storage'> & { db: Kysely<DB> },
  id: number,
): Promise<{ data: Buffer; contentType: string; version: string } | null> {
  const user = await ctx.db
    .selectFrom('users')
    .select(['photo_key', 'photo_content_type'])
    .where('id', '=', id)
    .where('active', '=', 1)
    .executeTakeFirst();
  if (!user?.photo_key || !user.photo_content_type) return null;
  const data = await ctx.storage.get(user.photo_key);
  return data ? { data, contentType: user.photo_content_type, version: storedFileVersion(user.photo_key) } : null;
}
