import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  collectImages,
  DYNAMIC_PARTS,
  imageShowsTheme,
  INFO_PAGE_IDS,
  infoBreadcrumbs,
  InfoFrontMatterSchema,
  markersIn,
  pickHeroImage,
  splitAtMarkers,
  unlinkUnresolved,
  formatTables,
  keepShortLines,
} from './info-content.ts';

describe('splitAtMarkers', () => {
  it('splits at each marker and keeps the order', () => {
    expect(splitAtMarkers('<h2>A</h2>\n<!-- dynamic: contact-form -->\n<p>B</p><!--dynamic:site-reviews--><p>C</p>')).toEqual([
      { kind: 'html', html: '<h2>A</h2>\n' },
      { kind: 'dynamic', name: 'contact-form' },
      { kind: 'html', html: '\n<p>B</p>' },
      { kind: 'dynamic', name: 'site-reviews' },
      { kind: 'html', html: '<p>C</p>' },
    ]);
  });
  it('is one part without markers', () => expect(splitAtMarkers('<p>x</p>')).toEqual([{ kind: 'html', html: '<p>x</p>' }]));
  it('leaves other comments alone', () => expect(splitAtMarkers('<p>x</p><!-- note -->')).toHaveLength(1));
  it('lists markers', () => expect(markersIn('<!-- dynamic: a --><p></p><!-- dynamic: b-c -->')).toEqual(['a', 'b-c']));
});

