import { fileTypeFromBuffer } from 'file-type';

/** The raster image formats an upload may be, by their content type, with the extension they are stored under. */
export const RASTER_IMAGE_TYPES: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/**
 * The raster image type decided by the file's bytes, never by its name or the client's content
 * type, when it is one of `allowed` (content types of RASTER_IMAGE_TYPES); else null.
 */
export async function sniffRasterImage(
  data: Buffer,
  allowed: readonly string[] = Object.keys(RASTER_IMAGE_TYPES),
): Promise<{ contentType: string; extension: string } | null> {
  const detected = await fileTypeFromBuffer(data);
  if (!detected || !allowed.includes(detected.mime)) return null;
  const extension = RASTER_IMAGE_TYPES[detected.mime];
  return extension ? { contentType: detected.mime, extension } : null;
}

/** The version in a stored file's address: the key's first 8 hex digits, so a new upload gets a new address. */
export function storedFileVersion(key: string): string {
  return /\/([a-f0-9]{8})/.exec(key)?.[1] ?? '0';
}
