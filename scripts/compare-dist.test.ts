import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { compareDists, normaliseHashes } from './lib/compare-dist.ts';

const temps: string[] = [];
function site(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(join(tmpdir(), 'verdant-dist-'));
  temps.push(dir);
  for (const [name, body] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), body);
  }
  return dir;
}
afterEach(() => {
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('compare-dist', () => {
  it('normalises asset hashes in names and references', () => {
    expect(normaliseHashes('<script src="/_astro/Header.AbC12_-x.js"></script>')).toBe('<script src="/_astro/Header.[hash].js"></script>');
    expect(normaliseHashes('<astro-island uid="Z1PnxgR" prefix="r10">')).toBe('<astro-island uid="[uid]" prefix="r10">');
  });

  it('finds no difference between builds that differ only in asset hashes (and the build-input marker)', () => {
    const a = site({ '.verdant-build-hash': 'one', 'index.html': '<link href="/_astro/base.AAAAAAAA.css">', '_astro/base.AAAAAAAA.css': 'a{}', 'index.html.gz': gzipSync('<script src="/_astro/a.AAAAAAAA.js">'), 'img/x.webp': Buffer.from([1, 2, 3]) });
    const b = site({ '.verdant-build-hash': 'two', 'index.html': '<link href="/_astro/base.BBBBBBBB.css">', '_astro/base.BBBBBBBB.css': 'a{}', 'index.html.gz': gzipSync('<script src="/_astro/a.BBBBBBBB.js">'), 'img/x.webp': Buffer.from([1, 2, 3]) });
    expect(compareDists(a, b)).toEqual([]);
  });

  it('reports changed text with its first differing line, changed images and missing files', () => {
    const a = site({ 'index.html': '<h1>Hi</h1>\n<p>Old</p>\n', 'img/x.webp': Buffer.from([1, 2, 3]), 'gone.html': 'x' });
    const b = site({ 'index.html': '<h1>Hi</h1>\n<p>New</p>\n', 'img/x.webp': Buffer.from([1, 2, 4]), 'new.html': 'x' });
    const diffs = compareDists(a, b);
    expect(diffs.map((d) => d.file)).toEqual(['gone.html', 'img/x.webp', 'index.html', 'new.html']);
    expect(diffs[2]?.reason).toBe('line 2:\n  - <p>Old</p>\n  + <p>New</p>');
    expect(diffs[0]?.reason).toBe('only in the first build');
    expect(diffs[1]?.reason).toMatch(/^different bytes: sha256:\w+ \(3 bytes\) ≠ sha256:/);
  });
});
