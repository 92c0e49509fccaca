import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { parseConfig } from './config.ts';
import type { AppEnv } from './context.ts';
import { mountSite } from './site.ts';

function setup() {
  const root = mkdtempSync(join(tmpdir(), 'verdant-preview-'));
  mkdirSync(join(root, 'build-a/experiences/walk-a1'), { recursive: true });
  writeFileSync(join(root, 'build-a/experiences/walk-a1/index.html'), '<title>Live walk</title>');
  writeFileSync(join(root, 'build-a/404.html'), '<title>Not found</title>');
  symlinkSync('build-a', join(root, 'dist'));
  mkdirSync(join(root, 'dist-previews/run_Abc123xyz/experiences/walk-a1'), { recursive: true });
  writeFileSync(join(root, 'dist-previews/run_Abc123xyz/experiences/walk-a1/index.html'), '<title>Draft walk</title>');
  const config = parseConfig({ NODE_ENV: 'test', DATA_DIR: join(root, 'data') });
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('config', config);
    c.set('log', pino({ level: 'silent' }));
    await next();
  });
  mountSite(app, { config, distDir: join(root, 'dist') });
  return app;
}

describe('draft previews', () => {
  it('serves a rendered draft, never cached or indexed; the live page is unchanged', async () => {
    const app = setup();
    const res = await app.request('/_preview/run_Abc123xyz/experiences/walk-a1');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('<title>Draft walk</title>');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-robots-tag')).toContain('noindex');
    expect(await (await app.request('/experiences/walk-a1')).text()).toBe('<title>Live walk</title>');
  });

  it('answers 404 for an unknown run, a bad id or a path outside the preview', async () => {
    const app = setup();
    expect((await app.request('/_preview/run_Unknown999/experiences/walk-a1')).status).toBe(404);
    expect((await app.request('/_preview/x/experiences/walk-a1')).status).toBe(404);
    expect((await app.request('/_preview/run_Abc123xyz/..%2F..%2Fbuild-a/experiences/walk-a1')).status).toBe(404);
  });
});
