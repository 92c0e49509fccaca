// The search index from the searchable pages only is the index pagefind's CLI writes over the
// whole site, byte for byte.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { linkSearchablePages, writeSearchIndex } from './search-index.ts';

const root = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'verdant-search-index-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const site = join(work, 'site');
const put = (rel: string, text: string) => {
  mkdirSync(dirname(join(site, rel)), { recursive: true });
  writeFileSync(join(site, rel), text);
};
const page = (title: string, body: string, searchable: boolean) =>
  `<!doctype html><html lang="en-GB"><head><title>${title}</title></head><body><header>Verdant menu</header><main${searchable ? ' data-pagefind-body' : ''}><h1>${title}</h1><p>${body}</p></main></body></html>`;
put('index.html', page('Home', 'Wild places in good hands', false));
put('experiences/leopard-safari/index.html', page('Leopard safari', 'Dawn drives in Yala', false));
put('id/ubud/wildlife/index.html', page('Wildlife in Ubud', 'Macaques and herons <span data-pagefind-filter="type:landing"></span>', true));
put('magazine/a/slow-days/index.html', page('Slow days in Luang Prabang', 'Alms at dawn, the Mekong at dusk', true));
put('pagefind/old.html', page('Old index', 'data-pagefind-body', true));

/** Every file under `dir`, relative, with its bytes. */
const files = (dir: string) => {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out[relative(dir, p)] = readFileSync(p).toString('base64');
    }
  };
  walk(dir);
  return out;
};

describe('the search index', () => {
  it('links only the pages that carry data-pagefind-body, at their own paths, outside pagefind/', async () => {
    const tree = join(work, 'tree');
    expect(await linkSearchablePages(site, tree)).toBe(2);
    expect(Object.keys(files(tree)).sort()).toEqual(['id/ubud/wildlife/index.html', 'magazine/a/slow-days/index.html']);
    expect(statSync(join(tree, 'id/ubud/wildlife/index.html')).ino).toBe(statSync(join(site, 'id/ubud/wildlife/index.html')).ino);
  });

  it("is pagefind's index of the whole site, byte for byte, and leaves no folder behind", { timeout: 60_000 }, async () => {
    rmSync(join(site, 'pagefind'), { recursive: true }); // a build's own folder: indexed by neither
    const whole = join(work, 'whole');
    execFileSync(process.execPath, [join(root, 'node_modules/pagefind/lib/runner/bin.cjs'), '--site', site, '--output-path', whole, '--silent']);
    const ours = join(work, 'ours');
    expect(await writeSearchIndex(site, ours)).toBe(2);
    const expected = files(whole);
    expect(Object.keys(expected).length).toBeGreaterThan(5);
    expect(files(ours)).toEqual(expected);
    expect(readdirSync(work).sort()).toEqual(['ours', 'site', 'tree', 'whole']);
  });
});
