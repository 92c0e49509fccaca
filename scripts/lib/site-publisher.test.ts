// The publish worker's merge and swap on a real folder tree: the render and search tools are
// fakes (a real `astro build` is exercised by `npm run bench:publish`).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../../src/server/config.ts';
import type { Db } from '../../src/server/db/client.ts';
import type { PageSelection } from '../../src/lib/page-selection.ts';
import { isSelectedPage } from '../../src/lib/page-selection.ts';
import { codeInputsHash, runTool, CODE_HASH_FILE, HASH_FILE } from './build-site.ts';
import { notePending, readPending } from './pending-changes.ts';
import { createSitePublisher, mergeStaged, MAX_INCREMENTAL_RECORDS, pauseSearchIndex, publishesSettled, trackSearchIndexRun, type PublishTools } from './site-publisher.ts';

let work: string;
let contentDir: string;
let distDir: string;
const codeHash = codeInputsHash();

const write = (path: string, text: string) => {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
};
const option = (slugCode: string, name: string) => ({
  slugCode,
  name,
  city: { slug: 'ubud' },
  country: { slug: 'indonesia', code: 'ID' },
  operator: { slug: 'op' },
  activityType: null as { slug: string } | null,
  tags: { activityType: [], suitable: [], sustainability: [], theme: [] },
});
const page = (dir: string, path: string) => join(dir, path, 'index.html');
const live = () => resolve(dirname(distDir), readlinkSync(distDir));

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'verdant-publisher-test-'));
  contentDir = join(work, 'content');
  distDir = join(work, 'dist');
  for (const [k, n] of [['walk-a1', 'Rice terrace walk'], ['dive-b2', 'Reef dive']] as const) write(join(contentDir, 'options', `${k}.json`), JSON.stringify(option(k, n), null, 2));
  const first = join(work, 'dist-builds', 'build-first');
  write(page(first, 'experiences/walk-a1'), '<h1>Rice terrace walk</h1>');
  write(page(first, 'experiences/dive-b2'), '<h1>Reef dive</h1>');
  write(page(first, 'cities/ubud'), '<li>Rice terrace walk</li><li>Reef dive</li>');
  write(page(first, 'cities/ubud/activities'), '<li>Rice terrace walk</li>');
  write(page(first, 'countries/japan'), 'Japan');
  write(join(first, 'pagefind', 'pagefind-entry.json'), '{"old":true}');
  write(join(first, CODE_HASH_FILE), codeHash);
  write(join(first, HASH_FILE), 'content-before');
  symlinkSync('dist-builds/build-first', distDir);
});
afterEach(async () => {
  await publishesSettled();
  rmSync(work, { recursive: true, force: true });
});

/** Renders every selected page of the fake site from the content cache, like the filtered build. */
function fakeTools(opts: { failRender?: string } = {}): PublishTools & { selections: PageSelection[]; fullBuilds: number } {
  const selections: PageSelection[] = [];
  return {
    selections,
    fullBuilds: 0,
    async buildAll() {
      this.fullBuilds++;
      return { skipped: false, pages: 0 };
    },
    async render(selectionFile, outDir, dir) {
      const sel = JSON.parse(readFileSync(selectionFile, 'utf8')) as PageSelection;
      selections.push(sel);
      if (opts.failRender) throw new Error(opts.failRender);
      const names: string[] = [];
      for (const k of ['walk-a1', 'dive-b2']) {
        const f = join(dir, 'options', `${k}.json`);
        if (!existsSync(f)) continue;
        const o = JSON.parse(readFileSync(f, 'utf8')) as { name: string };
        names.push(o.name);
        if (isSelectedPage(sel, `/experiences/${k}`)) write(page(outDir, `experiences/${k}`), `<h1>${o.name}</h1>`);
      }
      if (isSelectedPage(sel, '/cities/ubud')) write(page(outDir, 'cities/ubud'), names.map((n) => `<li>${n}</li>`).join(''));
      if (isSelectedPage(sel, '/cities/ubud/activities')) write(page(outDir, 'cities/ubud/activities'), names.map((n) => `<li>${n}</li>`).join(''));
      write(join(outDir, 'sitemap.xml'), `<urlset>${names.length}</urlset>`);
    },
    async index(_siteDir, outDir) {
      write(join(outDir, 'pagefind-entry.json'), '{"new":true}');
      write(join(outDir, 'fragment', 'en_abc.pf_fragment'), 'x');
    },
  };
}

