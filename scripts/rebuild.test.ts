// A rebuild after one changed record changes exactly that record's pages, and the old site
// keeps serving until the new build is swapped in.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/server/app.ts';
import { parseConfig } from '../src/server/config.ts';
import type { Database } from '../src/server/db/client.ts';
import { options } from '../src/server/db/schema.ts';
import { MemoryRateLimitStore } from '../src/server/providers/rate-limit.ts';
import { mountSite } from '../src/server/site.ts';
import { openTestDatabase } from '../src/server/testing/test-app.ts';
import { testStorageDir } from '../src/server/testing/backend.ts';
import { inProcessGet } from './lib/api-access.ts';
import { buildSite, codeInputsHash, walkFiles } from './lib/build-site.ts';
import { readPending } from './lib/pending-changes.ts';
import { pullContent } from './lib/pull-content.ts';
import { createRenderDaemon } from './lib/render-daemon.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

function htmlHashes(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'pagefind' && e.name !== '_astro') walk(p);
      } else if (e.name.endsWith('.html')) out.set(`/${relative(dir, p)}`, createHash('sha256').update(readFileSync(p)).digest('hex'));
    }
  };
  walk(dir);
  return out;
}

describe('npm run rebuild', () => {
  it('changes exactly the edited page and swaps atomically', { timeout: 600_000 }, async () => {
    const work = mkdtempSync(join(tmpdir(), 'verdant-rebuild-'));
    const dirs = { distDir: join(work, 'dist'), contentDir: join(work, 'content') };
    const config = parseConfig({ NODE_ENV: 'test', DATA_DIR: join(testStorageDir, '..'), LOG_LEVEL: 'silent' });
    const app = createApp({
      db: database.db,
      config,
      log: pino({ level: 'silent' }),
      rateLimitStore: new MemoryRateLimitStore(),
      extend: (a) => mountSite(a, { config, distDir: dirs.distDir }),
    });
    const get = inProcessGet(app, config);

    await pullContent({ get, contentDir: dirs.contentDir });
    const first = await buildSite(dirs);
    expect(first.skipped).toBe(false);
    const before = htmlHashes(first.dir);

    const [target] = await database.db
      .select({ id: options.id, slugCode: options.slugCode })
      .from(options)
      .where(eq(options.published, true))
      .orderBy(options.id)
      .limit(1);
    const page = `/experiences/${target!.slugCode}`;
    const oldHtml = await (await app.request(page)).text();
    expect(oldHtml).not.toContain('Rebuilt-by-test marker');

    // Nothing changed: the pull writes nothing and the build is skipped.
    const idle = await pullContent({ get, contentDir: dirs.contentDir });
    expect(idle.written).toBe(0);
    expect((await buildSite(dirs)).skipped).toBe(true);

    await database.db
      .update(options)
      .set({ description: sql`${options.description} || ' Rebuilt-by-test marker.'`, updatedAt: sql`now()` })
      .where(eq(options.id, target!.id));
    const pulled = await pullContent({ get, contentDir: dirs.contentDir });
    expect(pulled.written).toBe(1);
    // The pull notes the record, with the copy the live build shows, until a build shows it.
    const pending = readPending(dirs.contentDir);
    expect(pending.map((c) => [c.type, c.key])).toEqual([['options', target!.slugCode]]);
    expect(JSON.stringify(pending[0]!.before)).not.toContain('Rebuilt-by-test marker');

    // While the new build runs, the old site keeps answering.
    let servedDuringBuild = 0;
    let building = true;
    const poll = (async () => {
      while (building) {
        const res = await app.request(page);
        expect(res.status).toBe(200);
        if (building && !(await res.text()).includes('Rebuilt-by-test marker')) servedDuringBuild++;
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const second = await buildSite(dirs);
    building = false;
    await poll;
    expect(servedDuringBuild).toBeGreaterThan(3);
    expect(await (await app.request(page)).text()).toContain('Rebuilt-by-test marker');

    expect(readPending(dirs.contentDir)).toEqual([]);
    const after = htmlHashes(second.dir);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    const changed = [...after].filter(([p, h]) => before.get(p) !== h).map(([p]) => p);
    expect(changed.length).toBeGreaterThan(0);
    for (const p of changed) expect(p).toMatch(new RegExp(`^/(experiences|options|events)/${target!.slugCode}/index\\.html$`));
    expect(changed).toContain(`${page}/index.html`);

    // The render daemon (ADR 0049) writes what the build wrote, from one bundle kept between
    // renders, and shows each pulled change on its next render.
    const daemon = createRenderDaemon();
    try {
      const selection = join(work, 'selection.json');
      writeFileSync(selection, JSON.stringify({ pages: [page], trees: ['/magazine'] }));
      const rendered = join(work, 'render-a');
      expect(await daemon.render(selection, rendered, dirs.contentDir, codeInputsHash())).toBeGreaterThan(10);
      let compared = 0;
      for await (const file of walkFiles(rendered)) {
        const rel = relative(rendered, file);
        expect(readFileSync(file).equals(readFileSync(join(second.dir, rel))), `${rel} as the build wrote it`).toBe(true);
        compared++;
      }
      expect(compared).toBeGreaterThan(10);
      await database.db
        .update(options)
        .set({ description: sql`${options.description} || ' Rendered-by-daemon marker.'`, updatedAt: sql`now()` })
        .where(eq(options.id, target!.id));
      expect((await pullContent({ get, contentDir: dirs.contentDir })).written).toBe(1);
      const again = join(work, 'render-b');
      await daemon.render(selection, again, dirs.contentDir, codeInputsHash());
      expect(readFileSync(join(again, page, 'index.html'), 'utf8')).toContain('Rendered-by-daemon marker');
      expect(readFileSync(join(rendered, page, 'index.html'), 'utf8')).not.toContain('Rendered-by-daemon marker');
    } finally {
      await daemon.close();
    }

    // A renamed address comes through the feed under its new key only: the pull removes the
    // old record from the cache (its page and listings go), and notes both keys for a publish.
    const renamed = `${target!.slugCode}-renamed`;
    await database.db.update(options).set({ slugCode: renamed, updatedAt: sql`now()` }).where(eq(options.id, target!.id));
    try {
      const moved = await pullContent({ get, contentDir: dirs.contentDir });
      // (Written: the record under its new key, and the records that show it.)
      expect(moved.deleted).toBe(1);
      expect(existsSync(join(dirs.contentDir, 'options', `${target!.slugCode}.json`))).toBe(false);
      expect(existsSync(join(dirs.contentDir, 'options', `${renamed}.json`))).toBe(true);
      const notes = readPending(dirs.contentDir);
      expect(notes.map((c) => c.key)).toEqual(expect.arrayContaining([target!.slugCode, renamed]));
      expect(notes.find((c) => c.key === target!.slugCode)?.before?.['slugCode']).toBe(target!.slugCode);
    } finally {
      await database.db.update(options).set({ slugCode: target!.slugCode, updatedAt: sql`now()` }).where(eq(options.id, target!.id));
    }
  });
});
