// Everything main.ts serves besides the API: stored files, /_image, affiliate links,
// the development outbox, and the static storefront (last, with the 404 page).
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { desc } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { Config } from './config.ts';
import type { AppEnv } from './context.ts';
import { outbox } from './db/schema.ts';
import { PRIVATE_PREFIX } from './providers/storage.ts';
import { mountAffiliateLinks } from './routes/affiliate.ts';
import { imageRoutes } from './routes/image.ts';
import { inlineScriptHashes, mountStaticSite, siteCsp } from './static-site.ts';

export const storageDirOf = (config: Pick<Config, 'dataDir'>) => join(config.dataDir, 'storage');

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function mountSite(app: Hono<AppEnv>, opts: { config: Config; distDir: string }) {
  const storageDir = resolve(storageDirOf(opts.config));

  app.get('/storage/*', async (c, next) => {
    const rel = decodeURIComponent(c.req.path.slice('/storage/'.length));
    const file = resolve(storageDir, rel);
    // Private files (chat attachments) are read only through the API, which checks who asks.
    if (!file.startsWith(storageDir + sep) || file.startsWith(resolve(storageDir, PRIVATE_PREFIX) + sep)) return next();
    const st = await stat(file).catch(() => undefined);
    if (!st?.isFile()) return next();
    const type = file.endsWith('.png') ? 'image/png' : file.endsWith('.webp') ? 'image/webp' : 'image/jpeg';
    return new Response(Readable.toWeb(createReadStream(file)) as ReadableStream, {
      headers: {
        'Content-Type': type,
        'Content-Length': String(st.size),
        'Cache-Control': 'public, max-age=31536000, immutable',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });

  app.route(
    '/_image',
    imageRoutes({
      storageDir,
      cacheDir: join(opts.config.dataDir, 'cache', 'images'),
      hostAllowlist: opts.config.imageHostAllowlist,
    }),
  );

  mountAffiliateLinks(app);

  if (!opts.config.isProduction) {
    // Development only: read the mail and OTP outbox to finish a log-in or reset locally.
    app.get('/dev/outbox', async (c) => {
      const rows = await c.var.db.select().from(outbox).orderBy(desc(outbox.id)).limit(100);
      const items = rows
        .map(
          (m) =>
            `<article><h2>${escapeHtml(m.subject || m.channel.toUpperCase())}</h2><p><b>To:</b> ${escapeHtml(m.recipient)} · ${m.createdAt.toISOString()}</p><pre>${escapeHtml(m.body)}</pre></article>`,
        )
        .join('');
      return c.html(
        `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Outbox · Verdant (development)</title><style>body{font:16px/1.5 system-ui;max-width:50rem;margin:2rem auto;padding:0 1rem}article{border-bottom:1px solid #ddd;padding:1rem 0}pre{white-space:pre-wrap}</style><h1>Development outbox</h1>${items || '<p>No messages yet.</p>'}`,
      );
    });
  }

  // Previews of drafts (publish runs of kind `preview`, ADR 0025): `/_preview/<runId>/<page>`
  // from `<dist>-previews/<runId>/`. The run id (128 random bits) is the capability; never cached
  // or indexed. Assets come from the live build (same code).
  const previewsDir = resolve(`${opts.distDir}-previews`);
  app.on(['GET', 'HEAD'], '/_preview/:runId/*', async (c, next) => {
    const runId = c.req.param('runId');
    if (!/^[A-Za-z0-9_-]{8,64}$/.test(runId)) return next();
    let rest: string;
    try {
      rest = decodeURIComponent(c.req.path.slice(`/_preview/${runId}`.length)) || '/';
    } catch {
      return next();
    }
    const root = join(previewsDir, runId);
    for (const rel of rest.endsWith('/') ? [`${rest}index.html`] : [`${rest}/index.html`, rest]) {
      const file = resolve(root, `.${rel}`);
      if (!file.startsWith(root + sep)) return next();
      const st = await stat(file).catch(() => undefined);
      if (!st?.isFile()) continue;
      // The preview's own inline scripts are allowed by their hashes, as on the live site.
      const scripts = file.endsWith('.html') ? inlineScriptHashes(await readFile(file, 'utf8')) : [];
      return new Response(c.req.method === 'HEAD' ? null : (Readable.toWeb(createReadStream(file)) as ReadableStream), {
        headers: {
          'Content-Type': file.endsWith('.html') ? 'text/html; charset=utf-8' : 'application/octet-stream',
          'Content-Length': String(st.size),
          'Cache-Control': 'no-store',
          'X-Robots-Tag': 'noindex, nofollow',
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': siteCsp(undefined, scripts),
        },
      });
    }
    return next();
  });

  mountStaticSite(app, {
    distDir: opts.distDir,
    geoCountryHeader: opts.config.geoCountryHeader,
    memoryMb: opts.config.staticCacheMb,
    thirdParty: { analytics: Boolean(process.env['PUBLIC_ANALYTICS_ID']), pixel: Boolean(process.env['PUBLIC_PIXEL_ID']), captcha: opts.config.captcha.provider, imageOrigin: opts.config.s3 ? new URL(opts.config.s3.publicUrl).origin : undefined },
    // Stripe.js runs on the payment pages only, and only when Stripe takes the payments.
    stripe: opts.config.payments.provider === 'stripe',
  });
}
