import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';

/** A pass-through stream that counts and hashes (SHA-256) what flows through it. */
export class ChecksumStream extends Transform {
  private readonly hash = createHash('sha256');
  bytes = 0;

  /** `onBytes`: told the running count as the data flows. */
  constructor(private readonly onBytes?: (bytes: number) => void) {
    super();
  }

  override _transform(
    chunk: Buffer,
    _encoding: BufferEncoding,
    callback: (error?: Error | null, data?: Buffer) => void,
  ) {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    this.onBytes?.(this.bytes);
    callback(null, chunk);
  }

  /** The hex digest; call once the stream has ended. */
  sha256(): string {
    return this.hash.digest('hex');
  }
}
