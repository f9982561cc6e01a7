import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. Local disk by default; a multi-machine deployment provides an
 * S3-compatible implementation of the same interface. Keys are made here, never taken from
 * a request, so no user-controlled path ever reaches the disk.
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** The file, or null when absent. */
  get(key: string): Promise<Buffer | null>;
  /**
   * The file as a stream, or null when absent. The file is opened by this call (so absence is
   * known before a response starts) and read as the stream is consumed: one file at a time,
   * never whole in memory.
   */
  stream(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
}

const KEY = /^[a-z][a-z0-9-]*\/[a-f0-9]{32}\.[a-z0-9]{1,5}$/;

/** Whether `key` has the shape of a key made by newStorageKey (`folder/<32 hex>.ext`): nothing else is ever stored. */
export function isStorageKey(key: string): boolean {
  return KEY.test(key);
}

/** A fresh key such as `logos/9f…e1.png`. */
export function newStorageKey(folder: string, extension: string): string {
  const key = `${folder}/${randomBytes(16).toString('hex')}.${extension}`;
  if (!KEY.test(key)) throw new Error(`invalid storage key ${key}`);
  return key;
}

export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private path(key: string): string {
    if (!KEY.test(key)) throw new Error(`invalid storage key ${key}`);
    return join(this.root, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, data, { mode: 0o640 });
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.path(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async stream(key: string): Promise<Readable | null> {
    try {
      const handle = await open(this.path(key), 'r');
      // autoClose (the default) closes the handle when the stream ends, fails or is destroyed.
      return handle.createReadStream();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }
}
