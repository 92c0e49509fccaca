// GET /_image?url=&w=&q= — the image-optimisation route (spec §7; widths and sizes §9).
//
// Sources are stored files (`/storage/...`, mapped under storageDir) or http(s) images on an
// allow-listed host. Output is AVIF, WebP or JPEG by `Accept`, resized to `w` (never upscaled),
// cached on disk under cacheDir keyed by (source, version, w, q, format), written atomically.
// Identical concurrent requests share one render.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Hono } from 'hono';
import sharp from 'sharp';
import { PRIVATE_PREFIX } from '../providers/storage.ts';

/** Spec §9 device widths and image sizes: the only accepted `w` values. */
export const IMAGE_WIDTHS = [640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const;
export const IMAGE_SIZES = [16, 32, 48, 64, 96, 128, 256, 384] as const;
export const DEFAULT_IMAGE_QUALITY = 75;

const ALLOWED_WIDTHS: ReadonlySet<number> = new Set<number>([...IMAGE_SIZES, ...IMAGE_WIDTHS]);
const MAX_REMOTE_BYTES = 15 * 1024 * 1024;
const REMOTE_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;
/** Remote sources may change, so their renders are reused for a day, then fetched again. */
const REMOTE_CACHE_MS = 24 * 60 * 60 * 1000;
const MAX_URL_LENGTH = 2048;
const MAX_INPUT_PIXELS = 100_000_000;

type Format = 'avif' | 'webp' | 'jpeg';
const CONTENT_TYPE: Record<Format, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' };

export type ImageRouteOptions = {
  /** Root that `/storage/<path>` addresses map to. */
  storageDir: string;
  /** Where rendered variants are kept. */
  cacheDir: string;
  /** Hosts (lower-case `hostname` or `hostname:port`) that remote sources may come from. */
  hostAllowlist: string[];
  /** Fetches a remote source (injectable for tests). Redirects are followed by the route itself. */
  fetchRemote?: (url: string) => Promise<Response>;
};

class HttpError extends Error {
  readonly status: 400 | 403 | 404 | 415 | 502;
  constructor(status: 400 | 403 | 404 | 415 | 502, message: string) {
    super(message);
    this.status = status;
  }
}

type Source = {
  /** Identity of the source for the cache key. */
  id: string;
  /** Version of the source (mtime and size for files); empty for remote sources. */
  version: string;
  remote: boolean;
  load: () => Promise<Buffer>;
};

type Rendered = { body: Buffer; hit: boolean; etag: string };

const defaultFetch = (url: string): Promise<Response> =>
  fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(REMOTE_TIMEOUT_MS), headers: { accept: 'image/*' } });

