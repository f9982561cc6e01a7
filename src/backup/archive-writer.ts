import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import { ChecksumStream } from './checksum.js';
import { MANIFEST_ENTRY, type Manifest, type ManifestFile } from './manifest.js';

/**
 * Writes a backup archive entry by entry, each read from disk as it is added (one file open
 * at a time, nothing whole in memory), noting each entry's size and SHA-256 for the manifest,
 * which comes last. The file is created new (never over an existing one) and synced to disk
 * before `finish` resolves.
 */
export class ArchiveWriter {
  private readonly zip = new ZipFile();
  private readonly written: Promise<void>;
  private readonly failed: Promise<never>;
  readonly files: ManifestFile[] = [];

  private constructor(
    private readonly path: string,
    output: NodeJS.WritableStream,
  ) {
    this.written = pipeline(this.zip.outputStream, output);
    this.failed = new Promise<never>((_, reject) => {
      this.written.catch(reject);
      this.zip.on('error', reject);
    });
    // Observed by add() and finish(); a failure between those calls must not count as unhandled.
    this.failed.catch(() => undefined);
  }

  static async create(path: string): Promise<ArchiveWriter> {
    const handle = await open(path, 'wx', 0o600);
    return new ArchiveWriter(path, handle.createWriteStream());
  }

  /**
   * Adds the file at `source` as `name`; false when it no longer exists (an upload deleted
   * since it was listed). Once open, the file is read whole even if it is deleted meanwhile.
   */
  async add(
    source: string,
    name: string,
    options: { compress: boolean; onProgress?: (done: number) => void },
  ): Promise<boolean> {
    let handle;
    try {
      handle = await open(source, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
    const input = handle.createReadStream(); // closes the file when it ends or is destroyed
    try {
      const size = (await handle.stat()).size;
      const { onProgress } = options;
      const checksum = new ChecksumStream(onProgress && ((bytes) => onProgress(size > 0 ? bytes / size : 1)));
      this.zip.addReadStream(checksum, name, { compress: options.compress, mode: 0o100600 });
      await Promise.race([pipeline(input, checksum), this.failed]);
      this.files.push({ path: name, bytes: checksum.bytes, sha256: checksum.sha256() });
    } finally {
      input.destroy();
    }
    return true;
  }

  async finish(manifest: Manifest): Promise<void> {
    this.zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2) + '\n'), MANIFEST_ENTRY, { mode: 0o100600 });
    this.zip.end();
    await Promise.race([this.written, this.failed]);
    const handle = await open(this.path, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  /** Stops writing after a failure (the caller removes the file). */
  abort(): void {
    // yazl's typings call it a NodeJS.ReadableStream; it is a PassThrough.
    (this.zip.outputStream as Readable).destroy();
  }
}
