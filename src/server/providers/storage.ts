// Stored files (avatars): local disk under DATA_DIR/storage by default, served at /storage/*.
// Keys are paths like avatars/<user>/<random>.webp.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';

export interface FileStorage {
  readonly name: string;
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** The public address of a stored file. */
  url(key: string): string;
}

export class LocalDiskStorage implements FileStorage {
  readonly name = 'local';
  private readonly root: string;
  constructor(root: string) {
    this.root = resolve(root);
  }
  private path(key: string): string {
    const file = resolve(this.root, key);
    if (!file.startsWith(this.root + sep) || key.includes('\0')) throw new Error(`Invalid storage key ${key}`);
    return file;
  }
  async put(key: string, bytes: Uint8Array): Promise<void> {
    const file = this.path(key);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, bytes);
  }
  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }
  url(key: string): string {
    return `/storage/${key.split('/').map(encodeURIComponent).join('/')}`;
  }
}
