// Serves the built storefront from dist/ (a symlink swapped atomically by rebuilds):
// hashed assets immutable, HTML revalidated with ETags, precompressed brotli/gzip when accepted,
// one static shell per per-user route family, and the 404 page with status 404.
import { createHash } from 'node:crypto';
import { createReadStream, lstatSync, readlinkSync, realpathSync, type Stats } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { Context, Hono } from 'hono';
import { currencyForCountry } from '../lib/geo-currency.ts';
import type { AppEnv } from './context.ts';

/** Hosts the consent-gated analytics and pixel scripts need (src/islands/overlays/third-party.ts). */
const ANALYTICS_HOSTS = 'https://www.googletagmanager.com https://www.google-analytics.com https://*.google-analytics.com';
const PIXEL_HOSTS = 'https://connect.facebook.net https://www.facebook.com';

/** The sign-up captcha's widget hosts (src/islands/auth/Captcha.tsx), when a real one is configured. */
const CAPTCHA_HOSTS = { turnstile: 'https://challenges.cloudflare.com', hcaptcha: 'https://hcaptcha.com https://*.hcaptcha.com' } as const;

/** Script types a browser runs (an inline JSON or JSON-LD block needs no CSP source). */
const EXECUTABLE_TYPE = /^(?:|module|text\/javascript|application\/javascript)$/i;

/**
 * The CSP sources of a page's inline scripts: `'sha256-…'` of each script the browser runs,
 * exactly as written between its tags (issue 20: no `'unsafe-inline'` for scripts).
 */
export function inlineScriptHashes(html: string): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = m[1] ?? '';
    if (/\ssrc\s*=/i.test(attrs)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attrs)?.[1] ?? '';
    if (!EXECUTABLE_TYPE.test(type)) continue;
    out.add(`'sha256-${createHash('sha256').update(m[2] ?? '').digest('base64')}'`);
  }
  return [...out];
}

/**
 * The storefront's CSP. `scripts`: the hashes of the page's inline scripts (inlineScriptHashes);
 * without them (a page whose text is not at hand) inline scripts are refused too.
 */
