import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureImagePool, landscapeSvg, POOL_HEIGHT, POOL_WIDTH, THEMES, type PoolImage } from './pool.ts';

describe('landscapeSvg', () => {
  it('is deterministic for a seed and varies across seeds', () => {
    for (const theme of THEMES) {
      const a = landscapeSvg(theme, 'golden', 7);
      expect(landscapeSvg(theme, 'golden', 7)).toBe(a);
      expect(landscapeSvg(theme, 'golden', 8)).not.toBe(a);
      expect(a.startsWith('<svg')).toBe(true);
    }
  });

  it('uses no per-pixel filters and no text', () => {
    for (const theme of THEMES) {
      for (const tod of ['dawn', 'day', 'golden', 'dusk', 'night'] as const) {
        const svg = landscapeSvg(theme, tod, 3);
        expect(svg).not.toMatch(/<filter|feTurbulence|feGaussianBlur|<text/);
        expect(svg).not.toMatch(/NaN|undefined|Infinity/);
      }
    }
  });
});

describe('ensureImagePool', () => {
  let dir = '';
  let images: PoolImage[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'verdant-pool-'));
    images = await ensureImagePool({ storageDir: dir, perTheme: 1 });
  }, 60_000);

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('renders one valid JPEG per theme at the stated size', async () => {
    expect(images.map((i) => i.theme)).toEqual([...THEMES]);
    for (const img of images) {
      expect(img.key).toBe(`pool/${img.theme}-001.jpg`);
      expect(img.name).toMatch(/\(1\)$/);
      expect(img.contentType).toBe('image/jpeg');
      const meta = await sharp(join(dir, img.key)).metadata();
      expect(meta.format).toBe('jpeg');
      expect([meta.width, meta.height]).toEqual([POOL_WIDTH, POOL_HEIGHT]);
      expect([img.width, img.height]).toEqual([POOL_WIDTH, POOL_HEIGHT]);
    }
    // no temp files left behind
    const files = await readdir(join(dir, 'pool'));
    expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('is deterministic: a re-render produces the same bytes', async () => {
    const key = images[0]?.key ?? '';
    const before = await readFile(join(dir, key));
    const other = await mkdtemp(join(tmpdir(), 'verdant-pool-'));
    try {
      await ensureImagePool({ storageDir: other, perTheme: 1 });
      expect((await readFile(join(other, key))).equals(before)).toBe(true);
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  }, 60_000);

  it('reuses existing files on a second call', async () => {
    const key = images[1]?.key ?? '';
    const marker = join(dir, key);
    const mtime = (await stat(marker)).mtimeMs;
    const progress: number[] = [];
    const started = performance.now();
    const again = await ensureImagePool({ storageDir: dir, perTheme: 1, onProgress: (done) => progress.push(done) });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(again).toEqual(images);
    expect((await stat(marker)).mtimeMs).toBe(mtime);
    expect(progress).toEqual([THEMES.length]);
  });

  it('re-renders a missing file only', async () => {
    const key = images[2]?.key ?? '';
    await rm(join(dir, key));
    const keep = images[3]?.key ?? '';
    await writeFile(join(dir, keep), await readFile(join(dir, keep))); // untouched content
    const progress: number[] = [];
    await ensureImagePool({ storageDir: dir, perTheme: 1, onProgress: (done) => progress.push(done) });
    expect(progress).toEqual([THEMES.length - 1, THEMES.length]);
    expect((await sharp(join(dir, key)).metadata()).width).toBe(POOL_WIDTH);
  });

  it('re-renders files left by another artwork version', async () => {
    await writeFile(join(dir, 'pool', '.version'), 'old');
    const progress: number[] = [];
    await ensureImagePool({ storageDir: dir, perTheme: 1, onProgress: (done) => progress.push(done) });
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(THEMES.length);
    expect((await readFile(join(dir, 'pool', '.version'), 'utf8')).length).toBeGreaterThan(0);
    expect((await readFile(join(dir, 'pool', '.version'), 'utf8'))).not.toBe('old');
  }, 60_000);
});
