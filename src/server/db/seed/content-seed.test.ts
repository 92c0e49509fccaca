// The content-seed/ loader: the shipped content loads, and a wrong record names its file,
// line, record and field.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FAQ_TOPICS } from '../../../contract/faqs.ts';
import { CONTENT_SEED_DIR, ContentSeedError, loadContentSeed, loadCoreOptions, loadKits } from './content-seed.ts';

const temps: string[] = [];
function copyOfContent(): string {
  const dir = mkdtempSync(join(tmpdir(), 'verdant-content-seed-'));
  temps.push(dir);
  cpSync(CONTENT_SEED_DIR, dir, { recursive: true });
  return dir;
}
afterEach(() => {
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
});

function failure(load: () => unknown): ContentSeedError {
  try {
    load();
  } catch (err) {
    if (err instanceof ContentSeedError) return err;
    throw err;
  }
  throw new Error('expected the content to be rejected');
}

describe('content-seed loader', () => {
  it('loads the shipped content without errors', () => {
    const content = loadContentSeed();
    expect(content.options.length).toBeGreaterThanOrEqual(40);
    expect(content.options[0]?.key).toBe('sg-treetop');
    expect(content.countries.map((c) => c.slug)[0]).toBe('singapore');
    expect(content.kits.kits.some((k) => k.act === 'hike')).toBe(true);
    expect(Object.keys(content.kits.roomSets).sort()).toEqual(['cabin', 'glamping', 'homestay', 'lodge']);
    expect(content.articles.length).toBeGreaterThan(0);
    expect(content.categories.length).toBeGreaterThan(0);
    expect(Object.keys(content.authors).length).toBeGreaterThan(0);
    expect(Object.keys(content.images.themes)).toHaveLength(14);
    // The help centre's questions cover every topic its chips offer (ADR 39), each question once.
    expect(new Set(content.generalFaqs.map((f) => f.topic))).toEqual(new Set(FAQ_TOPICS));
    expect(new Set(content.generalFaqs.map((f) => f.question)).size).toBe(content.generalFaqs.length);
    // Keys are unique where the builders look records up by them.
    expect(new Set(content.options.map((o) => o.key)).size).toBe(content.options.length);
    expect(new Set(content.articles.map((a) => a.slug)).size).toBe(content.articles.length);
  });

  it('names the file, line, record and field of a field with the wrong type', () => {
    const dir = copyOfContent();
    const file = join(dir, 'options', '1-singapore-malaysia-indonesia.yaml');
    const source = readFileSync(file, 'utf8');
    // The second record's adult price as words instead of a number.
    const second = source.indexOf('- key: sg-ubin-kayak');
    const at = source.indexOf('adult: ', second);
    expect(second).toBeGreaterThan(0);
    const broken = `${source.slice(0, at)}adult: forty-two${source.slice(source.indexOf('\n', at))}`;
    writeFileSync(file, broken);
    const line = broken.slice(0, at).split('\n').length;

    const err = failure(() => loadCoreOptions(dir));
    expect(err.file).toBe(file);
    expect(err.record).toBe(1);
    expect(err.field).toBe('pricing.adult');
    expect(err.line).toBe(line);
    expect(err.message).toContain(`${file}:${line}: record 1 (sg-ubin-kayak), field pricing.adult:`);
    expect(err.message).toMatch(/expected number/);
  });

  it('names an unknown field, a missing one and a value outside its list in a minimal fixture', () => {
    const dir = copyOfContent();
    writeFileSync(join(dir, 'kits.yaml'), [
      'kits:',
      '  - act: hike',
      '    imageThemes: [mountain, volcano]',
      '    openers: [One]',
      '    middles: [Two]',
      '    highlights: []',
      '    inclusions: []',
      '    exclusions: []',
      '    faqs: []',
      '    suitable: [families]',
      '    themeTags: []',
      '    variants: []',
      '    colour: green',
      'roomSets: {lodge: [], homestay: [], glamping: [], cabin: []}',
      '',
    ].join('\n'));
    const err = failure(() => loadKits(dir));
    expect(err.file).toBe(join(dir, 'kits.yaml'));
    expect(err.message).toContain(':3: field kits.0.imageThemes.1: Invalid option');
    expect(err.message).toMatch(/:2: field kits\.0: Unrecognized key: "colour"/);
    expect(err.message).toMatch(/field kits\.0\.variants: Too small/);
  });

  it('names the file and line of text that is not YAML', () => {
    const dir = copyOfContent();
    writeFileSync(join(dir, 'magazine', 'authors.yaml'), 'tom:\n  name: Tom\n  bio: [unclosed\n');
    const err = failure(() => loadContentSeed(dir));
    expect(err.file).toBe(join(dir, 'magazine', 'authors.yaml'));
    expect(err.message).toMatch(/authors\.yaml:\d+: not valid YAML/);
  });
});