function publisher(tools: PublishTools, pull: () => void) {
  const config = { distDir, contentDir } as Config;
  return createSitePublisher({ db: {} as Db, config, log: pino({ level: 'silent' }), tools, pull: async () => (pull(), {}) });
}

describe('publishing into the live build', () => {
  it("changes the record's page and its listings, leaves other pages and the old build alone, then the search index", async () => {
    const tools = fakeTools();
    const p = publisher(tools, () => write(join(contentDir, 'options', 'walk-a1.json'), JSON.stringify(option('walk-a1', 'Sunrise terrace walk'))));
    const before = live();
    const untouched = statSync(page(before, 'countries/japan')).ino;
    const result = await p.publish([{ type: 'options', key: 'walk-a1' }]);
    expect(result.mode).toBe('incremental');
    // Its page, the listings that show it (renamed, it stays in the same ones: publish-impact.ts
    // keepsListings), and the page of the other experience in its city (it shows the renamed one
    // among its similar experiences).
    const places = ['', '/activities', '/collections', '/places-of-interest'];
    expect(tools.selections[0]).toEqual({
      pages: [...places.map((p) => `/cities/ubud${p}`), ...places.map((p) => `/countries/indonesia${p}`), '/experiences/dive-b2', '/experiences/walk-a1', '/operators/op'].sort(),
      trees: [],
    });
    const now = live();
    expect(now).not.toBe(before);
    expect(readFileSync(page(distDir, 'experiences/walk-a1'), 'utf8')).toBe('<h1>Sunrise terrace walk</h1>');
    expect(readFileSync(page(distDir, 'cities/ubud/activities'), 'utf8')).toContain('Sunrise terrace walk');
    expect(readFileSync(join(distDir, 'sitemap.xml'), 'utf8')).toBe('<urlset>2</urlset>');
    // Pages outside the selection are the same files (hard links), not copies.
    expect(statSync(page(now, 'countries/japan')).ino).toBe(untouched);
    expect(readFileSync(page(now, 'experiences/dive-b2'), 'utf8')).toBe('<h1>Reef dive</h1>');
    // The build that was live is untouched (readers still streaming from it see it whole).
    expect(readFileSync(page(before, 'experiences/walk-a1'), 'utf8')).toBe('<h1>Rice terrace walk</h1>');
    expect(readFileSync(join(before, HASH_FILE), 'utf8')).toBe('content-before');
    await p.searchIndexed();
    expect(readFileSync(join(distDir, 'pagefind', 'pagefind-entry.json'), 'utf8')).toBe('{"new":true}');
    expect(readFileSync(join(before, 'pagefind', 'pagefind-entry.json'), 'utf8')).toBe('{"old":true}');
  });

  it('the next publish writes into a spare copy of the live build made after the last one; old builds go', async () => {
    const builds = () => readdirSync(join(work, 'dist-builds')).sort();
    const tools = fakeTools();
    let name = 'Sunrise terrace walk';
    const p = publisher(tools, () => write(join(contentDir, 'options', 'walk-a1.json'), JSON.stringify(option('walk-a1', name))));
    const untouched = statSync(page(live(), 'countries/japan')).ino;
    await p.publish([{ type: 'options', key: 'walk-a1' }]);
    await Promise.all([publishesSettled(), p.searchIndexed()]);
    const first = live();
    expect(builds()).toEqual(['build-first', basename(first), `spare-${basename(first)}`].sort());
    // The search index that followed the publish is in the spare too, not only in the live build.
    expect(readFileSync(join(work, 'dist-builds', `spare-${basename(first)}`, 'pagefind', 'pagefind-entry.json'), 'utf8')).toBe('{"new":true}');
    name = 'Sunset terrace walk';
    await p.publish([{ type: 'options', key: 'walk-a1' }]);
    await Promise.all([publishesSettled(), p.searchIndexed()]);
    const second = live();
    // The spare became the new build: the pages it did not change are still the first build's files.
    expect(statSync(page(second, 'countries/japan')).ino).toBe(untouched);
    expect(readFileSync(page(second, 'experiences/walk-a1'), 'utf8')).toBe('<h1>Sunset terrace walk</h1>');
    expect(readFileSync(page(first, 'experiences/walk-a1'), 'utf8')).toBe('<h1>Sunrise terrace walk</h1>');
    expect(readFileSync(join(second, 'pagefind', 'pagefind-entry.json'), 'utf8')).toBe('{"new":true}');
    // The build before the previous one is gone; a spare of the live build waits for the next.
    expect(builds()).toEqual([basename(first), basename(second), `spare-${basename(second)}`].sort());
  });

  it("an experience also re-renders the pages of its country's experiences whose city is too small to fill their similar list", async () => {
    const at = (slugCode: string, city: string, country: string) => ({ ...option(slugCode, slugCode), city: { slug: city }, country: { slug: country, code: 'XX' } });
    const add = (r: ReturnType<typeof at>) => write(join(contentDir, 'options', `${r.slugCode}.json`), JSON.stringify(r, null, 2));
    add(at('hike-c3', 'munduk', 'indonesia')); // alone in its city: shows Indonesia's experiences
    for (const k of ['surf-e1', 'surf-e2', 'surf-e3']) add(at(k, 'canggu', 'indonesia')); // three: its own city's
    add(at('temple-d4', 'kyoto', 'japan')); // another country
    const tools = fakeTools();
    const p = publisher(tools, () => write(join(contentDir, 'options', 'walk-a1.json'), JSON.stringify(option('walk-a1', 'Sunrise terrace walk'), null, 2)));
    await p.publish([{ type: 'options', key: 'walk-a1' }]);
    const pages = tools.selections[0]!.pages;
    expect(pages).toContain('/experiences/hike-c3');
    expect(pages).toContain('/experiences/dive-b2');
    expect(pages.filter((x) => /surf|temple/.test(x))).toEqual([]);
  });

  it("an experience re-renders only the pages of its city's experiences whose similar list shows it", async () => {
    type Opt = ReturnType<typeof option> & { ordersCount: number; activityType: { slug: string } | null };
    const put = (r: Opt) => write(join(contentDir, 'options', `${r.slugCode}.json`), JSON.stringify(r, null, 2));
    const at = (slugCode: string, ordersCount: number, activity: string | null = null, city = 'ubud'): Opt => ({
      ...option(slugCode, slugCode),
      city: { slug: city },
      ordersCount,
      activityType: activity ? { slug: activity } : null,
    });
    // Five more booked than both: every page's four similar experiences come from them, except
    // that a page of a diving experience shows the other diving experiences first.
    for (const [k, n] of [['top-1', 100], ['top-2', 90], ['top-3', 80], ['top-4', 70], ['top-5', 60]] as const) put(at(k, n));
    put(at('dive-b2', 5, 'diving'));
    put(at('walk-a1', 10, 'diving'));
    const rename = async (r: Opt) => {
      const tools = fakeTools();
      await publisher(tools, () => put(r)).publish([{ type: 'options', key: r.slugCode }]);
      return tools.selections[0]!.pages.filter((x) => x.startsWith('/experiences/'));
    };
    // Renamed: only the other diving experience's page shows it.
    expect(await rename({ ...at('walk-a1', 10, 'diving'), name: 'Sunrise reef dive' })).toEqual(['/experiences/dive-b2', '/experiences/walk-a1']);
    // The most booked shows on every page of the city.
    expect(await rename({ ...at('top-1', 100), name: 'Dawn canopy walk' })).toEqual(['dive-b2', 'top-1', 'top-2', 'top-3', 'top-4', 'top-5', 'walk-a1'].map((k) => `/experiences/${k}`));
    // Booked more, it moves up into the similar lists: the order after the change counts too.
    expect(await rename({ ...at('top-5', 95), name: 'Mangrove kayak' })).toEqual(['dive-b2', 'top-1', 'top-2', 'top-3', 'top-4', 'top-5', 'walk-a1'].map((k) => `/experiences/${k}`));
    // Another kind of activity: what the city's pages say of it may change, so all of them.
    expect(await rename(at('dive-b2', 5, 'snorkelling'))).toHaveLength(7);
  });

  it("an operator that stays re-renders its own page only; one that appears or goes, its experiences' pages too (their link to it)", async () => {
    const operator = (name: string) => JSON.stringify({ slug: 'op', name, options: [option('walk-a1', 'Rice terrace walk'), option('dive-b2', 'Reef dive')] }, null, 2);
    const file = join(contentDir, 'suppliers', 'op.json');
    const publishOperator = async (change: () => void) => {
      const tools = fakeTools();
      await publisher(tools, change).publish([{ type: 'suppliers', key: 'op' }]);
      return tools.selections[0]!;
    };
    // New: the experience pages that name it now link to its page.
    const added = await publishOperator(() => write(file, operator('Bali Trails')));
    expect(added.pages).toEqual(expect.arrayContaining(['/experiences/walk-a1', '/experiences/dive-b2', '/operators/op']));
    // Renamed (or one of its experiences renamed, which it lists): its page only.
    const renamed = await publishOperator(() => write(file, operator('Bali Trails & Tides')));
    expect(renamed).toEqual({ pages: ['/operators/op'], trees: [] });
    // Gone: the links to it go.
    const gone = await publishOperator(() => rmSync(file));
    expect(gone.pages).toEqual(expect.arrayContaining(['/experiences/walk-a1', '/experiences/dive-b2', '/operators/op']));
  });

  it('a best-of list the header promo shows (setting on) is a full build; another list, or the setting off, stays incremental', async () => {
    const list = (id: number, title: string) => ({ id, slug: `list-${id}`, title, itemsCount: 4, image: null, items: [] });
    for (const id of [1, 2, 3, 4]) write(join(contentDir, 'best_of_lists', `list-${id}.json`), JSON.stringify(list(id, `List ${id}`), null, 2));
    const setting = (on: boolean) => write(join(contentDir, 'site', 'initial-data.json'), JSON.stringify({ settings: { showBestOfListNav: on, giftGuideNavs: [] } }));
    setting(true);
    const rename = (id: number, title: string) => () => write(join(contentDir, 'best_of_lists', `list-${id}.json`), JSON.stringify(list(id, title), null, 2));
    // List 1 is not among the newest three: only its pages.
    const oldest = fakeTools();
    expect((await publisher(oldest, rename(1, 'List one, renamed')).publish([{ type: 'best_of_lists', key: 'list-1' }])).mode).toBe('incremental');
    expect(oldest.selections[0]!.trees).toEqual(['/best-of/list-1']);
    // List 4 is in the promo, on every page's header: everything is built again.
    const shown = fakeTools();
    expect((await publisher(shown, rename(4, 'List four, renamed')).publish([{ type: 'best_of_lists', key: 'list-4' }])).mode).toBe('full');
    expect(shown.fullBuilds).toBe(1);
    setting(false);
    const off = fakeTools();
    expect((await publisher(off, rename(4, 'List four, again')).publish([{ type: 'best_of_lists', key: 'list-4' }])).mode).toBe('incremental');
  });

  it('a failed render leaves the live site as it was and says why', async () => {
    const p = publisher(fakeTools({ failRender: 'render of /experiences/walk-a1 failed: boom' }), () =>
      write(join(contentDir, 'options', 'walk-a1.json'), JSON.stringify(option('walk-a1', 'Broken'))),
    );
    const before = live();
    await expect(p.publish([{ type: 'options', key: 'walk-a1' }])).rejects.toThrow('render of /experiences/walk-a1 failed: boom');
    expect(live()).toBe(before);
    expect(readFileSync(page(distDir, 'experiences/walk-a1'), 'utf8')).toBe('<h1>Rice terrace walk</h1>');
    expect(readFileSync(join(distDir, HASH_FILE), 'utf8')).toBe('content-before');
  });

  it('an unpublished record: its page is gone and its listings no longer show it', async () => {
    const p = publisher(fakeTools(), () => rmSync(join(contentDir, 'options', 'dive-b2.json')));
    await p.publish([{ type: 'options', key: 'dive-b2' }]);
    expect(existsSync(page(distDir, 'experiences/dive-b2'))).toBe(false);
    expect(readFileSync(page(distDir, 'cities/ubud'), 'utf8')).not.toContain('Reef dive');
    expect(readFileSync(page(distDir, 'experiences/walk-a1'), 'utf8')).toBe('<h1>Rice terrace walk</h1>');
  });
});