export function imageRoutes(opts: ImageRouteOptions): Hono {
  const app = new Hono();
  const storageRoot = resolve(opts.storageDir);
  const cacheRoot = resolve(opts.cacheDir);
  const allow = new Set(opts.hostAllowlist.map((h) => h.trim().toLowerCase()).filter(Boolean));
  const fetchRemote = opts.fetchRemote ?? defaultFetch;
  const inflight = new Map<string, Promise<Rendered>>();

  const storageSource = async (url: string): Promise<Source> => {
    const segments = url.slice('/storage/'.length).split('/');
    const decoded = segments.map((s) => {
      let v: string;
      try {
        v = decodeURIComponent(s);
      } catch {
        throw new HttpError(400, '"url" is not a valid storage path');
      }
      if (v === '' || v === '.' || v === '..' || /[/\\\0]/.test(v)) throw new HttpError(400, '"url" is not a valid storage path');
      return v;
    });
    const file = resolve(storageRoot, ...decoded);
    if (!file.startsWith(storageRoot + sep)) throw new HttpError(400, '"url" is not a valid storage path');
    // Private files (chat attachments) are never a public image source.
    if (file.startsWith(resolve(storageRoot, PRIVATE_PREFIX) + sep)) throw new HttpError(404, 'image not found');
    const st = await stat(file).catch(() => undefined);
    if (!st?.isFile()) throw new HttpError(404, 'image not found');
    return { id: `storage:${decoded.join('/')}`, version: `${st.mtimeMs}:${st.size}`, remote: false, load: () => readFile(file) };
  };

  const hostAllowed = (u: URL): boolean => allow.has(u.hostname.toLowerCase()) || allow.has(u.host.toLowerCase());

  const parseRemote = (url: string): URL => {
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      throw new HttpError(400, '"url" must be a /storage/ path or an absolute http(s) URL');
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new HttpError(400, '"url" must be a /storage/ path or an absolute http(s) URL');
    if (u.username || u.password) throw new HttpError(400, '"url" must not carry credentials');
    if (!hostAllowed(u)) throw new HttpError(403, `host "${u.hostname}" is not allowed`);
    return u;
  };

  const loadRemote = async (start: URL): Promise<Buffer> => {
    let url = start;
    for (let hop = 0; ; hop++) {
      let res: Response;
      try {
        res = await withTimeout(fetchRemote(url.href), REMOTE_TIMEOUT_MS);
      } catch {
        throw new HttpError(502, 'could not fetch the remote image');
      }
      if (res.status >= 300 && res.status < 400) {
        const location = res.headers.get('location');
        await res.body?.cancel().catch(() => undefined);
        if (!location || hop >= MAX_REDIRECTS) throw new HttpError(502, 'too many redirects fetching the remote image');
        const next = new URL(location, url);
        if ((next.protocol !== 'http:' && next.protocol !== 'https:') || !hostAllowed(next)) throw new HttpError(403, `redirect to a host that is not allowed`);
        url = next;
        continue;
      }
      if (res.status === 404 || res.status === 410) {
        await res.body?.cancel().catch(() => undefined);
        throw new HttpError(404, 'image not found');
      }
      if (!res.ok) {
        await res.body?.cancel().catch(() => undefined);
        throw new HttpError(502, `the remote image responded ${res.status}`);
      }
      const type = res.headers.get('content-type') ?? '';
      if (type && !/^image\//i.test(type)) {
        await res.body?.cancel().catch(() => undefined);
        throw new HttpError(415, 'the remote resource is not an image');
      }
      return readLimited(res, MAX_REMOTE_BYTES);
    }
  };

  const render = async (source: Source, width: number, quality: number, format: Format): Promise<Buffer> => {
    const input = await source.load();
    try {
      const pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, sequentialRead: true })
        .rotate()
        .resize({ width, withoutEnlargement: true });
      if (format === 'avif') return await pipeline.avif({ quality, effort: 2 }).toBuffer();
      if (format === 'webp') return await pipeline.webp({ quality, effort: 3 }).toBuffer();
      return await pipeline.jpeg({ quality, mozjpeg: true }).toBuffer();
    } catch {
      throw new HttpError(415, 'the source is not a supported image');
    }
  };

  const obtain = (source: Source, width: number, quality: number, format: Format): Promise<Rendered> => {
    const key = createHash('sha256').update(JSON.stringify([source.id, source.version, width, quality, format])).digest('hex').slice(0, 40);
    const existing = inflight.get(key);
    if (existing) return existing;
    const file = join(cacheRoot, key.slice(0, 2), `${key}.${format === 'jpeg' ? 'jpg' : format}`);
    const job = (async (): Promise<Rendered> => {
      const st = await stat(file).catch(() => undefined);
      const fresh = st?.isFile() && (!source.remote || Date.now() - st.mtimeMs < REMOTE_CACHE_MS);
      if (st && fresh) {
        const body = await readFile(file).catch(() => undefined);
        if (body) return { body, hit: true, etag: etagFor(key, source.remote ? st.mtimeMs : 0) };
      }
      const body = await render(source, width, quality, format);
      await writeAtomic(file, body).catch(() => undefined); // a full disk still serves the image
      const written = source.remote ? ((await stat(file).catch(() => undefined))?.mtimeMs ?? Date.now()) : 0;
      return { body, hit: false, etag: etagFor(key, written) };
    })().finally(() => inflight.delete(key));
    inflight.set(key, job);
    return job;
  };

  app.get('/', async (c) => {
    try {
      const url = c.req.query('url');
      const w = c.req.query('w');
      const q = c.req.query('q');
      if (!url) throw new HttpError(400, '"url" is required');
      if (url.length > MAX_URL_LENGTH) throw new HttpError(400, '"url" is too long');
      if (w === undefined || w === '') throw new HttpError(400, '"w" is required');
      const width = /^\d{1,5}$/.test(w) ? Number(w) : NaN;
      if (!ALLOWED_WIDTHS.has(width)) throw new HttpError(400, `"w" must be one of ${[...IMAGE_SIZES, ...IMAGE_WIDTHS].join(', ')}`);
      let quality = DEFAULT_IMAGE_QUALITY;
      if (q !== undefined) {
        quality = /^\d{1,3}$/.test(q) ? Number(q) : NaN;
        if (!(quality >= 1 && quality <= 100)) throw new HttpError(400, '"q" must be an integer from 1 to 100');
      }

      let source: Source;
      if (url.startsWith('/storage/')) source = await storageSource(url);
      else if (/^https?:\/\//i.test(url)) {
        const remote = parseRemote(url);
        source = { id: `remote:${remote.href}`, version: '', remote: true, load: () => loadRemote(remote) };
      } else throw new HttpError(400, '"url" must be a /storage/ path or an absolute http(s) URL');

      // `f` pins the format (the spec's webp* image variants); otherwise Accept decides.
      const f = c.req.query('f');
      if (f !== undefined && f !== 'webp' && f !== 'avif' && f !== 'jpeg') throw new HttpError(400, '"f" must be webp, avif or jpeg');
      const format: Format = f ?? negotiate(c.req.header('accept'));
      const out = await obtain(source, width, quality, format);
      const headers: Record<string, string> = {
        'Content-Type': CONTENT_TYPE[format],
        'Cache-Control': source.remote ? `public, max-age=${REMOTE_CACHE_MS / 1000}` : 'public, max-age=31536000, immutable',
        ETag: out.etag,
        ...(f ? {} : { Vary: 'Accept' }),
        'X-Content-Type-Options': 'nosniff',
        'X-Cache': out.hit ? 'HIT' : 'MISS',
      };
      if (etagMatches(c.req.header('if-none-match'), out.etag)) return new Response(null, { status: 304, headers });
      headers['Content-Length'] = String(out.body.length);
      return new Response(new Uint8Array(out.body), { status: 200, headers });
    } catch (err) {
      if (err instanceof HttpError) return c.json({ error: err.message }, err.status);
      throw err;
    }
  });

  return app;
}