export function siteCsp(thirdParty: { analytics: boolean; pixel: boolean; captcha?: 'test' | 'turnstile' | 'hcaptcha'; imageOrigin?: string | undefined } = { analytics: false, pixel: false }, scripts: string[] = []): string {
  const captcha = thirdParty.captcha && thirdParty.captcha !== 'test' ? CAPTCHA_HOSTS[thirdParty.captcha] : '';
  const extra = [thirdParty.analytics ? ANALYTICS_HOSTS : '', thirdParty.pixel ? PIXEL_HOSTS : '', captcha].filter(Boolean).join(' ');
  const plus = extra ? ` ${extra}` : '';
  // Partytown (the consent-gated trackers) runs in a same-origin sandbox frame.
  const partytown = thirdParty.analytics || thirdParty.pixel;
  const frames = [partytown ? "'self'" : '', 'https://www.youtube-nocookie.com', captcha].filter(Boolean).join(' ');
  return [
    "default-src 'self'",
    `script-src 'self'${scripts.length ? ` ${scripts.join(' ')}` : ''}${plus}`,
    `style-src 'self' 'unsafe-inline'${captcha ? ` ${captcha}` : ''}`,
    `img-src 'self' data: blob:${plus}${thirdParty.imageOrigin ? ` ${thirdParty.imageOrigin}` : ''}`,
    "font-src 'self'",
    `connect-src 'self' ws: wss:${plus}`,
    `frame-src ${frames}`,
    "worker-src 'self' blob:",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * What Stripe.js needs on the pages that take a payment, and nothing more: its script, its
 * card and 3-D Secure frames, its API, and Stripe-hosted PayNow QR images.
 */
export const STRIPE_HOSTS = { script: 'https://js.stripe.com', frame: 'https://js.stripe.com https://hooks.stripe.com', connect: 'https://api.stripe.com', img: 'https://*.stripe.com' } as const;

/** The pages that take a payment (their shells): only these may load Stripe.js. */
export const PAYMENT_SHELLS = ['checkout', 'invoices', 'later-payment'] as const;

/** The CSP of a payment page: the site's, plus Stripe's hosts when Stripe is the provider. */
export function paymentCsp(thirdParty: Parameters<typeof siteCsp>[0], stripe: boolean, scripts: string[] = []): string {
  const base = siteCsp(thirdParty, scripts);
  if (!stripe) return base;
  const add: Record<string, string> = { 'script-src': STRIPE_HOSTS.script, 'frame-src': STRIPE_HOSTS.frame, 'connect-src': STRIPE_HOSTS.connect, 'img-src': STRIPE_HOSTS.img };
  return base
    .split('; ')
    .map((d) => {
      const name = d.split(' ')[0] ?? '';
      return add[name] ? `${d} ${add[name]}` : d;
    })
    .join('; ');
}

const isPaymentShell = (rel: string) => PAYMENT_SHELLS.some((f) => rel.replace(/^\//, '').startsWith(`shells/${f}/`));

/** Route families served by one static shell each (spec §2 per-user and live pages). */
export const SHELL_FAMILIES = [
  'account', 'checkout', 'trips', 'invoices', 'later-payment', 's', 'reviews', 'bucket-list', 'chat',
  'search', 'ambassador', 'partner', 'admin', 'users', 'corporate-events',
] as const;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
  '.pf_meta': 'application/octet-stream',
  '.pf_index': 'application/octet-stream',
  '.pf_fragment': 'application/octet-stream',
  '.pagefind': 'application/octet-stream',
  '.ics': 'text/calendar; charset=utf-8',
};
export const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.xml', '.txt', '.svg', '.webmanifest']);

async function fileStat(path: string): Promise<Stats | undefined> {
  try {
    const s = await stat(path);
    return s.isFile() ? s : undefined;
  } catch {
    return undefined;
  }
}

function cacheControl(relPath: string): string {
  // The header menus' file is named by a hash of its content (docs/decisions/0048).
  if (relPath.startsWith('/_astro/') || relPath.startsWith('/fonts/') || relPath.startsWith('/menu/')) return 'public, max-age=31536000, immutable';
  if (relPath.endsWith('.html')) return 'public, max-age=0, must-revalidate';
  if (relPath.startsWith('/pagefind/')) return 'public, max-age=300, must-revalidate';
  return 'public, max-age=3600';
}

/** Maps a URL path to candidate files under dist (directory-format pages). */
function candidates(path: string): string[] {
  if (path.endsWith('/')) return [`${path}index.html`];
  if (extname(path)) return [path];
  return [`${path}/index.html`, `${path}.html`];
}

/**
 * `/options/{slugCode}` and `/events/{slugCode}` show the experience page itself (architecture:
 * same page, canonical link to `/experiences/…`), so they are answered with its built file rather
 * than built three times. An unknown slugCode has no file and falls through to the 404 page.
 */
export function experienceAlias(path: string): string | undefined {
  const m = /^\/(?:options|events)\/([A-Za-z0-9_-]{1,200})\/?$/.exec(path);
  return m ? `/experiences/${m[1]}/index.html` : undefined;
}

export function shellFor(path: string): string | undefined {
  const family = path.split('/')[1];
  return family && (SHELL_FAMILIES as readonly string[]).includes(family) ? `/shells/${family}/index.html` : undefined;
}

/** Files up to this size are served from memory; larger ones are streamed from disk. */
const IN_MEMORY_MAX = 2 * 1024 * 1024;

/**
 * The bytes of built files, kept in memory (least recently used first out, within a budget).
 * A build's folder never changes once live (a publish makes a new one), so a file's bytes are
 * keyed by its full path; the search index, which pagefind writes after the swap, is not kept.
 */
export class FileBytes {
  private readonly files = new Map<string, Buffer>();
  private bytes = 0;
  private readonly maxBytes: number;
  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }
  get(file: string): Buffer | undefined {
    const b = this.files.get(file);
    if (b) {
      // Most recently used last.
      this.files.delete(file);
      this.files.set(file, b);
    }
    return b;
  }
  async read(file: string): Promise<Buffer> {
    const kept = this.get(file);
    if (kept) return kept;
    const b = await readFile(file);
    if (b.length <= this.maxBytes / 16 && !file.includes(`${sep}pagefind${sep}`)) {
      this.files.set(file, b);
      this.bytes += b.length;
      for (const [k, v] of this.files) {
        if (this.bytes <= this.maxBytes) break;
        this.files.delete(k);
        this.bytes -= v.length;
      }
    }
    return b;
  }
  clear() {
    this.files.clear();
    this.bytes = 0;
  }
}

/** What a path was answered with: the fast path answers it again while the build is the same. */
type Served = {
  root: string;
  rel: string;
  /** Headers of every encoding (no Content-Encoding, no Content-Length). */
  headers: [string, string][];
  etag: string;
  html: boolean;
  /** The encodings on disk, with their sizes. */
  variants: { br?: number; gzip?: number; identity: number };
  /** The fast path's header list of each encoding, made at its first answer (without the request id). */
  heads: Partial<Record<'br' | 'gzip' | 'identity', string[]>>;
  /** The file of each encoding, made at its first answer. */
  files: Partial<Record<'br' | 'gzip' | 'identity', string>>;
};

export type StaticFastPath = {
  handle: (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;
  /** A table changed (change feed): redirects of renamed pages may now apply. */
  forgetPaths: () => void;
};

const staticFastPaths = new WeakMap<object, StaticFastPath>();

/** The fast path of the static site mounted on `app` (main.ts puts it before the router). */
export function staticFastPathOf(app: object): StaticFastPath | undefined {
  return staticFastPaths.get(app);
}

/**
 * The folder `distDir` points to now (a rebuild swaps the symlink), read once per turn of the
 * event loop: the requests answered in one turn (many, under load) share it, and a swap made
 * before a turn is seen by every request in it. lstat first, so a plain folder (DIST_DIR set to a
 * build itself, as bench:api does) costs no failing readlink: an exception per request had
 * halved the static fast path's rate.
 */
function rootResolver(distDir: string): () => string | undefined {
  let seen: { link: string; real: string } | undefined;
  let thisTurn: string | undefined | null = null;
  const nextTurn = () => (thisTurn = null);
  const resolveNow = (): string | undefined => {
    try {
      const st = lstatSync(distDir, { throwIfNoEntry: false });
      if (!st) return undefined;
      const link = st.isSymbolicLink() ? readlinkSync(distDir) : distDir;
      if (seen?.link !== link) seen = { link, real: realpathSync(distDir) };
      return seen.real;
    } catch {
      return undefined; // swapped or removed between the calls: the app answers this one
    }
  };
  return () => {
    if (thisTurn !== null) return thisTurn;
    thisTurn = resolveNow();
    setImmediate(nextTurn);
    return thisTurn;
  };
}

const ENCODINGS = [['br', '.br', /\bbr\b/], ['gzip', '.gz', /\bgzip\b/]] as const;

function encodingOf(accept: string | undefined, variants: Served['variants']): 'br' | 'gzip' | 'identity' {
  if (accept) for (const [token, , named] of ENCODINGS) if (variants[token] !== undefined && named.test(accept)) return token;
  return 'identity';
}

const suffixOf = (e: 'br' | 'gzip' | 'identity') => (e === 'br' ? '.br' : e === 'gzip' ? '.gz' : '');

/** Mounts the static site on `app` (after the API routes) and makes the 404 page its not-found answer. */
export function mountStaticSite(app: Hono<AppEnv>, opts: { distDir: string; geoCountryHeader: string; thirdParty?: Parameters<typeof siteCsp>[0]; stripe?: boolean; memoryMb?: number }) {
  const memory = new FileBytes((opts.memoryMb ?? 256) * 1024 * 1024);
  const served = new Map<string, Served>();
  let servedRoot: string | undefined;
  const currentRoot = rootResolver(resolve(opts.distDir));

  /** A page's CSP, with the hashes of its own inline scripts (read once per file of a build). */
  const cspOfFile = new Map<string, string>();
  async function cspFor(file: string, rel: string): Promise<string> {
    const known = cspOfFile.get(file);
    if (known) return known;
    const hashes = inlineScriptHashes((await memory.read(file)).toString('utf8'));
    const csp = isPaymentShell(rel) ? paymentCsp(opts.thirdParty, opts.stripe ?? false, hashes) : siteCsp(opts.thirdParty, hashes);
    if (cspOfFile.size > 20_000) cspOfFile.clear();
    cspOfFile.set(file, csp);
    return csp;
  }

  async function headersOf(c: Context<AppEnv>, file: string, rel: string, st: Stats, status: 200 | 404): Promise<{ headers: [string, string][]; etag: string }> {
    const ext = extname(rel);
    const etag = `W/"${st.size.toString(36)}-${Math.floor(st.mtimeMs).toString(36)}"`;
    const headers: [string, string][] = [
      ['Content-Type', TYPES[ext] ?? 'application/octet-stream'],
      ['Cache-Control', status === 404 ? 'no-cache' : cacheControl(rel)],
      ['ETag', etag],
      ['X-Content-Type-Options', 'nosniff'],
    ];
    if (ext === '.html') {
      headers.push(['Content-Security-Policy', await cspFor(file, rel)]);
      headers.push(['Referrer-Policy', 'strict-origin-when-cross-origin']);
      headers.push(['X-Frame-Options', 'DENY']);
      if (c.var.config.isProduction) headers.push(['Strict-Transport-Security', 'max-age=63072000; includeSubDomains; preload']);
    }
    if (COMPRESSIBLE.has(ext)) headers.push(['Vary', 'Accept-Encoding']);
    return { headers, etag };
  }

  /** The first visit's currency cookie, from the visitor's country (trusted proxy header). */
  function currencyCookie(geo: string | undefined, cookie: string | undefined): string | undefined {
    return geo && !/(?:^|;\s*)currency=/.test(cookie ?? '') ? `currency=${currencyForCountry(geo)}; Path=/; Max-Age=31536000; SameSite=Lax` : undefined;
  }

  async function send(c: Context<AppEnv>, root: string, rel: string, st: Stats, status: 200 | 404, path?: string) {
    const ext = extname(rel);
    const file = join(root, rel);
    const { headers: base, etag } = await headersOf(c, file, rel, st, status);
    const headers = new Headers(base);
    const setCookie = ext === '.html' ? currencyCookie(c.req.header(c.var.config.geoCountryHeader), c.req.header('cookie')) : undefined;
    if (setCookie) headers.append('Set-Cookie', setCookie);
    const variants: Served['variants'] = { identity: st.size };
    if (COMPRESSIBLE.has(ext)) {
      for (const [token, suffix] of ENCODINGS) {
        const pre = await fileStat(file + suffix);
        if (pre) variants[token] = pre.size;
      }
    }
    // Answered again from memory by the fast path while this build is live (the 404 page is not).
    if (status === 200 && path && st.size <= IN_MEMORY_MAX) {
      if (servedRoot !== root) {
        served.clear();
        cspOfFile.clear();
        servedRoot = root;
      }
      served.set(path, { root, rel, headers: base, etag, html: ext === '.html', variants, heads: {}, files: {} });
    }
    if (status === 200 && c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers });
    const encoding = encodingOf(c.req.header('accept-encoding'), variants);
    if (encoding !== 'identity') headers.set('Content-Encoding', encoding);
    const size = variants[encoding]!;
    headers.set('Content-Length', String(size));
    if (c.req.method === 'HEAD') return new Response(null, { status, headers });
    const target = file + suffixOf(encoding);
    if (size > IN_MEMORY_MAX) return new Response(Readable.toWeb(createReadStream(target)) as ReadableStream, { status, headers });
    const bytes = await memory.read(target);
    return new Response(new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength) as Uint8Array<ArrayBuffer>, { status, headers });
  }

  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    let path: string;
    try {
      path = decodeURIComponent(c.req.path);
    } catch {
      return next();
    }
    if (path.includes('\0') || path.split('/').includes('..')) return next();
    // Resolve the dist symlink once per request so a swap mid-request cannot mix two builds.
    let root: string;
    try {
      root = await realpath(opts.distDir);
    } catch {
      return c.text('The storefront has not been built yet: run npm start.', 503);
    }
    for (const rel of candidates(path)) {
      const full = join(root, rel);
      if (!full.startsWith(root + sep)) continue;
      const st = await fileStat(full);
      if (st) return send(c, root, rel, st, 200, c.req.path);
    }
    const alias = experienceAlias(path);
    if (alias) {
      const st = await fileStat(join(root, alias));
      if (st) return send(c, root, alias, st, 200, c.req.path);
    }
    const shell = shellFor(path);
    if (shell) {
      const st = await fileStat(join(root, shell));
      if (st) return send(c, root, shell, st, 200, c.req.path);
    }
    return next();
  });

  app.notFound(async (c) => {
    try {
      const root = await realpath(opts.distDir);
      const st = await fileStat(join(root, '404.html'));
      if (st && (c.req.method === 'GET' || c.req.method === 'HEAD')) return send(c, root, '/404.html', st, 404);
    } catch {
      // not built yet: plain answer below
    }
    return c.text('Not found', 404);
  });

  // The fast path (ADR 0042): a path the app has answered with a file of the live build is
  // answered again from memory, before the router, with the same headers.
  const ridPrefix = `s${process.pid.toString(36)}${Date.now().toString(36)}`;
  let ridCount = 0;
  staticFastPaths.set(app, {
    forgetPaths: () => served.clear(),
    handle: (req, res) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      const url = req.url ?? '/';
      const q = url.indexOf('?');
      const entry = served.get(q < 0 ? url : url.slice(0, q));
      if (!entry) return false;
      const root = currentRoot();
      if (root !== entry.root) {
        served.clear();
        memory.clear();
        return false;
      }
      if (entry.html && req.headers[opts.geoCountryHeader] && !/(?:^|;\s*)currency=/.test(req.headers.cookie ?? '')) return false;
      const rid = ['X-Request-Id', `${ridPrefix}${(++ridCount).toString(36)}`];
      if (req.headers['if-none-match'] === entry.etag) {
        res.writeHead(304, [...entry.headers.flat(), ...rid]);
        res.end();
        return true;
      }
      const encoding = encodingOf(req.headers['accept-encoding'], entry.variants);
      const head = (entry.heads[encoding] ??= [...entry.headers.flat(), ...(encoding === 'identity' ? [] : ['Content-Encoding', encoding]), 'Content-Length', String(entry.variants[encoding]!)]).concat(rid);
      if (req.method === 'HEAD') {
        res.writeHead(200, head);
        res.end();
        return true;
      }
      const target = (entry.files[encoding] ??= join(entry.root, entry.rel) + suffixOf(encoding));
      const write = (bytes: Buffer) => {
        res.writeHead(200, head);
        res.end(bytes);
        return true;
      };
      const kept = memory.get(target);
      if (kept) return write(kept);
      return memory.read(target).then(write, () => false);
    },
  });
}
