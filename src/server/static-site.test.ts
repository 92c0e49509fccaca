import { mkdirSync, mkdtempSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { parseConfig } from './config.ts';
import type { AppEnv } from './context.ts';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { createHash } from 'node:crypto';
import { inlineScriptHashes, mountStaticSite, paymentCsp, siteCsp, staticFastPathOf } from './static-site.ts';

function makeBuild(root: string, name: string, marker: string) {
  const dir = join(root, name);
  const files: Record<string, string> = {
    'index.html': `<!doctype html><title>Home ${marker}</title>${'<p>Verdant</p>'.repeat(100)}`,
    '404.html': `<!doctype html><title>Not found ${marker}</title>`,
    'countries/singapore/index.html': `<!doctype html><title>Singapore ${marker}</title>`,
    'experiences/mangrove-walk-ab12/index.html': `<!doctype html><title>Mangrove walk ${marker}</title>`,
    'shells/account/index.html': `<!doctype html><title>Account shell ${marker}</title>`,
    'shells/checkout/index.html': `<!doctype html><title>Checkout shell ${marker}</title>`,
    '_astro/client.Ab12Cd.js': `console.log(${JSON.stringify(marker)});${' '.repeat(600)}`,
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'menu/K73VKtJb93Zv/index.html': `<div data-menu-panel="about">${marker}</div>`,
  };
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  writeFileSync(join(dir, 'index.html.br'), brotliCompressSync(files['index.html']!));
  writeFileSync(join(dir, 'index.html.gz'), gzipSync(files['index.html']!));
  return dir;
}

function setup(opts: { stripe?: boolean } = {}) {
  const root = mkdtempSync(join(tmpdir(), 'verdant-dist-'));
  makeBuild(root, 'build-a', 'A');
  symlinkSync('build-a', join(root, 'dist'));
  const app = new Hono<AppEnv>();
  const config = parseConfig({ NODE_ENV: 'test' });
  app.use('*', async (c, next) => {
    c.set('config', config);
    c.set('log', pino({ level: 'silent' }));
    await next();
  });
  app.get('/api/v1/ping', (c) => c.json({ ok: true }));
  mountStaticSite(app, { distDir: join(root, 'dist'), geoCountryHeader: config.geoCountryHeader, ...opts });
  return { app, root };
}

describe('static site', () => {
  it('serves HTML revalidated, with CSP and an ETag that answers 304', async () => {
    const { app } = setup();
    const res = await app.request('/countries/singapore');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Singapore A');
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(res.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    const etag = res.headers.get('etag')!;
    const again = await app.request('/countries/singapore', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect((await app.request('/countries/singapore/')).status).toBe(200);
  });

  it('serves hashed assets as immutable', async () => {
    const { app } = setup();
    const res = await app.request('/_astro/client.Ab12Cd.js');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toMatch(/javascript/);
  });

  it('serves the header menus’ file, named by its content’s hash, as immutable (ADR 0048)', async () => {
    const { app } = setup();
    const res = await app.request('/menu/K73VKtJb93Zv/');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toContain('data-menu-panel="about"');
  });

  it('serves precompressed brotli or gzip when accepted', async () => {
    const { app } = setup();
    const br = await app.request('/', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    const gz = await app.request('/', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const plain = await app.request('/');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toContain('Home A');
  });

  it('rewrites a shell family to its shell', async () => {
    const { app } = setup();
    for (const path of ['/account', '/account/trips/abc123', '/account/profile']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('Account shell A');
    }
  });

  it('answers /options/{slugCode} and /events/{slugCode} with the experience page, unknown ones with 404', async () => {
    const { app } = setup();
    for (const path of ['/options/mangrove-walk-ab12', '/events/mangrove-walk-ab12', '/options/mangrove-walk-ab12/']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('Mangrove walk A');
    }
    for (const path of ['/options/no-such-thing', '/events/no-such-thing', '/options/mangrove-walk-ab12/extra', '/options/..%2F..%2Fetc', '/options']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain('Not found A');
    }
  });

  it('answers unknown paths with the 404 page and status 404', async () => {
    const { app } = setup();
    for (const path of ['/nope', '/countries/atlantis', '/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/%E0%A4%A']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain('Not found A');
    }
  });

  it('sets the currency cookie from the visitor country on a first visit only', async () => {
    const { app } = setup();
    const first = await app.request('/', { headers: { 'cf-ipcountry': 'MY' } });
    expect(first.headers.get('set-cookie')).toMatch(/^currency=MYR; Path=\/;/);
    const returning = await app.request('/', { headers: { 'cf-ipcountry': 'MY', cookie: 'currency=JPY' } });
    expect(returning.headers.get('set-cookie')).toBeNull();
    const unknown = await app.request('/');
    expect(unknown.headers.get('set-cookie')).toBeNull();
  });

  it('allows a page’s own inline scripts by their hashes, never any inline script', async () => {
    const { app, root } = setup();
    const boot = 'window.verdantBoot = 1;';
    const island = 'import("/_astro/client.Ab12Cd.js");';
    writeFileSync(
      join(root, 'build-a', 'about', 'index.html').replace('/about/index.html', '/about.html'),
      `<!doctype html><title>About</title><script>${boot}</script><script type="module">${island}</script><script type="application/ld+json">{"@type":"Thing"}</script><script type="application/json" id="x">{}</script><script src="/_astro/client.Ab12Cd.js"></script>`,
    );
    const csp = (await app.request('/about')).headers.get('content-security-policy') ?? '';
    const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src '))!;
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(scriptSrc).toBe(`script-src 'self' ${sha(boot)} ${sha(island)}`);
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(inlineScriptHashes('<p>no scripts</p>')).toEqual([]);
    expect(siteCsp()).toContain("script-src 'self'; ");
  });

  it('allows the analytics and pixel hosts in the CSP only when they are configured', () => {
    expect(siteCsp()).not.toMatch(/googletagmanager|facebook/);
    const both = siteCsp({ analytics: true, pixel: true });
    expect(both).toMatch(/script-src 'self' https:\/\/www\.googletagmanager\.com/);
    expect(both).toMatch(/connect-src [^;]*https:\/\/connect\.facebook\.net/);
    // Partytown's sandbox frame is same-origin: allowed only when a tracker may run.
    expect(both).toMatch(/frame-src 'self' https:\/\/www\.youtube-nocookie\.com/);
    expect(siteCsp()).toMatch(/frame-src https:\/\/www\.youtube-nocookie\.com;/);
  });

  it('allows a real captcha widget host only when one is configured', () => {
    expect(siteCsp({ analytics: false, pixel: false, captcha: 'test' })).not.toMatch(/cloudflare|hcaptcha/);
    const turnstile = siteCsp({ analytics: false, pixel: false, captcha: 'turnstile' });
    expect(turnstile).toMatch(/script-src [^;]*https:\/\/challenges\.cloudflare\.com/);
    expect(turnstile).toMatch(/frame-src https:\/\/www\.youtube-nocookie\.com https:\/\/challenges\.cloudflare\.com/);
    expect(siteCsp({ analytics: false, pixel: false, captcha: 'hcaptcha' })).toMatch(/style-src [^;]*https:\/\/\*\.hcaptcha\.com/);
  });

  it('does not shadow the API', async () => {
    const { app } = setup();
    expect(await (await app.request('/api/v1/ping')).json()).toEqual({ ok: true });
  });

  it('switches to a new build atomically when the dist link is replaced', async () => {
    const { app, root } = setup();
    expect(await (await app.request('/')).text()).toContain('Home A');
    makeBuild(root, 'build-b', 'B');
    symlinkSync('build-b', join(root, 'dist.tmp'));
    renameSync(join(root, 'dist.tmp'), join(root, 'dist'));
    expect(await (await app.request('/')).text()).toContain('Home B');
  });
});

describe('Stripe.js on the payment pages only', () => {
  const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';

  it('allows Stripe’s script, frames, API and QR images on checkout when Stripe is the provider', async () => {
    const { app } = setup({ stripe: true });
    const csp = (await app.request('/checkout')).headers.get('content-security-policy') ?? '';
    expect(directive(csp, 'script-src')).toBe("script-src 'self' https://js.stripe.com");
    expect(directive(csp, 'frame-src')).toContain('https://js.stripe.com https://hooks.stripe.com');
    expect(directive(csp, 'connect-src')).toContain('https://api.stripe.com');
    expect(directive(csp, 'img-src')).toContain('https://*.stripe.com');
    expect(csp).toContain("frame-ancestors 'none'");
    // Every other page stays without Stripe.
    for (const path of ['/', '/countries/singapore', '/account']) {
      expect((await app.request(path)).headers.get('content-security-policy')).not.toContain('stripe');
    }
  });

  it('keeps checkout free of any third-party host with the test gateway', async () => {
    const { app } = setup();
    const csp = (await app.request('/checkout/confirmation')).headers.get('content-security-policy') ?? '';
    expect(csp).toBe(siteCsp());
    expect(csp).not.toContain('stripe');
    expect(paymentCsp(undefined, false)).toBe(siteCsp());
  });
});

describe('the static fast path (before the router)', () => {
  /** The app behind a node:http server whose requests try the fast path first, as in main.ts. */
  async function serveWithFastPath() {
    const { app, root } = setup();
    const fast = staticFastPathOf(app)!;
    const listener = getRequestListener(app.fetch);
    let viaApp = 0;
    const server: Server = createServer((req, res) => {
      const done = fast.handle(req, res);
      const toApp = () => {
        viaApp += 1;
        void listener(req, res);
      };
      if (done === true) return;
      if (done === false) return toApp();
      void done.then((ok) => ok || toApp());
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { base, root, fast, viaApp: () => viaApp, close: () => new Promise<void>((r) => server.close(() => r())) };
  }
  const headerNames = (res: Response) => [...res.headers.keys()].filter((k) => !['date', 'connection', 'keep-alive', 'x-request-id'].includes(k)).sort();

  it('answers a page the app has served from memory, with the same headers, encodings and 304', async () => {
    const s = await serveWithFastPath();
    try {
      const first = await fetch(`${s.base}/`, { headers: { 'accept-encoding': 'br' } });
      const firstBody = await first.text();
      expect(s.viaApp()).toBe(1);
      const second = await fetch(`${s.base}/`, { headers: { 'accept-encoding': 'br' } });
      expect(await second.text()).toBe(firstBody);
      expect(s.viaApp()).toBe(1);
      expect(headerNames(second)).toEqual(headerNames(first));
      for (const k of headerNames(first)) if (k !== 'content-length') expect(second.headers.get(k)).toBe(first.headers.get(k));
      expect(second.headers.get('content-encoding')).toBe('br');
      const gz = await fetch(`${s.base}/`, { headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers.get('content-encoding')).toBe('gzip');
      expect(await gz.text()).toBe(firstBody);
      const etag = first.headers.get('etag')!;
      expect((await fetch(`${s.base}/`, { headers: { 'if-none-match': etag } })).status).toBe(304);
      expect(s.viaApp()).toBe(1);
    } finally {
      await s.close();
    }
  });

  it('follows a swapped build at once, and leaves paths it was told to forget to the app', async () => {
    const s = await serveWithFastPath();
    try {
      await fetch(`${s.base}/countries/singapore`).then((r) => r.text());
      expect(await (await fetch(`${s.base}/countries/singapore`)).text()).toContain('Singapore A');
      makeBuild(s.root, 'build-b', 'B');
      symlinkSync('build-b', join(s.root, 'dist.tmp'));
      renameSync(join(s.root, 'dist.tmp'), join(s.root, 'dist'));
      expect(await (await fetch(`${s.base}/countries/singapore`)).text()).toContain('Singapore B');
      const before = s.viaApp();
      await fetch(`${s.base}/countries/singapore`).then((r) => r.text());
      expect(s.viaApp()).toBe(before);
      s.fast.forgetPaths();
      await fetch(`${s.base}/countries/singapore`).then((r) => r.text());
      expect(s.viaApp()).toBe(before + 1);
      // The first visit's currency cookie is the app's to set.
      const geo = await fetch(`${s.base}/countries/singapore`, { headers: { 'cf-ipcountry': 'JP' } });
      expect(geo.headers.get('set-cookie')).toMatch(/currency=JPY/);
      // Unknown paths and the 404 page are never answered by the fast path.
      expect((await fetch(`${s.base}/no/such/page`)).status).toBe(404);
      expect((await fetch(`${s.base}/no/such/page`)).status).toBe(404);
    } finally {
      await s.close();
    }
  });
});
