import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import { isStorageKey } from '../storage/storage.js';
import { BackupError } from './errors.js';

/*
 * A backup is one zip archive: the database copy as `salon.db`, every upload under
 * `uploads/<storage key>`, and `manifest.json`, which says what made the archive and lists
 * every other entry with its size and SHA-256. Restore trusts nothing else: an entry that is
 * not in the manifest, or not of one of those two shapes, refuses the whole archive, and the
 * manifest's checksums catch a damaged copy (zip's own CRC is not checked by the reader).
 */

export const MANIFEST_ENTRY = 'manifest.json';
export const DATABASE_ENTRY = 'salon.db';
export const UPLOADS_PREFIX = 'uploads/';

const FORMAT = 'salon-backup';
/** Raised when the archive's layout changes in a way an older restore could not read. */
const FORMAT_VERSION = 1;

const ManifestSchema = Type.Object({
  format: Type.Literal(FORMAT),
  format_version: Type.Literal(FORMAT_VERSION),
  created_at: Type.String(),
  app_version: Type.String(),
  database: Type.Literal('sqlite'),
  /** The last migration applied to the database in the archive. */
  schema_version: Type.String(),
  files: Type.Array(
    Type.Object({
      path: Type.String(),
      bytes: Type.Integer({ minimum: 0 }),
      sha256: Type.String({ pattern: '^[a-f0-9]{64}$' }),
    }),
  ),
});

export type Manifest = Static<typeof ManifestSchema>;
export type ManifestFile = Manifest['files'][number];

/** The only paths an archive may hold besides the manifest: the database and upload keys. */
export function isArchivePath(path: string): boolean {
  return (
    path === DATABASE_ENTRY || (path.startsWith(UPLOADS_PREFIX) && isStorageKey(path.slice(UPLOADS_PREFIX.length)))
  );
}

export function buildManifest(fields: {
  createdAt: Date;
  appVersion: string;
  schemaVersion: string;
  files: ManifestFile[];
}): Manifest {
  return {
    format: FORMAT,
    format_version: FORMAT_VERSION,
    created_at: fields.createdAt.toISOString(),
    app_version: fields.appVersion,
    database: 'sqlite',
    schema_version: fields.schemaVersion,
    files: fields.files,
  };
}

/**
 * The manifest of an archive, or a BackupError saying why it cannot be restored here: not a
 * Salon backup, a newer archive format, or a database schema this version does not know (made
 * by a newer version of the service, whose migrations this one cannot run or undo).
 */
export function parseManifest(text: string, knownMigrations: readonly string[]): Manifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BackupError('not a Salon backup: its manifest.json is not JSON');
  }
  const head = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  if (head.format !== FORMAT)
    throw new BackupError('not a Salon backup: its manifest.json names no salon-backup format');
  if (typeof head.format_version === 'number' && head.format_version > FORMAT_VERSION) {
    throw new BackupError(
      `this backup has archive format ${head.format_version}, made by a newer version of Salon ` +
        `(${String(head.app_version)}); this one reads format ${FORMAT_VERSION}: restore it with that version or newer`,
    );
  }
  if (!Value.Check(ManifestSchema, value)) {
    const first = Value.Errors(ManifestSchema, value)[0];
    throw new BackupError(
      `not a readable Salon backup: manifest.json ${first?.instancePath ?? ''} ${first?.message ?? ''}`,
    );
  }
  const manifest = value;
  if (!knownMigrations.includes(manifest.schema_version)) {
    throw new BackupError(
      `this backup's database schema (${manifest.schema_version}, Salon ${manifest.app_version}) is newer than this ` +
        `version of Salon knows (up to ${knownMigrations.at(-1)}): restore it with the version that made it, or a newer one`,
    );
  }
  const paths = new Set<string>();
  for (const file of manifest.files) {
    if (!isArchivePath(file.path) || paths.has(file.path)) {
      throw new BackupError(
        `refused: the manifest lists a path that is not a database or upload: ${JSON.stringify(file.path)}`,
      );
    }
    paths.add(file.path);
  }
  if (!paths.has(DATABASE_ENTRY)) throw new BackupError('not a readable Salon backup: the manifest lists no salon.db');
  return manifest;
}
