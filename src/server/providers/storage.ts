// Stored files (avatars): local disk under DATA_DIR/storage by default, served at /storage/*;
// an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO…) when S3_BUCKET is set, its files
// served from S3_PUBLIC_URL. Keys are paths like avatars/<user>/<random>.webp.
// Keys under `private/` (chat files) are never served publicly: /storage and /_image refuse them,
// and only an API route that checks who asks reads them back (`get`).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { AwsClient } from 'aws4fetch';
import { dirname, resolve, sep } from 'node:path';

export interface FileStorage {
  readonly name: string;
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** The bytes of a stored file, or null when there is none. */
  get(key: string): Promise<Uint8Array | null>;
  /** The public address of a stored file. */
  url(key: string): string;
}

/** The first segment of keys that are never served publicly (see above). */
export const PRIVATE_PREFIX = 'private/';
export const isPrivateKey = (key: string) => key.replace(/^\/+/, '').startsWith(PRIVATE_PREFIX);

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
  async put(key: string, bytes: Uint8Array, _contentType?: string): Promise<void> {
    const file = this.path(key);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, bytes);
  }
  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }
  async get(key: string): Promise<Uint8Array | null> {
    try {
      return await readFile(this.path(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }
  url(key: string): string {
    return `/storage/${key.split('/').map(encodeURIComponent).join('/')}`;
  }
}

export type S3Config = { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string; publicUrl: string };

/** S3-compatible storage: signed (SigV4) PUT and DELETE of path-style object URLs. */
export class S3Storage implements FileStorage {
  readonly name = 's3';
  private readonly client: AwsClient;
  private readonly cfg: S3Config;
  private readonly fetchImpl: typeof fetch;
  constructor(cfg: S3Config, fetchImpl: typeof fetch = (...args) => fetch(...args)) {
    this.cfg = { ...cfg, endpoint: cfg.endpoint.replace(/\/$/, ''), publicUrl: cfg.publicUrl.replace(/\/$/, '') };
    this.client = new AwsClient({ accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey, service: 's3', region: cfg.region, retries: 0 });
    this.fetchImpl = fetchImpl;
  }
  private objectUrl(key: string): string {
    if (key.includes('..') || key.startsWith('/')) throw new Error(`Invalid storage key ${key}`);
    return `${this.cfg.endpoint}/${encodeURIComponent(this.cfg.bucket)}/${key.split('/').map(encodeURIComponent).join('/')}`;
  }
  private async send(key: string, init: RequestInit): Promise<void> {
    const signed = await this.client.sign(this.objectUrl(key), init);
    const res = await this.fetchImpl(signed, { signal: AbortSignal.timeout(15_000) });
    if (!res.ok && !(init.method === 'DELETE' && res.status === 404)) {
      throw new Error(`S3 ${init.method} ${key} answered ${res.status}: ${(await res.text().catch(() => '')).slice(0, 200)}`);
    }
  }
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    // private/ (chat files) is served only through the API's access check: never cached on the way.
    const cacheControl = key.startsWith('private/') ? 'private, no-store' : 'public, max-age=31536000, immutable';
    return this.send(key, { method: 'PUT', body: bytes.slice().buffer as ArrayBuffer, headers: { 'Content-Type': contentType, 'Cache-Control': cacheControl } });
  }
  delete(key: string): Promise<void> {
    return this.send(key, { method: 'DELETE' });
  }
  async get(key: string): Promise<Uint8Array | null> {
    const signed = await this.client.sign(this.objectUrl(key), { method: 'GET' });
    const res = await this.fetchImpl(signed, { signal: AbortSignal.timeout(15_000) });
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`S3 GET ${key} answered ${res.status}: ${(await res.text().catch(() => '')).slice(0, 200)}`);
    return new Uint8Array(await res.arrayBuffer());
  }
  url(key: string): string {
    return `${this.cfg.publicUrl}/${key.split('/').map(encodeURIComponent).join('/')}`;
  }
}
