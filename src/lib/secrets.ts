import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const PREFIX = 'enc:v1:';

/**
 * Encrypts stored secrets (API keys, the SMTP password) with AES-256-GCM when SECRETS_KEY
 * is configured; without a key they are stored as given. A database dump or backup then
 * holds no usable credential. Values written before a key was configured stay readable and
 * are encrypted on their next write.
 */
export class SecretBox {
  private readonly key: Buffer | null;

  constructor(key: Buffer | null) {
    if (key && key.length !== 32) throw new Error('the secrets key must be 32 bytes');
    this.key = key;
  }

  get encrypts(): boolean {
    return this.key !== null;
  }

  seal(plain: string): string {
    if (!this.key || plain === '') return plain;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  /** True when `stored` was written by seal() with a key (and so needs the key to be read). */
  static isSealed(stored: string): boolean {
    return stored.startsWith(PREFIX);
  }

  /** The plain value; throws when it was sealed and cannot be opened with this key. */
  open(stored: string): string {
    if (!SecretBox.isSealed(stored)) return stored;
    if (!this.key) throw new Error('a stored secret is encrypted but SECRETS_KEY is not set');
    const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}

/** SECRETS_KEY: 32 bytes as 64 hex characters or as base64. */
export function parseSecretsKey(value: string): Buffer | null {
  const key = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  return key.length === 32 ? key : null;
}