/** AVIF when accepted, else WebP when accepted, else JPEG. Wildcards do not count. */
function negotiate(accept: string | undefined): Format {
  const types = new Set<string>();
  for (const part of (accept ?? '').toLowerCase().split(',')) {
    const [type, ...params] = part.split(';').map((s) => s.trim());
    const qParam = params.find((p) => p.startsWith('q='));
    if (type && !(qParam !== undefined && Number(qParam.slice(2)) === 0)) types.add(type);
  }
  if (types.has('image/avif')) return 'avif';
  if (types.has('image/webp')) return 'webp';
  return 'jpeg';
}

function etagFor(key: string, version: number): string {
  return version ? `"${key}-${Math.round(version).toString(36)}"` : `"${key}"`;
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

async function readLimited(res: Response, max: number): Promise<Buffer> {
  const declared = Number(res.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > max) {
    await res.body?.cancel().catch(() => undefined);
    throw new HttpError(502, 'the remote image is larger than 15 MB');
  }
  if (!res.body) return Buffer.alloc(0);
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const read = async (): Promise<Buffer> => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return Buffer.concat(chunks);
      total += value.byteLength;
      if (total > max) {
        await reader.cancel().catch(() => undefined);
        throw new HttpError(502, 'the remote image is larger than 15 MB');
      }
      chunks.push(value);
    }
  };
  try {
    return await withTimeout(read(), REMOTE_TIMEOUT_MS);
  } catch (err) {
    if (err instanceof HttpError) throw err;
    await reader.cancel().catch(() => undefined);
    throw new HttpError(502, 'could not fetch the remote image');
  }
}

async function writeAtomic(path: string, data: Buffer): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    await writeFile(tmp, data);
    await rename(tmp, path);
  } catch (err) {
    await unlink(tmp).catch(() => undefined);
    throw err;
  }
}