describe('mergeStaged', () => {
  it('removes the selected pages the staged build no longer has, under its trees and at its pages, and no other', async () => {
    const clone = join(work, 'clone');
    const staging = join(work, 'staging');
    for (const p of ['cities/ubud', 'cities/ubud/activities', 'cities/ubud/tags/birding', 'cities/ubudx', 'experiences/gone-a1', 'experiences/kept-b2', '']) write(page(clone, p), p);
    write(join(clone, '404.html'), '404');
    write(page(staging, 'cities/ubud'), 'new');
    const { written, removed } = await mergeStaged(clone, staging, { trees: ['/cities/ubud'], pages: ['/experiences/gone-a1', '/', '/404'] });
    expect(written).toEqual(['cities/ubud/index.html']);
    expect(removed.sort()).toEqual(['404.html', 'cities/ubud/activities/index.html', 'cities/ubud/tags/birding/index.html', 'experiences/gone-a1/index.html', 'index.html']);
    expect(readFileSync(page(clone, 'cities/ubud'), 'utf8')).toBe('new');
    for (const p of ['cities/ubudx', 'experiences/kept-b2']) expect(existsSync(page(clone, p)), p).toBe(true);
  });
});

describe('records pulled but not yet live (pending-changes.ts)', () => {
  /** A pull like pullContent: writes the record and notes it with its previous copy. */
  const pullOption = (key: string, name: string) => {
    const file = join(contentDir, 'options', `${key}.json`);
    const before = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    write(file, JSON.stringify(option(key, name)));
    notePending(contentDir, [{ type: 'options', key, before }]);
  };

  it('a record another publish committed while this run pulled is rendered by this run, not lost', async () => {
    // Run A was asked for walk-a1; its pull also brought dive-b2, published a moment later (run
    // B). B's own pull then finds nothing new: A must render dive-b2's pages.
    const tools = fakeTools();
    const p = publisher(tools, () => {
      pullOption('walk-a1', 'Sunrise terrace walk');
      pullOption('dive-b2', 'Night reef dive');
    });
    await p.publish([{ type: 'options', key: 'walk-a1' }]);
    expect(tools.selections[0]!.pages).toContain('/experiences/dive-b2');
    expect(readFileSync(page(distDir, 'experiences/dive-b2'), 'utf8')).toBe('<h1>Night reef dive</h1>');
    expect(readPending(contentDir)).toEqual([]);
    // Run B renders its record again (harmless), and does not fail or skip.
    const b = await publisher(tools, () => {}).publish([{ type: 'options', key: 'dive-b2' }]);
    expect(b.mode).toBe('incremental');
    expect(readFileSync(page(distDir, 'experiences/dive-b2'), 'utf8')).toBe('<h1>Night reef dive</h1>');
  });

  it("a failed run's records stay pending and the next run renders them", async () => {
    const failing = publisher(fakeTools({ failRender: 'boom' }), () => pullOption('walk-a1', 'Sunrise terrace walk'));
    await expect(failing.publish([{ type: 'options', key: 'walk-a1' }])).rejects.toThrow('boom');
    expect(readPending(contentDir).map((c) => c.key)).toEqual(['walk-a1']);
    // The next run was asked for another record; its pull finds nothing new.
    const tools = fakeTools();
    await publisher(tools, () => pullOption('dive-b2', 'Night reef dive')).publish([{ type: 'options', key: 'dive-b2' }]);
    expect(readFileSync(page(distDir, 'experiences/walk-a1'), 'utf8')).toBe('<h1>Sunrise terrace walk</h1>');
    expect(readFileSync(page(distDir, 'experiences/dive-b2'), 'utf8')).toBe('<h1>Night reef dive</h1>');
    expect(readPending(contentDir)).toEqual([]);
  });

  it('more pending records than an incremental build is worth: one full build instead', async () => {
    const tools = fakeTools();
    const many = Array.from({ length: MAX_INCREMENTAL_RECORDS + 1 }, (_, i) => ({ type: 'options' as const, key: `bulk-${i}` }));
    const result = await publisher(tools, () => notePending(contentDir, many)).publish([{ type: 'options', key: 'walk-a1' }]);
    expect(result.mode).toBe('full');
    expect(tools.fullBuilds).toBe(1);
    expect(tools.selections).toEqual([]);
  });

  it('a record pulled twice before a build keeps the copy the live build shows', () => {
    notePending(contentDir, [{ type: 'options', key: 'walk-a1', before: { name: 'live' } }]);
    notePending(contentDir, [{ type: 'options', key: 'walk-a1', before: { name: 'pulled once' } }, { type: 'cities', key: 'ubud' }]);
    expect(readPending(contentDir)).toEqual([
      { type: 'options', key: 'walk-a1', before: { name: 'live' } },
      { type: 'cities', key: 'ubud' },
    ]);
  });
});

