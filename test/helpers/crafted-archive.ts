import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { ZipFile } from 'yazl';
import { buildManifest, MANIFEST_ENTRY } from '../../src/backup/manifest.js';
import { migrationNames } from '../../src/db/migrate.js';
import { tempDir } from './data-dir.js';

export interface ArchiveEntry {
  name: string;
  data: Buffer;
  /**
   * The size the archive claims for the entry, in its manifest and its zip directory (which
   * is what an unzipper believes), when it is to lie about it; default the true size.
   */
  declaredBytes?: number;
}

/** The offset of the zip central directory's record of `name`. */
function centralRecordOf(zip: Buffer, name: string): number {
  const signature = Buffer.from([0x50, 0x4b, 0x01, 0x02]);
  for (let at = zip.indexOf(signature); at !== -1; at = zip.indexOf(signature, at + 1)) {
    const nameLength = zip.readUInt16LE(at + 28);
    if (zip.toString('utf8', at + 46, at + 46 + nameLength) === name) return at;
  }
  throw new Error(`no central directory record of ${name}`);
}

/**
 * A backup archive (written by yazl, compressed) of these entries and a manifest listing them
 * with their checksums, as createBackup writes one, except for the sizes an entry lies about.
 */
export async function craftBackupArchive(entries: ArchiveEntry[]): Promise<string> {
  const zip = new ZipFile();
  for (const entry of entries) zip.addBuffer(entry.data, entry.name, { compress: true });
  const manifest = buildManifest({
    createdAt: new Date(),
    appVersion: '0.0.0',
    schemaVersion: migrationNames.at(-1)!,
    files: entries.map((entry) => ({
      path: entry.name,
      bytes: entry.declaredBytes ?? entry.data.length,
      sha256: createHash('sha256').update(entry.data).digest('hex'),
    })),
  });
  zip.addBuffer(Buffer.from(JSON.stringify(manifest)), MANIFEST_ENTRY);
  zip.end();
  const bytes = await buffer(zip.outputStream as Readable);
  for (const entry of entries) {
    // The uncompressed size of the central directory record.
    if (entry.declaredBytes !== undefined)
      bytes.writeUInt32LE(entry.declaredBytes, centralRecordOf(bytes, entry.name) + 24);
  }
  const file = join(tempDir('salon-crafted-'), 'crafted.zip');
  writeFileSync(file, bytes);
  return file;
}
