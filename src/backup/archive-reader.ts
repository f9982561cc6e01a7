import { mkdir, open } from 'node:fs/promises';
import { dirname } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { text } from 'node:stream/consumers';
import yauzl from 'yauzl';
import { ChecksumStream } from './checksum.js';
import { BackupError } from './errors.js';
import { ByteLimitStream } from './unpack-limits.js';
import { isArchivePath, MANIFEST_ENTRY, parseManifest, type Manifest, type ManifestFile } from './manifest.js';

const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

/**
 * A backup archive opened for restoring. Opening reads the zip's directory and the manifest
 * only, and refuses before anything is written: yauzl rejects absolute names and `..`
 * segments, and every other name must be the manifest, `salon.db` or `uploads/<storage key>`,
 * and be listed in the manifest, which must list nothing absent. Files are then extracted one
 * at a time to paths the caller builds, each checked against the manifest's size and SHA-256.
 */
export class BackupArchive {
  private constructor(
    private readonly zip: yauzl.ZipFile,
    private readonly entries: Map<string, yauzl.Entry>,
    readonly manifest: Manifest,
  ) {}

  static async open(path: string, knownMigrations: readonly string[]): Promise<BackupArchive> {
    let zip: yauzl.ZipFile;
    try {
      zip = await yauzl.openPromise(path, { autoClose: false, strictFileNames: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') throw new BackupError(`no such file: ${path}`);
      throw new BackupError(`${path} is not a complete backup archive: ${(error as Error).message}`);
    }
    try {
      const entries = await readDirectory(zip);
      const manifestEntry = entries.get(MANIFEST_ENTRY);
      if (!manifestEntry) throw new BackupError(`${path} is not a Salon backup: it has no manifest.json`);
      if (manifestEntry.uncompressedSize > MAX_MANIFEST_BYTES)
        throw new BackupError('refused: manifest.json is too large');
      const manifest = parseManifest(await text(await zip.openReadStreamPromise(manifestEntry)), knownMigrations);
      const listed = new Set(manifest.files.map((file) => file.path));
      for (const name of entries.keys()) {
        if (name !== MANIFEST_ENTRY && !listed.has(name)) {
          throw new BackupError(`refused: the archive holds ${JSON.stringify(name)}, which its manifest does not list`);
        }
      }
      for (const file of manifest.files) {
        if (entries.get(file.path)?.uncompressedSize !== file.bytes) {
          throw new BackupError(`the archive is damaged or incomplete: ${file.path} is missing or of the wrong size`);
        }
      }
      return new BackupArchive(zip, entries, manifest);
    } catch (error) {
      zip.close();
      throw error;
    }
  }

  /** The total the manifest declares: what a restore writes, if the archive tells the truth. */
  get declaredBytes(): number {
    return this.manifest.files.reduce((total, file) => total + file.bytes, 0);
  }

  /** The first `length` bytes of `file` as unpacked (fewer when it is shorter); nothing is written. */
  async readStart(file: ManifestFile, length: number): Promise<Buffer> {
    const stream = await this.zip.openReadStreamPromise(this.entries.get(file.path)!);
    const chunks: Buffer[] = [];
    let read = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        chunks.push(chunk);
        read += chunk.length;
        if (read >= length) break;
      }
    } catch (error) {
      throw new BackupError(`the archive is damaged: ${file.path} cannot be read: ${(error as Error).message}`);
    } finally {
      stream.destroy();
    }
    return Buffer.concat(chunks).subarray(0, length);
  }

  /**
   * Writes `file` to `destination` (a new file) and checks it against the manifest. What is
   * unpacked is counted as it flows and stopped past the size the manifest declares, so a file
   * that inflates beyond it never fills the disk (unpack-limits.ts).
   */
  async extract(file: ManifestFile, destination: string): Promise<void> {
    await mkdir(dirname(destination), { recursive: true });
    const checksum = new ChecksumStream();
    const output = await open(destination, 'wx', 0o600);
    try {
      await pipeline(
        await this.zip.openReadStreamPromise(this.entries.get(file.path)!),
        new ByteLimitStream(file.bytes, file.path),
        checksum,
        output.createWriteStream(),
      );
    } catch (error) {
      if (error instanceof BackupError) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOSPC' || code === 'EDQUOT') {
        throw new BackupError(`the disk is full: ${file.path} could not be unpacked; nothing was replaced`);
      }
      if (typeof code === 'string' && code.startsWith('E')) {
        throw new BackupError(`${file.path} could not be written (${code}): ${(error as Error).message}`);
      }
      throw new BackupError(`the archive is damaged: ${file.path} cannot be unpacked: ${(error as Error).message}`);
    }
    if (checksum.bytes !== file.bytes || checksum.sha256() !== file.sha256) {
      throw new BackupError(`the archive is damaged: ${file.path} does not match its checksum`);
    }
  }

  close(): void {
    this.zip.close();
  }
}

/** Every entry by name, each name checked; yauzl's own check (absolute, `..`, `\`) comes first. */
async function readDirectory(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  const entries = new Map<string, yauzl.Entry>();
  try {
    for await (const entry of zip.eachEntry()) {
      const name = entry.fileName;
      if (name !== MANIFEST_ENTRY && !isArchivePath(name)) {
        throw new BackupError(
          `refused: the archive holds ${JSON.stringify(name)}, which is neither the database nor an upload`,
        );
      }
      if (entries.has(name)) throw new BackupError(`refused: the archive holds ${JSON.stringify(name)} twice`);
      entries.set(name, entry);
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`refused: ${(error as Error).message}`);
  }
  return entries;
}
