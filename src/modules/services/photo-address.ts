import { storedFileVersion } from '../../storage/images.js';

/* Where a service's photo is served, with a version that changes with every upload. */

/**
 * The photo's path on this service (the booking page, of the same origin, loads it from
 * there); null without a photo. The version lets the answer be cached for a year: a new upload
 * gets a new key, so a new address.
 */
export function photoPath(serviceId: number, photoKey: string | null): string | null {
  if (!photoKey) return null;
  return `/api/public/services/${serviceId}/photo?v=${photoVersion(photoKey)}`;
}

/** The first hex digits of the storage key's random name. */
export function photoVersion(photoKey: string): string {
  return storedFileVersion(photoKey);
}