describe('unlinkUnresolved', () => {
  const built = new Set(['/about', '/contact']);
  const resolves = (href: string) => built.has(href.split(/[?#]/)[0]!);

  it('keeps links to built pages and external links, unwraps the rest', () => {
    const html = '<p><a href="/about">our story</a>, <a href="/search">Search <strong>Verdant</strong></a>, <a href="https://example.com/">x</a>, <a href="/contact#form">write</a></p>';
    expect(unlinkUnresolved(html, resolves)).toBe(
      '<p><a href="/about">our story</a>, Search <strong>Verdant</strong>, <a href="https://example.com/">x</a>, <a href="/contact#form">write</a></p>',
    );
  });
});

describe('keepShortLines', () => {
  it('keeps the lines of an address', () =>
    expect(keepShortLines('<p>Verdant Pte. Ltd.\n71 Ayer Rajah Crescent, #02-14\nSingapore 139951</p>')).toBe(
      '<p>Verdant Pte. Ltd.<br>71 Ayer Rajah Crescent, #02-14<br>Singapore 139951</p>',
    ));
  it('leaves a long line alone', () => {
    const html = `<p>${'word '.repeat(20)}\nnext</p>`;
    expect(keepShortLines(html)).toBe(html);
  });
  it('leaves paragraphs with markup alone', () => expect(keepShortLines('<p><strong>A</strong>\nB</p>')).toBe('<p><strong>A</strong>\nB</p>'));
  it('leaves one-line paragraphs alone', () => expect(keepShortLines('<p>One line.</p>\n<p>Two.</p>')).toBe('<p>One line.</p>\n<p>Two.</p>'));
});

describe('formatTables', () => {
  it('wraps a table in a focusable scroll region and labels each cell with its column', () => {
    const html = '<table>\n<thead>\n<tr>\n<th>Policy</th>\n<th align="left">What it <em>means</em></th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td><strong>Strict</strong></td>\n<td align="left">7 days</td>\n</tr>\n</tbody>\n</table>';
    expect(formatTables(html)).toBe(
      '<section class="table-scroll" aria-label="Table: Policy, What it means" tabindex="0"><table role="table">\n<thead role="rowgroup">\n<tr role="row">\n<th role="columnheader">Policy</th>\n<th align="left" role="columnheader">What it <em>means</em></th>\n</tr>\n</thead>\n<tbody role="rowgroup">\n<tr role="row">\n<td role="cell" data-label="Policy"><strong>Strict</strong></td>\n<td align="left" role="cell" data-label="What it means">7 days</td>\n</tr>\n</tbody>\n</table></section>',
    );
  });
  it('gives tables with the same columns distinct names', () => {
    const table = '<table>\n<thead>\n<tr>\n<th>Day</th>\n</tr>\n</thead>\n</table>';
    const names = [...formatTables(`${table}\n${table}\n<table><tr><td>x</td></tr></table>`).matchAll(/aria-label="([^"]*)"/g)].map((m) => m[1]);
    expect(names).toEqual(['Table: Day', 'Table: Day (2)', 'Table']);
  });
  it('leaves other markup alone', () => expect(formatTables('<p>No tables</p>')).toBe('<p>No tables</p>'));
});

describe('hero images', () => {
  const img = (name: string, file: string) => ({ url: `/storage/pool/${file}`, name, width: 1600, height: 1067, alt: name });
  const pool = [
    img('Coral reef in clear water (2)', 'reef-002.jpg'),
    img('Coral reef in early light (1)', 'reef-001.jpg'),
    img('Mountains at night (2)', 'mountain-002.jpg'),
    img('Mountains at golden hour (1)', 'mountain-001.jpg'),
    img('Grasslands at dawn (2)', 'savanna-002.jpg'),
    img('Starry night sky (1)', 'night_sky-001.jpg'),
    img('Sunset', 'desert-003.jpg'),
  ];

  it.each([
    ['reef', 'reef-001.jpg'],
    ['mountain', 'mountain-001.jpg'],
    ['savanna', 'savanna-002.jpg'],
    ['night_sky', 'night_sky-001.jpg'],
    ['desert', 'desert-003.jpg'],
  ] as const)('%s → %s', (theme, file) => expect(pickHeroImage(pool, theme)?.url).toBe(`/storage/pool/${file}`));

  it('prefers daylight to night', () => expect(pickHeroImage(pool, 'mountain')?.name).toBe('Mountains at golden hour (1)'));
  it('is null without a match', () => expect(pickHeroImage(pool, 'cave')).toBeNull());
  it('matches by name too', () => expect(imageShowsTheme({ url: '/storage/x.jpg', name: 'Rice terraces at dusk (1)' }, 'rice_terraces')).toBe(true));
  it('matches encoded addresses', () => expect(imageShowsTheme({ url: '%2Fstorage%2Fpool%2Flake-001.jpg', name: 'x' }, 'lake')).toBe(true));

  it('collects distinct images from nested records', () => {
    const a = img('A', 'a.jpg');
    const found = collectImages([{ image: a, options: [{ image: a }, { image: null, images: [img('B', 'b.jpg')] }] }, { url: 'not-an-image' }]);
    expect(found.map((i) => i.name)).toEqual(['A', 'B']);
  });
});

describe('infoBreadcrumbs', () => {
  it('starts at home and ends at the page', () => expect(infoBreadcrumbs('about')).toEqual([{ name: 'Home', href: '/' }, { name: 'Our story' }]));
  it('walks up the parents', () =>
    expect(infoBreadcrumbs('better-for-travellers')).toEqual([
      { name: 'Home', href: '/' },
      { name: 'Our story', href: '/about' },
      { name: 'Our mission', href: '/our-mission' },
      { name: 'Better for travellers' },
    ]));
});

// The copy in src/content/info is checked here too, so a bad edit fails before a build.
describe('src/content/info', () => {
  const dir = join(import.meta.dirname, '../../content/info');
  const files = readdirSync(dir).filter((f) => f.endsWith('.md') && f !== 'README.md');
  const frontMatter = (text: string) => {
    const m = /^---\n([\s\S]*?)\n---\n/.exec(text);
    if (!m) throw new Error('no front matter');
    // The files use a small YAML subset: `key: "value"` and one nested `cta` object.
    const data: Record<string, unknown> = {};
    let nested: Record<string, string> | undefined;
    for (const line of m[1]!.split('\n')) {
      const kv = /^(\s*)([A-Za-z]+):\s*(.*)$/.exec(line);
      if (!kv) continue;
      const [, indent, key, raw] = kv as unknown as [string, string, string, string];
      const value = raw.startsWith('"') ? (JSON.parse(raw) as string) : raw;
      if (indent && nested) nested[key] = value;
      else if (!value) data[key] = nested = {};
      else data[key] = value;
    }
    return data;
  };

  it('has a page for every Markdown file and a file for every page', () => {
    expect(files.map((f) => f.replace(/\.md$/, '')).filter((id) => id !== '404').sort()).toEqual([...INFO_PAGE_IDS].sort());
  });

  it.each(files)('%s has valid front matter and known dynamic parts', (file) => {
    const text = readFileSync(join(dir, file), 'utf8');
    const parsed = InfoFrontMatterSchema.safeParse(frontMatter(text));
    expect(parsed.error?.issues ?? []).toEqual([]);
    for (const name of markersIn(text)) expect(DYNAMIC_PARTS).toContain(name);
  });
});
