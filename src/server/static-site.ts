// Serves the built storefront from dist/ (a symlink swapped atomically by rebuilds):
// hashed assets immutable, HTML revalidated with ETags, precompressed brotli/gzip when accepted,
// one static shell per per-user route family, and the 404 page with status 404.
import { createReadStream, type Stats } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { extname, join, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { Context, Hono } from 'hono';
import { currencyForCountry } from '../lib/geo-currency.ts';
import type { AppEnv } from './context.ts';

/** Hosts the consent-gated analytics and pixel scripts need (src/islands/overlays/third-party.ts). */
const ANALYTICS_HOSTS = 'https://www.googletagmanager.com https://www.google-analytics.com https://*.google-analytics.com';
const PIXEL_HOSTS = 'https://connect.facebook.net https://www.facebook.com';

/** The sign-up captcha's widget hosts (src/islands/auth/Captcha.tsx), when a real one is configured. */
const CAPTCHA_HOSTS = { turnstile: 'https://challenges.cloudflare.com', hcaptcha: 'https://hcaptcha.com https://*.hcaptcha.com' } as const;

export function siteCsp(thirdParty: { analytics: boolean; pixel: boolean; captcha?: 'test' | 'turnstile' | 'hcaptcha'; imageOrigin?: string | undefined } = { analytics: false, pixel: false }): string {
  const captcha = thirdParty.captcha && thirdParty.captcha !== 'test' ? CAPTCHA_HOSTS[thirdParty.captcha] : '';
  const extra = [thirdParty.analytics ? ANALYTICS_HOSTS : '', thirdParty.pixel ? PIXEL_HOSTS : '', captcha].filter(Boolean).join(' ');
  const plus = extra ? ` ${extra}` : '';
  const frames = ['https://www.youtube-nocookie.com', captcha].filter(Boolean).join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${plus}`,
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
export function paymentCsp(thirdParty: Parameters<typeof siteCsp>[0], stripe: boolean): string {
  const base = siteCsp(thirdParty);
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
  if (relPath.startsWith('/_astro/') || relPath.startsWith('/fonts/')) return 'public, max-age=31536000, immutable';
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

/** Mounts the static site on `app` (after the API routes) and makes the 404 page its not-found answer. */
export function mountStaticSite(app: Hono<AppEnv>, opts: { distDir: string; thirdParty?: Parameters<typeof siteCsp>[0]; stripe?: boolean }) {
  const csp = siteCsp(opts.thirdParty);
  const payCsp = paymentCsp(opts.thirdParty, opts.stripe ?? false);

  async function send(c: Context<AppEnv>, root: string, rel: string, st: Stats, status: 200 | 404) {
    const ext = extname(rel);
    const type = TYPES[ext] ?? 'application/octet-stream';
    const etag = `W/"${st.size.toString(36)}-${Math.floor(st.mtimeMs).toString(36)}"`;
    const headers = new Headers({
      'Content-Type': type,
      'Cache-Control': status === 404 ? 'no-cache' : cacheControl(rel),
      ETag: etag,
      'X-Content-Type-Options': 'nosniff',
    });
    if (ext === '.html') {
      // First visit: the currency follows the visitor's country (trusted proxy header).
      const country = c.req.header(c.var.config.geoCountryHeader);
      if (country && !/(?:^|;\s*)currency=/.test(c.req.header('cookie') ?? '')) {
        headers.append('Set-Cookie', `currency=${currencyForCountry(country)}; Path=/; Max-Age=31536000; SameSite=Lax`);
      }
      headers.set('Content-Security-Policy', isPaymentShell(rel) ? payCsp : csp);
      headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
      headers.set('X-Frame-Options', 'DENY');
      if (c.var.config.isProduction) headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains; preload');
    }
    if (status === 200 && c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers });
    let file = join(root, rel);
    let size = st.size;
    if (COMPRESSIBLE.has(ext)) {
      headers.set('Vary', 'Accept-Encoding');
      const accept = c.req.header('accept-encoding') ?? '';
      for (const [token, suffix] of [['br', '.br'], ['gzip', '.gz']] as const) {
        if (!new RegExp(`\\b${token}\\b`).test(accept)) continue;
        const pre = await fileStat(file + suffix);
        if (pre) {
          file += suffix;
          size = pre.size;
          headers.set('Content-Encoding', token);
          break;
        }
      }
    }
    headers.set('Content-Length', String(size));
    if (c.req.method === 'HEAD') return new Response(null, { status, headers });
    return new Response(Readable.toWeb(createReadStream(file)) as ReadableStream, { status, headers });
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
      if (st) return send(c, root, rel, st, 200);
    }
    const alias = experienceAlias(path);
    if (alias) {
      const st = await fileStat(join(root, alias));
      if (st) return send(c, root, alias, st, 200);
    }
    const shell = shellFor(path);
    if (shell) {
      const st = await fileStat(join(root, shell));
      if (st) return send(c, root, shell, st, 200);
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
}
