import { statfs } from 'node:fs/promises';
import { Transform, type TransformCallback } from 'node:stream';
import { formatBytes } from '../lib/bytes.js';
import { BackupError } from './errors.js';

/*
 * A restore unpacks what the archive says it holds, and an archive can say anything: a 1 MB
 * file that declares (and inflates to) a 1 GB database would fill the disk the salon's
 * database lives on. So the declared total is bounded before anything is written, by the
 * archive's size and by the free space, and what is unpacked is counted as it streams, each
 * file stopped at the size it declared, whatever the zip's headers claim.
 *
 * A real backup compresses the database perhaps ten to one and the uploads (photos, PDFs)
 * hardly at all; a hundred to one is past any real backup and far short of a zip bomb's
 * thousand. Small archives get a floor, since a nearly empty database compresses best.
 */

/** How many times its own size an archive may unpack to, by default. */
export const MAX_EXPANSION = 100;
/** What any archive may unpack to, however small it is. */
export const MIN_UNPACK_LIMIT = 256 * 1024 * 1024;
/** Room left free on the disk after unpacking: the service needs some to start (its WAL). */
export const FREE_SPACE_RESERVE = 64 * 1024 * 1024;

/** The most an archive of `archiveBytes` may unpack to unless the operator says otherwise. */
export function defaultUnpackLimit(archiveBytes: number): number {
  return Math.max(archiveBytes * MAX_EXPANSION, MIN_UNPACK_LIMIT);
}

/** Refuses a declared total over `limit` (explicit: the operator's --max-size; else the default). */
export function checkDeclaredSize(declared: number, archiveBytes: number, limit: number, explicit: boolean): void {
  if (declared <= limit) return;
  const why = explicit
    ? `the limit given with --max-size (${formatBytes(limit)})`
    : `${formatBytes(limit)}, the most an archive of ${formatBytes(archiveBytes)} may unpack to ` +
      `(${MAX_EXPANSION} times its size, at least ${formatBytes(MIN_UNPACK_LIMIT)})`;
  throw new BackupError(
    `refused: the archive declares ${formatBytes(declared)} of files, more than ${why}; ` +
      'if the backup is genuine, raise the limit with --max-size',
  );
}

/** Refuses a declared total that would leave less than FREE_SPACE_RESERVE free in `dir`. */
export async function checkFreeSpace(declared: number, dir: string): Promise<void> {
  const stats = await statfs(dir);
  const free = Number(stats.bavail) * Number(stats.bsize);
  if (declared + FREE_SPACE_RESERVE > free) {
    throw new BackupError(
      `refused: the backup unpacks to ${formatBytes(declared)}, and ${dir} has ${formatBytes(free)} free ` +
        `(${formatBytes(FREE_SPACE_RESERVE)} of it must stay free): make room first`,
    );
  }
}

/** A pass-through that fails (BackupError) as soon as more than `limit` bytes flowed. */
export class ByteLimitStream extends Transform {
  private bytes = 0;

  constructor(
    private readonly limit: number,
    private readonly name: string,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.limit) {
      callback(
        new BackupError(
          `refused: ${this.name} unpacks to more than the ${formatBytes(this.limit)} the archive declares for it`,
        ),
      );
      return;
    }
    callback(null, chunk);
  }
}

/** `5GB`, `750MB`, `1.5 GB`, `123456` (bytes): units are powers of 1000, as the messages print them. */
export function parseSize(text: string): number | null {
  const match = /^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb|tb)?$/i.exec(text.trim());
  if (!match) return null;
  const units: Record<string, number> = { b: 1, kb: 1e3, mb: 1e6, gb: 1e9, tb: 1e12 };
  const bytes = Math.floor(Number(match[1]) * units[(match[2] ?? 'b').toLowerCase()]!);
  return bytes > 0 ? bytes : null;
}
