// Generated landscape image pool (no downloads).
//
// Every image is a layered SVG illustration (gradient sky, sun or moon, ridges with
// atmospheric perspective, theme-specific elements) composed from a seeded PRNG, rendered
// once by sharp to JPEG and cached on disk. No per-pixel SVG filters are used (they cost
// seconds per image); grain comes from one small pre-rendered noise tile composited tiled.
// This module names, renders and caches the files; the drawing is landscape.ts, with the
// shared primitives in draw/ and the themes' scenes in scenes/.
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { loadImageWords } from '../db/seed/content-seed.ts';
import { hashString, mulberry32 } from './draw/numbers.ts';
import { H, W } from './draw/svg.ts';
import { landscapeSvg } from './landscape.ts';
import { THEMES, type Theme, type TimeOfDay } from './themes.ts';

export { landscapeSvg, mulberry32, THEMES, type Theme, type TimeOfDay };

export type PoolImage = {
  /** Storage key, e.g. "pool/rainforest-007.jpg", relative to the storage root. */
  key: string;
  theme: Theme;
  timeOfDay: TimeOfDay;
  /** Human-readable name, e.g. "Rainforest at dawn (7)". */
  name: string;
  width: number;
  height: number;
  contentType: 'image/jpeg';
};

export type PoolOptions = {
  /** Storage root, e.g. `${dataDir}/storage`. Images go to `${storageDir}/pool/`. */
  storageDir: string;
  /** Images per theme (default 16). Existing files are reused, so a second call is fast. */
  perTheme?: number;
  onProgress?: (done: number, total: number) => void;
};

export const POOL_WIDTH = W;
export const POOL_HEIGHT = H;
/** Bump when the artwork changes: files rendered by another version are re-rendered. */
export const POOL_VERSION = '1';

const CONCURRENCY = 2;
const JPEG_QUALITY = 80;

/** Renders (once) and returns the deterministic pool, ordered by theme then index. */
export async function ensureImagePool(opts: PoolOptions): Promise<PoolImage[]> {
  const perTheme = opts.perTheme ?? 16;
  if (!Number.isInteger(perTheme) || perTheme < 0) throw new Error('perTheme must be a non-negative integer');
  const dir = join(opts.storageDir, 'pool');
  await mkdir(dir, { recursive: true });

  const images: PoolImage[] = [];
  for (const theme of THEMES) {
    for (let index = 1; index <= perTheme; index++) images.push(poolImage(theme, index));
  }

  // Files from another artwork version are removed first (then the version is recorded), so an
  // interrupted run resumes with only the missing files.
  const versionFile = join(dir, '.version');
  const currentVersion = await readFile(versionFile, 'utf8').catch(() => '');
  if (currentVersion.trim() !== POOL_VERSION) {
    const old = (await readdir(dir)).filter((n) => /^[a-z_]+-\d{3,}\.jpg$/.test(n));
    await Promise.all(old.map((n) => unlink(join(dir, n)).catch(() => undefined)));
    await writeAtomic(versionFile, Buffer.from(POOL_VERSION));
  }

  const todo: PoolImage[] = [];
  for (const img of images) {
    if (!(await isFile(join(opts.storageDir, img.key)))) todo.push(img);
  }

  const total = images.length;
  let done = total - todo.length;
  opts.onProgress?.(done, total);
  if (todo.length > 0) {
    const grain = await grainTile();
    let next = 0;
    const worker = async (): Promise<void> => {
      for (;;) {
        const img = todo[next++];
        if (img === undefined) return;
        const seed = seedFor(img.theme, parseIndex(img.key));
        const jpeg = await renderJpeg(landscapeSvg(img.theme, img.timeOfDay, seed), grain);
        await writeAtomic(join(opts.storageDir, img.key), jpeg);
        done++;
        opts.onProgress?.(done, total);
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, todo.length) }, worker));
  }
  return images;
}

function poolImage(theme: Theme, index: number): PoolImage {
  const timeOfDay = timeOfDayFor(theme, index);
  return {
    key: `pool/${theme}-${String(index).padStart(3, '0')}.jpg`,
    theme,
    timeOfDay,
    name: imageName(theme, timeOfDay, index),
    width: W,
    height: H,
    contentType: 'image/jpeg',
  };
}

function parseIndex(key: string): number {
  const m = /-(\d+)\.jpg$/.exec(key);
  return m?.[1] === undefined ? 0 : Number(m[1]);
}

/** Names and time-of-day cycles of the themes: content-seed/images.yaml. */
const WORDS = loadImageWords();

function imageName(theme: Theme, tod: TimeOfDay, index: number): string {
  if (theme === 'night_sky') return `${tod === 'night' ? 'Starry night sky' : 'Night sky at blue hour'} (${index})`;
  if (theme === 'reef') return `${WORDS.themes[theme].label} ${tod === 'day' ? 'in clear water' : tod === 'golden' ? 'in late light' : 'in early light'} (${index})`;
  return `${WORDS.themes[theme].label} ${WORDS.timesOfDay[tod].label} (${index})`;
}

function timeOfDayFor(theme: Theme, index: number): TimeOfDay {
  // Times of day are cycled through per theme, so every theme gets variety.
  const list = WORDS.themes[theme].times;
  const offset = hashString(theme) % list.length;
  return list[(index - 1 + offset) % list.length] ?? 'day';
}

function seedFor(theme: Theme, index: number): number {
  return hashString(`verdant:${theme}:${index}`);
}

async function isFile(path: string): Promise<boolean> {
  try {
    const s = await stat(path);
    return s.isFile() && s.size > 0;
  } catch {
    return false;
  }
}

async function writeAtomic(path: string, data: Buffer): Promise<void> {
  const tmp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    await writeFile(tmp, data);
    await rename(tmp, path);
  } catch (err) {
    await unlink(tmp).catch(() => undefined);
    throw err;
  }
}

/** One 256x256 grain tile around mid-grey (neutral under overlay blending). */
async function grainTile(): Promise<Buffer> {
  const size = 256;
  const r = mulberry32(0x5eed);
  const raw = Buffer.alloc(size * size * 3);
  for (let i = 0; i < size * size; i++) {
    const v = 128 + Math.round((r() + r() - 1) * 22);
    raw[i * 3] = v;
    raw[i * 3 + 1] = v;
    raw[i * 3 + 2] = v;
  }
  return sharp(raw, { raw: { width: size, height: size, channels: 3 } }).png().toBuffer();
}

async function renderJpeg(svg: string, grain: Buffer): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: 72 })
    .composite([{ input: grain, tile: true, blend: 'soft-light' }])
    .flatten({ background: '#000000' })
    .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
    .toBuffer();
}