describe('previews', () => {
  it('renders the draft beside the live site, which stays as it was', async () => {
    const p = publisher(fakeTools(), () => {});
    const before = live();
    const { url } = await p.preview({ type: 'options', key: 'walk-a1' }, option('walk-a1', 'Draft walk'), 'run-preview-1');
    expect(url).toBe('/_preview/run-preview-1/experiences/walk-a1');
    expect(readFileSync(page(join(work, 'dist-previews', 'run-preview-1'), 'experiences/walk-a1'), 'utf8')).toBe('<h1>Draft walk</h1>');
    expect(live()).toBe(before);
    expect(readFileSync(page(distDir, 'experiences/walk-a1'), 'utf8')).toBe('<h1>Rice terrace walk</h1>');
    // The content cache keeps the published record.
    expect(readFileSync(join(contentDir, 'options', 'walk-a1.json'), 'utf8')).toContain('Rice terrace walk');
    expect(existsSync(join(work, 'dist-previews', 'content-run-preview-1'))).toBe(false);
  });
});

describe('the search index waits for publishes (ADR 0049)', () => {
  /**
   * A process's state letter once `want` holds (or the last seen after 20 s). A process that a
   * loaded disk holds in D (uninterruptible) with a SIGSTOP pending counts as stopped (T): it
   * stops as it leaves D.
   */
  const stateOf = async (pid: number, want: (s: string) => boolean) => {
    let s = '';
    for (let i = 0; i < 1000; i++) {
      s = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.slice(0, 1);
      if (s === 'D') {
        const status = readFileSync(`/proc/${pid}/status`, 'utf8');
        const mask = (k: string) => BigInt(`0x${new RegExp(`${k}:\\s*([0-9a-f]+)`).exec(status)?.[1] ?? '0'}`);
        // SIGSTOP is signal 19: bit 18 of the pending masks.
        const pending = ['SigPnd', 'ShdPnd'].some((k) => ((mask(k) >> 18n) & 1n) === 1n);
        if (pending) s = 'T';
      }
      if (want(s)) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    return s;
  };

  it('a run going is stopped while a publish works and goes on after; one started meanwhile starts stopped', { timeout: 90_000 }, async () => {
    const pids: number[] = [];
    const run = () =>
      runTool('sh', ['-c', 'sleep 60; sleep 60'], {}, {
        niceness: 19,
        started: (child) => {
          pids.push(child.pid!);
          trackSearchIndexRun(child);
        },
      });
    const first = run();
    const resume = pauseSearchIndex();
    expect(await stateOf(pids[0]!, (s) => s === 'T')).toBe('T');
    const second = run();
    expect(await stateOf(pids[1]!, (s) => s === 'T')).toBe('T');
    resume();
    expect(await stateOf(pids[0]!, (s) => s !== 'T')).not.toBe('T');
    expect(await stateOf(pids[1]!, (s) => s !== 'T')).not.toBe('T');
    for (const pid of pids) process.kill(-pid, 'SIGKILL');
    await Promise.allSettled([first, second]);
  });
});
