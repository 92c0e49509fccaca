import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageRoutes } from './image.ts';

let root = '';
let storageDir = '';
let jpeg = Buffer.alloc(0);

async function countFiles(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).length;
}

function setup(extra: { fetchRemote?: (url: string) => Promise<Response>; cache?: string } = {}) {
  const cacheDir = join(root, extra.cache ?? `cache-${Math.random().toString(36).slice(2)}`);
  const app = imageRoutes({
    storageDir,
    cacheDir,
    hostAllowlist: ['images.example.com', 'cdn.example.com:8443'],
    ...(extra.fetchRemote ? { fetchRemote: extra.fetchRemote } : {}),
  });
  const get = (url: string, w: string | number = 640, more = '', headers: Record<string, string> = {}) =>
    app.request(`/?url=${encodeURIComponent(url)}&w=${w}${more}`, { headers });
  return { app, cacheDir, get };
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'verdant-image-'));
  storageDir = join(root, 'storage');
  await mkdir(join(storageDir, 'pool'), { recursive: true });
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><defs><linearGradient id="g"><stop offset="0" stop-color="#2f6a40"/><stop offset="1" stop-color="#f4c6a6"/></linearGradient></defs><rect width="1200" height="800" fill="url(#g)"/><circle cx="600" cy="300" r="120" fill="#fff3dc"/></svg>`,
  );
  jpeg = await sharp(gradient).jpeg({ quality: 85 }).toBuffer();
  await writeFile(join(storageDir, 'pool', 'scene-001.jpg'), jpeg);
  await writeFile(join(storageDir, 'pool', 'with space.jpg'), jpeg);
  await writeFile(join(storageDir, 'small.png'), await sharp(gradient).resize(300).png().toBuffer());
  await writeFile(join(storageDir, 'notes.txt'), 'not an image');
  await writeFile(join(root, 'secret.jpg'), jpeg); // outside storage
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('GET /_image formats', () => {
  it('serves JPEG by default with long-lived caching headers', async () => {
    const { get } = setup();
    const res = await get('/storage/pool/scene-001.jpg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('vary')).toBe('Accept');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]+"$/);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([640, 427]);
  });

  it('serves WebP when accepted', async () => {
    const { get } = setup();
    const res = await get('/storage/pool/scene-001.jpg', 828, '', { accept: 'image/webp,image/*,*/*;q=0.8' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(828);
  });

  it('serves AVIF when accepted (preferred over WebP)', async () => {
    const { get } = setup();
    const res = await get('/storage/pool/scene-001.jpg', 256, '&q=50', { accept: 'image/avif,image/webp,*/*' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/avif');
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.subarray(4, 12).toString('latin1')).toBe('ftypavif');
    expect((await sharp(body).metadata()).width).toBe(256);
  });

  it('ignores a refused type (q=0) and wildcards', async () => {
    const { get } = setup();
    const res = await get('/storage/pool/scene-001.jpg', 64, '', { accept: 'image/avif;q=0,*/*' });
    expect(res.headers.get('content-type')).toBe('image/jpeg');
  });

  it('decodes encoded path segments', async () => {
    const { get } = setup();
    const res = await get('/storage/pool/with%20space.jpg', 32);
    expect(res.status).toBe(200);
  });
});

describe('GET /_image validation', () => {
  it.each([
    ['missing', ''],
    ['not allowed', '500'],
    ['not a number', 'abc'],
    ['fractional', '640.5'],
    ['negative', '-640'],
  ])('rejects a %s width', async (_label, w) => {
    const { get } = setup();
    const res = await get('/storage/pool/scene-001.jpg', w);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string };
    expect(body.error).toMatch(/"w"/);
  });

  it('lists the accepted widths in the error', async () => {
    const { get } = setup();
    const body = (await (await get('/storage/pool/scene-001.jpg', 500)).json()) as { error: string };
    expect(body.error).toContain('640');
    expect(body.error).toContain('3840');
    expect(body.error).toContain('16');
  });

  it.each(['0', '101', 'abc', '50.5', '-1', ''])('rejects q=%s', async (q) => {
    const { get } = setup();
    const res = await get('/storage/pool/scene-001.jpg', 640, `&q=${q}`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/"q"/);
  });

  it('accepts q at the bounds', async () => {
    const { get } = setup();
    expect((await get('/storage/pool/scene-001.jpg', 16, '&q=1')).status).toBe(200);
    expect((await get('/storage/pool/scene-001.jpg', 16, '&q=100')).status).toBe(200);
  });

  it('requires url', async () => {
    const { app } = setup();
    const res = await app.request('/?w=640');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: '"url" is required' });
  });

  it.each([
    '/storage/../../etc/passwd',
    '/storage/../secret.jpg',
    '/storage/%2e%2e/secret.jpg',
    '/storage/%2e%2e/%2e%2e/etc/passwd',
    '/storage/..%2fsecret.jpg',
    '/storage/pool/..%2f..%2fsecret.jpg',
    '/storage/pool/..%5c..%5csecret.jpg',
    '/storage/pool/%00.jpg',
    '/storage//etc/passwd',
    '/storage/%E0%A4%A',
    '/etc/passwd',
    'file:///etc/passwd',
    '//images.example.com/a.jpg',
    'data:image/png;base64,AAAA',
    'javascript:alert(1)',
    'pool/scene-001.jpg',
  ])('rejects %s', async (url) => {
    const { get } = setup();
    const res = await get(url);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(typeof ((await res.json()) as { error: unknown }).error).toBe('string');
  });

  it('rejects traversal sent without encoding the url parameter', async () => {
    const { app } = setup();
    const res = await app.request('/?url=/storage/../../etc/passwd&w=640');
    expect(res.status).toBe(400);
  });

  it('treats a double-encoded dot-dot as a literal (missing) name, never escaping storage', async () => {
    const { get } = setup();
    const res = await get('/storage/%252e%252e/secret.jpg');
    expect(res.status).toBe(404);
  });

  it('returns 404 JSON for a missing file and a directory', async () => {
    const { get } = setup();
    const missing = await get('/storage/pool/nope.jpg');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'image not found' });
    expect((await get('/storage/pool')).status).toBe(404);
  });

  it('returns 415 for a stored file that is not an image', async () => {
    const { get } = setup();
    const res = await get('/storage/notes.txt');
    expect(res.status).toBe(415);
  });
});

describe('GET /_image sizing and caching', () => {
  it('never upscales beyond the source width', async () => {
    const { get } = setup();
    const res = await get('/storage/small.png', 1920);
    expect(res.status).toBe(200);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta.width).toBe(300);
  });

  it('caches renders on disk and reuses them', async () => {
    const { get, cacheDir } = setup();
    const first = await get('/storage/pool/scene-001.jpg', 1080);
    expect(first.headers.get('x-cache')).toBe('MISS');
    const bytes = Buffer.from(await first.arrayBuffer());
    const files = await countFiles(cacheDir);
    expect(files).toBe(1);
    const second = await get('/storage/pool/scene-001.jpg', 1080);
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(Buffer.from(await second.arrayBuffer()).equals(bytes)).toBe(true);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(await countFiles(cacheDir)).toBe(files);
    // a different format is a different variant
    await get('/storage/pool/scene-001.jpg', 1080, '', { accept: 'image/webp' });
    expect(await countFiles(cacheDir)).toBe(files + 1);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const { get } = setup();
    const first = await get('/storage/pool/scene-001.jpg', 750);
    const etag = first.headers.get('etag') ?? '';
    const again = await get('/storage/pool/scene-001.jpg', 750, '', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
  });

  it('renders concurrent identical requests once', async () => {
    const { get, cacheDir } = setup();
    const results = await Promise.all(Array.from({ length: 4 }, () => get('/storage/pool/scene-001.jpg', 1200)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await countFiles(cacheDir)).toBe(1);
  });
});

describe('GET /_image remote sources', () => {
  const okResponse = () => new Response(new Uint8Array(jpeg), { headers: { 'content-type': 'image/jpeg' } });

  it('rejects hosts that are not allow-listed', async () => {
    const calls: string[] = [];
    const { get } = setup({ fetchRemote: async (u) => (calls.push(u), okResponse()) });
    const res = await get('https://evil.example.net/a.jpg');
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: string }).error).toMatch(/not allowed/);
    expect((await get('https://images.example.com.evil.net/a.jpg')).status).toBe(403);
    expect((await get('https://user:pw@images.example.com/a.jpg')).status).toBe(400);
    expect((await get('ftp://images.example.com/a.jpg')).status).toBe(400);
    expect(calls).toEqual([]);
  });

  it('fetches an allow-listed host once, shares concurrent renders and caches the result', async () => {
    const calls: string[] = [];
    const { get } = setup({ fetchRemote: async (u) => (calls.push(u), okResponse()) });
    const [a, b] = await Promise.all([get('https://images.example.com/a.jpg', 384), get('https://images.example.com/a.jpg', 384)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(calls).toEqual(['https://images.example.com/a.jpg']);
    expect(a.headers.get('cache-control')).toBe('public, max-age=86400');
    const c = await get('https://images.example.com/a.jpg', 384);
    expect(c.headers.get('x-cache')).toBe('HIT');
    expect(calls).toHaveLength(1);
    expect((await get('https://cdn.example.com:8443/b.jpg', 384)).status).toBe(200);
  });

  it('follows redirects only to allowed hosts', async () => {
    const redirect = (to: string) => new Response(null, { status: 302, headers: { location: to } });
    const { get } = setup({
      fetchRemote: async (u) => (u.includes('/moved') ? redirect('https://images.example.com/a.jpg') : u.includes('/away') ? redirect('https://evil.example.net/x.jpg') : okResponse()),
    });
    expect((await get('https://images.example.com/moved', 64)).status).toBe(200);
    expect((await get('https://images.example.com/away', 64)).status).toBe(403);
  });

  it('maps upstream failures', async () => {
    const { get } = setup({
      fetchRemote: async (u) => {
        if (u.endsWith('/missing.jpg')) return new Response('no', { status: 404 });
        if (u.endsWith('/broken.jpg')) return new Response('err', { status: 500 });
        if (u.endsWith('/page.html')) return new Response('<html>', { headers: { 'content-type': 'text/html' } });
        if (u.endsWith('/huge.jpg')) return new Response(new Uint8Array(16), { headers: { 'content-type': 'image/jpeg', 'content-length': String(16 * 1024 * 1024) } });
        if (u.endsWith('/stream.jpg')) {
          const chunk = new Uint8Array(1024 * 1024);
          let sent = 0;
          const body = new ReadableStream<Uint8Array>({
            pull(ctrl) {
              if (sent++ > 20) ctrl.close();
              else ctrl.enqueue(chunk);
            },
          });
          return new Response(body, { headers: { 'content-type': 'image/jpeg' } });
        }
        throw new Error('network down');
      },
    });
    expect((await get('https://images.example.com/missing.jpg')).status).toBe(404);
    expect((await get('https://images.example.com/broken.jpg')).status).toBe(502);
    expect((await get('https://images.example.com/page.html')).status).toBe(415);
    expect((await get('https://images.example.com/huge.jpg')).status).toBe(502);
    expect((await get('https://images.example.com/stream.jpg')).status).toBe(502);
    expect((await get('https://images.example.com/offline.jpg')).status).toBe(502);
  });
});

describe('pinned format', () => {
  it('serves WebP for f=webp whatever Accept says, and refuses unknown formats', async () => {
    const { get } = setup();
    const res = await get('/storage/pool/scene-001.jpg', 640, '&f=webp', { accept: 'image/avif,image/webp' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('vary')).toBeNull();
    expect((await get('/storage/pool/scene-001.jpg', 640, '&f=gif')).status).toBe(400);
  });
});
