/*
 * What the service accepts as a service's photo, checked in the page before anything is sent
 * (the service checks again, by the file's bytes): the same types and size as its upload.
 */

export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;

/** Why a file cannot be the photo, or null when it may be sent. */
export function photoProblem(file: { type: string; size: number }): 'type' | 'size' | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > PHOTO_MAX_BYTES) return 'size';
  return null;
}
