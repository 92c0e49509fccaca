import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LocalDiskStorage, S3Storage } from './storage.ts';

describe('LocalDiskStorage', () => {
  it('writes, serves under /storage and deletes; refuses keys outside its folder', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'verdant-storage-'));
    try {
      const s = new LocalDiskStorage(dir);
      await s.put('avatars/u1/a b.webp', new Uint8Array([1, 2, 3]), 'image/webp');
      expect([...(await readFile(join(dir, 'avatars/u1/a b.webp')))]).toEqual([1, 2, 3]);
      expect(s.url('avatars/u1/a b.webp')).toBe('/storage/avatars/u1/a%20b.webp');
      await s.delete('avatars/u1/a b.webp');
      await expect(readFile(join(dir, 'avatars/u1/a b.webp'))).rejects.toThrow();
      await expect(s.put('../escape.txt', new Uint8Array([1]), 'text/plain')).rejects.toThrow(/Invalid storage key/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('S3Storage', () => {
  const cfg = { endpoint: 'https://s3.example.com/', bucket: 'verdant-media', region: 'ap-southeast-1', accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret', publicUrl: 'https://media.example.com/' };

  it('sends SigV4-signed PUT and DELETE requests to the object URL and builds public addresses', async () => {
    const seen: Request[] = [];
    const fake = (async (input: RequestInfo | URL) => {
      seen.push(input as Request);
      return new Response(null, { status: 200 });
    }) as typeof fetch;
    const s = new S3Storage(cfg, fake);
    await s.put('avatars/u1/x.webp', new Uint8Array([9, 9]), 'image/webp');
    await s.delete('avatars/u1/x.webp');
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual(['PUT https://s3.example.com/verdant-media/avatars/u1/x.webp', 'DELETE https://s3.example.com/verdant-media/avatars/u1/x.webp']);
    expect(seen[0]!.headers.get('authorization')).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/ap-southeast-1\/s3\/aws4_request, SignedHeaders=[^,]*host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/);
    expect(seen[0]!.headers.get('x-amz-content-sha256')).toBe('UNSIGNED-PAYLOAD'); // S3's default over HTTPS
    expect(seen[0]!.headers.get('content-type')).toBe('image/webp');
    expect(s.url('avatars/u1/x.webp')).toBe('https://media.example.com/avatars/u1/x.webp');
  });

  it('reports a refused upload; a missing object on delete is fine', async () => {
    const refusing = (async () => new Response('<Error>AccessDenied</Error>', { status: 403 })) as typeof fetch;
    await expect(new S3Storage(cfg, refusing).put('a.webp', new Uint8Array([1]), 'image/webp')).rejects.toThrow(/answered 403: <Error>AccessDenied/);
    const missing = (async () => new Response(null, { status: 404 })) as typeof fetch;
    await expect(new S3Storage(cfg, missing).delete('a.webp')).resolves.toBeUndefined();
  });
});
