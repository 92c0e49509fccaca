// Generated landscape image pool (no downloads).
//
// Every image is a layered SVG illustration (gradient sky, sun or moon, ridges with
// atmospheric perspective, theme-specific elements) composed from a seeded PRNG, rendered
// once by sharp to JPEG and cached on disk. No per-pixel SVG filters are used (they cost
// seconds per image); grain comes from one small pre-rendered noise tile composited tiled.
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { loadImageWords } from '../db/seed/content-seed.ts';
import { THEMES, type Theme, type TimeOfDay } from './themes.ts';

export { THEMES, type Theme, type TimeOfDay };

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

export const POOL_WIDTH = 1600;
export const POOL_HEIGHT = 1067;
/** Bump when the artwork changes: files rendered by another version are re-rendered. */
export const POOL_VERSION = '1';

const W = POOL_WIDTH;
const H = POOL_HEIGHT;
const CONCURRENCY = 2;
const JPEG_QUALITY = 80;

// ---------------------------------------------------------------------------------------
// Public entry point

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

// ---------------------------------------------------------------------------------------
// PRNG, numbers, colours

type Rng = () => number;
type Pt = [number, number];

export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const f = (n: number): string => String(Math.round(n * 10) / 10);
const f3 = (n: number): string => String(Math.round(n * 1000) / 1000);
const clamp = (v: number, lo: number, hi: number): number => Math.max(lo, Math.min(hi, v));
const lerp = (a: number, b: number, t: number): number => a + (b - a) * t;

function rnd(r: Rng, a: number, b: number): number {
  return a + (b - a) * r();
}
function int(r: Rng, a: number, b: number): number {
  return Math.floor(rnd(r, a, b + 1));
}
function pick<T>(r: Rng, arr: readonly T[]): T {
  const v = arr[Math.floor(r() * arr.length)];
  if (v === undefined) throw new Error('pick from empty list');
  return v;
}
/** Roughly normal in [-1, 1]. */
function gauss(r: Rng): number {
  return (r() + r() + r() - 1.5) / 1.5;
}
function at<T>(arr: readonly T[], i: number): T {
  const v = arr[clamp(i, 0, arr.length - 1)];
  if (v === undefined) throw new Error('index into empty list');
  return v;
}

function rgb(c: string): [number, number, number] {
  const n = parseInt(c.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
function hex(r: number, g: number, b: number): string {
  return `#${[r, g, b].map((v) => clamp(Math.round(v), 0, 255).toString(16).padStart(2, '0')).join('')}`;
}
function mix(a: string, b: string, t: number): string {
  const [ar, ag, ab] = rgb(a);
  const [br, bg, bb] = rgb(b);
  const k = clamp(t, 0, 1);
  return hex(lerp(ar, br, k), lerp(ag, bg, k), lerp(ab, bb, k));
}

// ---------------------------------------------------------------------------------------
// Palettes

type Palette = {
  top: string;
  mid: string;
  horizon: string;
  sun: string;
  glow: string;
  /** Colour far layers fade into (atmospheric perspective). */
  haze: string;
  /** Shadow tint and how strongly the time of day darkens the land. */
  shade: string;
  darkness: number;
  water: string;
  light: string;
  cloud: string;
  cloudShade: string;
};

const SKIES: Record<TimeOfDay, readonly Palette[]> = {
  dawn: [
    { top: '#3d4b7c', mid: '#9d8bb4', horizon: '#f4c6a6', sun: '#fff3dc', glow: '#ffcfa8', haze: '#cdb2c0', shade: '#2a2b4d', darkness: 0.38, water: '#6f7aa6', light: '#ffd8bc', cloud: '#f7c6c4', cloudShade: '#9a86ad' },
    { top: '#56709f', mid: '#b9aecb', horizon: '#fbdcc2', sun: '#fff7ea', glow: '#ffe1c6', haze: '#d6c3cd', shade: '#34385c', darkness: 0.32, water: '#8391b5', light: '#ffe2cc', cloud: '#fbd8d0', cloudShade: '#a89cbf' },
    { top: '#4a6f9c', mid: '#a6b8cf', horizon: '#f2d9bd', sun: '#fff6e4', glow: '#fbe0bd', haze: '#c4cbd4', shade: '#2c3a55', darkness: 0.3, water: '#6f89a8', light: '#ffe6c8', cloud: '#f6dccb', cloudShade: '#95a3bd' },
  ],
  day: [
    { top: '#2d6fb8', mid: '#78b0dc', horizon: '#d5e9f0', sun: '#fffdf0', glow: '#fff6d2', haze: '#bcd6e0', shade: '#1b2d38', darkness: 0.06, water: '#2f6f95', light: '#fff8e0', cloud: '#ffffff', cloudShade: '#b9cde0' },
    { top: '#3b8ccc', mid: '#98cde8', horizon: '#e6f3ee', sun: '#ffffff', glow: '#fffbe6', haze: '#c9e2e2', shade: '#1d3536', darkness: 0.04, water: '#2b7f94', light: '#fffbe8', cloud: '#ffffff', cloudShade: '#c3d8e4' },
    { top: '#2a62a8', mid: '#6fa6d6', horizon: '#cfe4ee', sun: '#fffdf2', glow: '#fff4cc', haze: '#b3cfdc', shade: '#182a3a', darkness: 0.08, water: '#285f8c', light: '#fff6dc', cloud: '#ffffff', cloudShade: '#aec3d9' },
  ],
  golden: [
    { top: '#4c6a9a', mid: '#d8a878', horizon: '#ffd595', sun: '#fff2c8', glow: '#ffc670', haze: '#e9c08e', shade: '#4a2c1e', darkness: 0.22, water: '#5d6f8a', light: '#ffcf7a', cloud: '#ffe0b0', cloudShade: '#c98e78' },
    { top: '#6a7ea6', mid: '#eab487', horizon: '#ffe1a8', sun: '#fff5d6', glow: '#ffd08a', haze: '#efcd9f', shade: '#55351f', darkness: 0.18, water: '#6c7b93', light: '#ffd890', cloud: '#ffe8c0', cloudShade: '#d49a80' },
    { top: '#5a7aa0', mid: '#c9b48a', horizon: '#fbd98c', sun: '#fff4cc', glow: '#ffd27a', haze: '#dcc495', shade: '#4d3420', darkness: 0.2, water: '#607a8c', light: '#ffd584', cloud: '#fde3b6', cloudShade: '#bf9a82' },
  ],
  dusk: [
    { top: '#1a2050', mid: '#844a7a', horizon: '#f48c5c', sun: '#ffd49c', glow: '#ff9a66', haze: '#a8667e', shade: '#1f1533', darkness: 0.52, water: '#4a3d6a', light: '#ff9f7a', cloud: '#ff9f8a', cloudShade: '#5a3a66' },
    { top: '#26285c', mid: '#b05a7c', horizon: '#ffae78', sun: '#ffe0b0', glow: '#ffb07a', haze: '#bf8090', shade: '#281a3c', darkness: 0.48, water: '#5a4872', light: '#ffb08a', cloud: '#ffb49a', cloudShade: '#6a4670' },
    { top: '#1d2a5a', mid: '#6a5a8e', horizon: '#f2a07a', sun: '#ffe2b8', glow: '#f7a88a', haze: '#8f7596', shade: '#1c1a36', darkness: 0.5, water: '#3e4270', light: '#ffb89a', cloud: '#f5a59a', cloudShade: '#4c4570' },
  ],
  night: [
    { top: '#040817', mid: '#0e1a3c', horizon: '#243861', sun: '#f3f0e0', glow: '#9fb2e0', haze: '#1f3158', shade: '#04070f', darkness: 0.72, water: '#101c38', light: '#9fb4e0', cloud: '#2c3b66', cloudShade: '#121a33' },
    { top: '#060719', mid: '#181c46', horizon: '#363c72', sun: '#f6f2e6', glow: '#b0b4e6', haze: '#282f5e', shade: '#05060f', darkness: 0.7, water: '#141838', light: '#b0b8e6', cloud: '#33396a', cloudShade: '#14163a' },
  ],
};

function mixPalette(a: Palette, b: Palette, t: number): Palette {
  return {
    top: mix(a.top, b.top, t),
    mid: mix(a.mid, b.mid, t),
    horizon: mix(a.horizon, b.horizon, t),
    sun: mix(a.sun, b.sun, t),
    glow: mix(a.glow, b.glow, t),
    haze: mix(a.haze, b.haze, t),
    shade: mix(a.shade, b.shade, t),
    darkness: lerp(a.darkness, b.darkness, t),
    water: mix(a.water, b.water, t),
    light: mix(a.light, b.light, t),
    cloud: mix(a.cloud, b.cloud, t),
    cloudShade: mix(a.cloudShade, b.cloudShade, t),
  };
}

// ---------------------------------------------------------------------------------------
// SVG building context

type Ctx = {
  r: Rng;
  theme: Theme;
  tod: TimeOfDay;
  pal: Palette;
  defs: string[];
  out: string[];
  uid: number;
  /** Sun (or moon at night) position and radius. */
  sun: { x: number; y: number; rad: number };
  /** True when light comes from the left half of the frame. */
  lightLeft: boolean;
};

type Stop = readonly [offset: number, color: string, opacity?: number];

function stopsXml(stops: readonly Stop[]): string {
  return stops
    .map(([o, c, a]) => `<stop offset="${f3(clamp(o, 0, 1))}" stop-color="${c}"${a === undefined || a >= 1 ? '' : ` stop-opacity="${f3(a)}"`}/>`)
    .join('');
}

function newId(ctx: Ctx, prefix: string): string {
  return `${prefix}${ctx.uid++}`;
}

/** Vertical gradient over the shape's bounding box (default) or explicit user-space coordinates. */
function lin(ctx: Ctx, stops: readonly Stop[], user?: { x1: number; y1: number; x2: number; y2: number }): string {
  const id = newId(ctx, 'l');
  const coords = user
    ? `x1="${f(user.x1)}" y1="${f(user.y1)}" x2="${f(user.x2)}" y2="${f(user.y2)}" gradientUnits="userSpaceOnUse"`
    : 'x1="0" y1="0" x2="0" y2="1"';
  ctx.defs.push(`<linearGradient id="${id}" ${coords}>${stopsXml(stops)}</linearGradient>`);
  return `url(#${id})`;
}

function hlin(ctx: Ctx, stops: readonly Stop[]): string {
  const id = newId(ctx, 'h');
  ctx.defs.push(`<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0">${stopsXml(stops)}</linearGradient>`);
  return `url(#${id})`;
}

function radial(ctx: Ctx, stops: readonly Stop[], cx: number, cy: number, radius: number): string {
  const id = newId(ctx, 'r');
  ctx.defs.push(
    `<radialGradient id="${id}" cx="${f(cx)}" cy="${f(cy)}" r="${f(radius)}" gradientUnits="userSpaceOnUse">${stopsXml(stops)}</radialGradient>`,
  );
  return `url(#${id})`;
}

function add(ctx: Ctx, s: string): void {
  ctx.out.push(s);
}

// Radial gradients cost ~30 ns a pixel in librsvg (50 ms for a full frame), so soft glows are
// small pre-computed PNG sprites (48x48, radial alpha) that librsvg scales up bilinearly: smooth,
// band-free and a few milliseconds each.
const glowCache = new Map<string, string>();

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

function glowSprite(color: string, alpha: number, falloff: number): string {
  const key = `${color}|${f3(alpha)}|${f3(falloff)}`;
  const hit = glowCache.get(key);
  if (hit) return hit;
  const n = 48;
  const [cr, cg, cb] = rgb(color);
  const raw = Buffer.alloc((n * 4 + 1) * n);
  for (let y = 0; y < n; y++) {
    const row = y * (n * 4 + 1);
    for (let x = 0; x < n; x++) {
      const d = Math.hypot(x + 0.5 - n / 2, y + 0.5 - n / 2) / (n / 2);
      const a = d >= 1 ? 0 : Math.pow(1 - d, falloff) * (1 - d * d * d * d);
      raw.set([cr, cg, cb, Math.round(255 * clamp(alpha, 0, 1) * a)], row + 1 + x * 4);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(n, 0);
  ihdr.writeUInt32BE(n, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const png = Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), pngChunk('IHDR', ihdr), pngChunk('IDAT', deflateSync(raw)), pngChunk('IEND', Buffer.alloc(0))]);
  const uri = `data:image/png;base64,${png.toString('base64')}`;
  if (glowCache.size > 500) glowCache.clear();
  glowCache.set(key, uri);
  return uri;
}

/** A soft elliptical glow of `color`, `alpha` at the centre fading to nothing at (rx, ry). */
function glowShape(cx: number, cy: number, rx: number, ry: number, color: string, alpha: number, falloff = 2): string {
  return `<image href="${glowSprite(color, alpha, falloff)}" x="${f(cx - rx)}" y="${f(cy - ry)}" width="${f(rx * 2)}" height="${f(ry * 2)}" preserveAspectRatio="none"/>`;
}

function softGlow(ctx: Ctx, cx: number, cy: number, rx: number, ry: number, color: string, alpha: number, falloff = 2): void {
  add(ctx, glowShape(cx, cy, rx, ry, color, alpha, falloff));
}

/** Base colour lit for the time of day and faded toward the haze by distance (depth 0 far, 1 near). */
function tone(ctx: Ctx, base: string, depth: number): string {
  const p = ctx.pal;
  const lit = mix(mix(base, p.shade, p.darkness), p.light, 0.07 * (1 - p.darkness));
  return mix(lit, p.haze, Math.pow(1 - clamp(depth, 0, 1), 1.25) * 0.9);
}

/** A filled layer whose base dissolves into mist (valleys hold haze). */
function layer(ctx: Ctx, d: string, base: string, depth: number, mistiness = 1): void {
  const c = tone(ctx, base, depth);
  const bottom = mix(c, ctx.pal.haze, (0.5 * (1 - depth) + 0.04) * mistiness);
  add(ctx, `<path d="${d}" fill="${lin(ctx, [[0, c], [1, bottom]])}"/>`);
}

// ---------------------------------------------------------------------------------------
// Geometry

function mdProfile(r: Rng, n: number, rough: number): number[] {
  const a = new Array<number>(n + 1).fill(0);
  a[0] = r();
  a[n] = r();
  let step = n;
  let amp = 1;
  while (step > 1) {
    const half = step / 2;
    for (let i = half; i < n; i += step) a[i] = (at(a, i - half) + at(a, i + half)) / 2 + (r() - 0.5) * amp;
    amp *= rough;
    step = half;
  }
  return normalize(a);
}

function normalize(a: number[]): number[] {
  const min = Math.min(...a);
  const max = Math.max(...a);
  const span = max - min || 1;
  return a.map((v) => (v - min) / span);
}

/** A smooth rolling height function y(x). */
function waveFn(r: Rng, baseY: number, amp: number, octaves = 3, wavelength = 1): (x: number) => number {
  const comps = Array.from({ length: octaves }, (_, i) => ({
    k: ((i + 1) * rnd(r, 0.7, 1.5) * Math.PI * 2) / (W * wavelength),
    p: r() * Math.PI * 2,
    a: amp / Math.pow(i + 1, 1.3),
  }));
  return (x) => baseY - comps.reduce((s, c) => s + c.a * Math.sin(c.k * x + c.p), 0);
}

function sample(fn: (x: number) => number, step = 40, x0 = -60, x1 = W + 60): Pt[] {
  const pts: Pt[] = [];
  for (let x = x0; x < x1 + step; x += step) pts.push([x, fn(x)]);
  return pts;
}

function lines(pts: readonly Pt[]): string {
  return pts.map(([x, y]) => `L${f(x)},${f(y)}`).join('');
}

/** Catmull-Rom through the points as cubic Béziers (current point must be pts[0]). */
function smooth(pts: readonly Pt[]): string {
  let d = '';
  for (let i = 0; i < pts.length - 1; i++) {
    const p0 = at(pts, i - 1);
    const p1 = at(pts, i);
    const p2 = at(pts, i + 1);
    const p3 = at(pts, i + 2);
    d += `C${f(p1[0] + (p2[0] - p0[0]) / 6)},${f(p1[1] + (p2[1] - p0[1]) / 6)} ${f(p2[0] - (p3[0] - p1[0]) / 6)},${f(p2[1] - (p3[1] - p1[1]) / 6)} ${f(p2[0])},${f(p2[1])}`;
  }
  return d;
}

function closedSmooth(pts: readonly Pt[]): string {
  const n = pts.length;
  const get = (i: number): Pt => at(pts, ((i % n) + n) % n);
  const first = get(0);
  let d = `M${f(first[0])},${f(first[1])}`;
  for (let i = 0; i < n; i++) {
    const p0 = get(i - 1);
    const p1 = get(i);
    const p2 = get(i + 1);
    const p3 = get(i + 2);
    d += `C${f(p1[0] + (p2[0] - p0[0]) / 6)},${f(p1[1] + (p2[1] - p0[1]) / 6)} ${f(p2[0] - (p3[0] - p1[0]) / 6)},${f(p2[1] - (p3[1] - p1[1]) / 6)} ${f(p2[0])},${f(p2[1])}`;
  }
  return `${d}Z`;
}

function area(pts: readonly Pt[], bottom = H + 10, curved = true): string {
  const a = at(pts, 0);
  const b = at(pts, pts.length - 1);
  return `M${f(a[0])},${f(bottom)}L${f(a[0])},${f(a[1])}${curved ? smooth(pts) : lines(pts.slice(1))}L${f(b[0])},${f(bottom)}Z`;
}

function yAt(pts: readonly Pt[], x: number): number {
  for (let i = 0; i < pts.length - 1; i++) {
    const a = at(pts, i);
    const b = at(pts, i + 1);
    if (x >= a[0] && x <= b[0]) return lerp(a[1], b[1], (x - a[0]) / (b[0] - a[0] || 1));
  }
  return x < at(pts, 0)[0] ? at(pts, 0)[1] : at(pts, pts.length - 1)[1];
}

/** Top edge of a tree-crown silhouette (a chain of rounded bumps), as `L…C…` commands. */
function canopyEdge(r: Rng, base: (x: number) => number, w: [number, number], h: [number, number], emergent = 0.06, range: [number, number] = [-20, W + 20]): { d: string; x0: number; x1: number } {
  const x0 = range[0] - rnd(r, 0, w[1]);
  let x = x0;
  let y = base(x);
  let d = `L${f(x)},${f(y)}`;
  while (x < range[1]) {
    const bw = rnd(r, w[0], w[1]);
    const tall = r() < emergent ? rnd(r, 1.6, 2.4) : 1;
    const bh = rnd(r, h[0], h[1]) * tall;
    const x2 = x + bw;
    const y2 = base(x2) + rnd(r, -0.15, 0.25) * bh;
    d += `C${f(x + bw * 0.02)},${f(y - bh * 1.3)} ${f(x2 - bw * 0.02)},${f(y2 - bh * 1.3)} ${f(x2)},${f(y2)}`;
    x = x2;
    y = y2;
  }
  return { d, x0, x1: x };
}

/** Tree-crown silhouette along a base line, closed down to `bottom`. */
function canopy(r: Rng, base: (x: number) => number, w: [number, number], h: [number, number], bottom = H + 10, emergent = 0.06, range: [number, number] = [-20, W + 20]): string {
  const e = canopyEdge(r, base, w, h, emergent, range);
  return `M${f(e.x0)},${f(bottom)}${e.d}L${f(e.x1)},${f(bottom)}Z`;
}

function pine(r: Rng, x: number, y: number, h: number, w: number): string {
  const tiers = int(r, 3, 5);
  const left: Pt[] = [];
  const right: Pt[] = [];
  for (let t = 0; t < tiers; t++) {
    const y1 = y - h + (h * (t + 1)) / tiers;
    const wOut = (w / 2) * ((t + 1) / tiers) * rnd(r, 0.9, 1.1);
    const wIn = wOut * 0.55;
    right.push([x + wIn, y1 - (h / tiers) * 0.45], [x + wOut, y1]);
    left.push([x - wOut, y1], [x - wIn, y1 - (h / tiers) * 0.45]);
  }
  right.pop();
  left.shift();
  const trunk = Math.max(1.5, w * 0.06);
  const pts: Pt[] = [[x, y - h], ...right, [x + (w / 2) * rnd(r, 0.95, 1.1), y - h * 0.06], [x + trunk, y - h * 0.06], [x + trunk, y + 4], [x - trunk, y + 4], [x - trunk, y - h * 0.06], [x - (w / 2) * rnd(r, 0.95, 1.1), y - h * 0.06], ...left.reverse()];
  return `M${pts.map(([px, py]) => `${f(px)},${f(py)}`).join('L')}Z`;
}

/** A band of pines standing on a (smooth) ground line. */
function pineForest(ctx: Ctx, ground: readonly Pt[], base: string, depth: number, size: number, density = 1): void {
  const { r } = ctx;
  let d = area(ground);
  let x = -20;
  while (x < W + 20) {
    const h = size * rnd(r, 0.6, 1.25);
    d += pine(r, x, yAt(ground, x) + 2, h, h * rnd(r, 0.32, 0.42));
    x += (size * rnd(r, 0.12, 0.5)) / density;
  }
  layer(ctx, d, base, depth, 0.6);
}

/** Round broadleaf tree (crown of overlapping circles). */
function roundTree(r: Rng, x: number, y: number, h: number): string {
  const trunkW = h * 0.06;
  let d = `M${f(x - trunkW)},${f(y)}L${f(x - trunkW * 0.7)},${f(y - h * 0.55)}L${f(x + trunkW * 0.7)},${f(y - h * 0.55)}L${f(x + trunkW)},${f(y)}Z`;
  const n = int(r, 4, 7);
  for (let i = 0; i < n; i++) {
    const cr = h * rnd(r, 0.16, 0.26);
    const cx = x + gauss(r) * h * 0.28;
    const cy = y - h * 0.68 + gauss(r) * h * 0.16;
    d += circlePath(cx, cy, cr);
  }
  return d;
}

function circlePath(cx: number, cy: number, rad: number): string {
  return `M${f(cx - rad)},${f(cy)}a${f(rad)},${f(rad)} 0 1 0 ${f(rad * 2)},0a${f(rad)},${f(rad)} 0 1 0 ${f(-rad * 2)},0Z`;
}

/** Palm tree silhouette: curved trunk and feathery drooping fronds. */
function palm(r: Rng, x: number, y: number, h: number, lean: number): string {
  const topX = x + lean * h * 0.35;
  const topY = y - h;
  const cX = x + lean * h * 0.05;
  const cY = y - h * 0.5;
  const tw = h * 0.03;
  let d = `M${f(x - tw)},${f(y)}Q${f(cX - tw)},${f(cY)} ${f(topX - tw * 0.6)},${f(topY)}L${f(topX + tw * 0.6)},${f(topY)}Q${f(cX + tw)},${f(cY)} ${f(x + tw)},${f(y)}Z`;
  const fronds = int(r, 7, 10);
  for (let i = 0; i < fronds; i++) {
    const ang = -Math.PI / 2 + ((i / (fronds - 1)) * 2 - 1) * rnd(r, 1.45, 1.75);
    const len = h * rnd(r, 0.32, 0.45);
    const ex = topX + Math.cos(ang) * len;
    const ey = topY + Math.sin(ang) * len * 0.6 + len * 0.45;
    const cx = topX + Math.cos(ang) * len * 0.55;
    const cy = topY + Math.sin(ang) * len * 0.75 - len * 0.1;
    d += frond(topX, topY, cx, cy, ex, ey, len);
  }
  return d;
}

function frond(x0: number, y0: number, cx: number, cy: number, x1: number, y1: number, len: number): string {
  const n = 11;
  const spine: Pt[] = [];
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    spine.push([(1 - t) * (1 - t) * x0 + 2 * t * (1 - t) * cx + t * t * x1, (1 - t) * (1 - t) * y0 + 2 * t * (1 - t) * cy + t * t * y1]);
  }
  const upper = spine.map(([px, py]) => `${f(px)},${f(py - len * 0.012)}`);
  const lower: string[] = [];
  for (let i = n; i >= 1; i--) {
    const [px, py] = at(spine, i);
    const [qx, qy] = at(spine, i - 1);
    const dx = px - qx;
    const dy = py - qy;
    const l = Math.hypot(dx, dy) || 1;
    const leaf = len * 0.22 * Math.sin((Math.PI * i) / (n + 1)) + len * 0.03;
    const nx = -dy / l;
    const ny = dx / l;
    const s = ny < 0 ? -1 : 1; // leaflets hang down
    lower.push(`${f(px + nx * leaf * s * 0.6 + dx * 0.4)},${f(py + ny * leaf * s + Math.abs(leaf) * 0.5)}`, `${f(qx)},${f(qy)}`);
  }
  return `M${upper.join('L')}L${lower.join('L')}Z`;
}

/** Umbrella acacia: forked trunk and a flat, layered crown. */
function acacia(r: Rng, x: number, y: number, h: number): string {
  const w = h * rnd(r, 1.4, 2.1);
  const crownY = y - h * rnd(r, 0.72, 0.82);
  const tw = h * 0.035;
  let d = `M${f(x - tw)},${f(y)}L${f(x - tw * 0.6)},${f(y - h * 0.35)}L${f(x - w * 0.22)},${f(crownY + 4)}L${f(x - w * 0.2 + tw)},${f(crownY + 4)}L${f(x)},${f(y - h * 0.4)}L${f(x + w * 0.18)},${f(crownY + 4)}L${f(x + w * 0.2 + tw)},${f(crownY + 4)}L${f(x + tw * 0.8)},${f(y - h * 0.3)}L${f(x + tw)},${f(y)}Z`;
  const layers = int(r, 1, 2);
  for (let l = 0; l < layers; l++) {
    const lw = w * (l === 0 ? 1 : rnd(r, 0.5, 0.7));
    const cy = crownY - l * h * 0.12;
    const cx = x + (l === 0 ? 0 : rnd(r, -0.2, 0.2) * w);
    const th = h * rnd(r, 0.1, 0.16);
    d += `M${f(cx - lw / 2)},${f(cy + th * 0.3)}`;
    const bumps = int(r, 5, 8);
    for (let i = 0; i < bumps; i++) {
      const x2 = cx - lw / 2 + (lw * (i + 1)) / bumps;
      const yTop = cy - th * (0.6 + 0.4 * Math.sin((Math.PI * (i + 0.5)) / bumps)) * rnd(r, 0.8, 1.2);
      d += `Q${f(x2 - lw / bumps / 2)},${f(yTop - th * 0.6)} ${f(x2)},${f(cy - th * 0.25 * rnd(r, 0, 1))}`;
    }
    d += `Q${f(cx + lw * 0.2)},${f(cy + th * 0.7)} ${f(cx)},${f(cy + th * 0.5)}Q${f(cx - lw * 0.25)},${f(cy + th * 0.75)} ${f(cx - lw / 2)},${f(cy + th * 0.3)}Z`;
  }
  return d;
}

function birds(ctx: Ctx, n: number, x: number, y: number, spread: number, size: number): void {
  const { r } = ctx;
  let d = '';
  for (let i = 0; i < n; i++) {
    const bx = x + gauss(r) * spread;
    const by = y + gauss(r) * spread * 0.4;
    const s = size * rnd(r, 0.6, 1.2);
    const flap = rnd(r, 0.2, 0.7);
    d += `M${f(bx - s)},${f(by - s * flap)}Q${f(bx - s * 0.45)},${f(by - s * 0.5)} ${f(bx)},${f(by)}Q${f(bx + s * 0.45)},${f(by - s * 0.5)} ${f(bx + s)},${f(by - s * flap)}`;
  }
  const c = mix(ctx.pal.shade, ctx.pal.haze, 0.25);
  add(ctx, `<path d="${d}" fill="none" stroke="${c}" stroke-width="${f(size * 0.18)}" stroke-linecap="round" stroke-opacity="0.8"/>`);
}

// ---------------------------------------------------------------------------------------
// Sky, water, atmosphere

function placeSun(ctx: Ctx, horizonY: number): void {
  const { r, tod } = ctx;
  const x = W * rnd(r, 0.12, 0.88);
  let y: number;
  let rad: number;
  switch (tod) {
    case 'day':
      y = H * rnd(r, 0.06, 0.24);
      rad = rnd(r, 30, 42);
      break;
    case 'golden':
      y = horizonY - rnd(r, 70, 230);
      rad = rnd(r, 44, 62);
      break;
    case 'dawn':
      y = horizonY - rnd(r, 10, 150);
      rad = rnd(r, 40, 58);
      break;
    case 'dusk':
      y = horizonY - rnd(r, -10, 90);
      rad = rnd(r, 50, 72);
      break;
    case 'night':
      y = H * rnd(r, 0.08, 0.3);
      rad = rnd(r, 22, 36);
      break;
  }
  ctx.sun = { x, y: Math.max(y, rad + 20), rad };
  ctx.lightLeft = x < W / 2;
}

function sky(ctx: Ctx, horizonY: number, o: { clouds?: boolean; stars?: number; sunDisc?: boolean } = {}): void {
  const p = ctx.pal;
  const hy = clamp(horizonY / H, 0.05, 1);
  add(ctx, `<rect width="${W}" height="${H}" fill="${lin(ctx, [[0, p.top], [hy * 0.55, p.mid], [hy, p.horizon], [1, mix(p.horizon, p.haze, 0.4)]])}"/>`);
  const s = ctx.sun;
  if (ctx.tod === 'night') {
    stars(ctx, horizonY, o.stars ?? 260);
  } else {
    // warm band along the horizon
    const band = ctx.tod === 'day' ? 0.25 : 0.5;
    add(ctx, `<rect y="${f(horizonY - H * 0.35)}" width="${W}" height="${f(H * 0.35)}" fill="${lin(ctx, [[0, p.glow, 0], [1, p.glow, band]])}"/>`);
  }
  const glowR = ctx.tod === 'day' ? W * 0.32 : ctx.tod === 'night' ? W * 0.2 : W * 0.55;
  const glowA = ctx.tod === 'night' ? 0.22 : ctx.tod === 'day' ? 0.5 : 0.75;
  softGlow(ctx, s.x, s.y, glowR, glowR, p.glow, glowA, 2.2);
  if (o.clouds !== false) clouds(ctx, horizonY);
  if (o.sunDisc !== false) {
    if (ctx.tod === 'night') moon(ctx);
    else add(ctx, `<circle cx="${f(s.x)}" cy="${f(s.y)}" r="${f(s.rad)}" fill="${radial(ctx, [[0, '#ffffff'], [0.6, p.sun], [0.96, p.sun], [1, p.sun, 0.6]], s.x, s.y, s.rad)}"/>`);
  }
}

function moon(ctx: Ctx): void {
  const { r } = ctx;
  const s = ctx.sun;
  const c = ctx.pal.sun;
  if (r() < 0.45) {
    // crescent: two arcs of different radii
    const k = rnd(r, 0.55, 0.8);
    const tilt = rnd(r, -0.6, 0.6);
    add(ctx, `<path transform="rotate(${f((tilt * 180) / Math.PI)} ${f(s.x)} ${f(s.y)})" d="M${f(s.x)},${f(s.y - s.rad)}A${f(s.rad)},${f(s.rad)} 0 1 1 ${f(s.x)},${f(s.y + s.rad)}A${f(s.rad * k)},${f(s.rad)} 0 1 0 ${f(s.x)},${f(s.y - s.rad)}Z" fill="${c}"/>`);
    return;
  }
  let d = '';
  for (let i = 0; i < 5; i++) d += circlePath(s.x + gauss(r) * s.rad * 0.45, s.y + gauss(r) * s.rad * 0.45, s.rad * rnd(r, 0.12, 0.3));
  add(ctx, `<circle cx="${f(s.x)}" cy="${f(s.y)}" r="${f(s.rad)}" fill="${c}"/><path d="${d}" fill="#9aa0b8" fill-opacity="0.18"/>`);
}

function stars(ctx: Ctx, horizonY: number, n: number): void {
  const { r } = ctx;
  const buckets = ['', '', '', ''];
  for (let i = 0; i < n; i++) {
    const x = r() * W;
    const y = Math.pow(r(), 1.3) * horizonY * 0.98;
    const big = r();
    const rad = 0.5 + Math.pow(big, 8) * 2.2;
    const b = clamp(Math.floor(r() * 3 + (big > 0.9 ? 1 : 0)), 0, 3);
    buckets[b] += circlePath(x, y, rad);
  }
  const alphas = [0.35, 0.55, 0.8, 1];
  buckets.forEach((d, i) => {
    if (d) add(ctx, `<path d="${d}" fill="#f4f2ff" fill-opacity="${alphas[i] ?? 1}"/>`);
  });
}

function clouds(ctx: Ctx, horizonY: number): void {
  const { r, tod } = ctx;
  const p = ctx.pal;
  if (tod === 'day' && r() < 0.85) {
    const n = int(r, 2, 5);
    for (let i = 0; i < n; i++) {
      const w = rnd(r, 180, 460);
      cumulus(ctx, rnd(r, -50, W + 50), rnd(r, 0.25, 0.85) * horizonY, w, w * rnd(r, 0.28, 0.4));
    }
    return;
  }
  const n = tod === 'night' ? int(r, 0, 2) : int(r, 2, 7);
  for (let i = 0; i < n; i++) {
    const w = rnd(r, 220, 760);
    const h = rnd(r, 8, 26);
    const x = rnd(r, -100, W);
    const y = rnd(r, 0.15, 0.9) * horizonY;
    const c = mix(p.cloud, p.cloudShade, clamp(1 - y / horizonY, 0, 1) * 0.6);
    const a = tod === 'night' ? 0.35 : rnd(r, 0.45, 0.85);
    const fill = hlin(ctx, [[0, c, 0], [0.25, c, a], [0.75, c, a], [1, c, 0]]);
    add(ctx, `<ellipse cx="${f(x + w / 2)}" cy="${f(y)}" rx="${f(w / 2)}" ry="${f(h)}" fill="${fill}"/>`);
    if (r() < 0.6) add(ctx, `<ellipse cx="${f(x + w * rnd(r, 0.3, 0.7))}" cy="${f(y - h * 1.2)}" rx="${f(w * 0.3)}" ry="${f(h * 0.6)}" fill="${fill}"/>`);
  }
}

function cumulus(ctx: Ctx, cx: number, cy: number, w: number, h: number): void {
  const { r } = ctx;
  const n = int(r, 5, 9);
  let d = '';
  for (let i = 0; i < n; i++) {
    const t = (i + 0.5) / n;
    const rad = h * (0.3 + 0.7 * Math.sin(Math.PI * t)) * rnd(r, 0.7, 1.1);
    d += circlePath(cx - w / 2 + w * t + gauss(r) * w * 0.04, cy - rad * rnd(r, 0.35, 0.75), rad);
  }
  const clipId = newId(ctx, 'c');
  ctx.defs.push(`<clipPath id="${clipId}"><rect x="${f(cx - w)}" y="${f(cy - h * 3)}" width="${f(w * 2)}" height="${f(h * 3)}"/></clipPath>`);
  const p = ctx.pal;
  const fill = lin(ctx, [[0, p.cloud], [0.6, mix(p.cloud, p.cloudShade, 0.25)], [1, p.cloudShade]], { x1: 0, y1: cy - h * 1.5, x2: 0, y2: cy });
  add(ctx, `<path clip-path="url(#${clipId})" d="${d}" fill="${fill}"/>`);
}

function mist(ctx: Ctx, y: number, h: number, alpha: number, color?: string): void {
  const c = color ?? ctx.pal.haze;
  add(ctx, `<rect y="${f(y - h / 2)}" width="${W}" height="${f(h)}" fill="${lin(ctx, [[0, c, 0], [0.5, c, alpha], [1, c, 0]])}"/>`);
}

/** Mirror everything drawn since `start` below the water line, then tint it as water. */
function reflect(ctx: Ctx, start: number, wy: number, tint = 0.45): void {
  const captured = ctx.out.slice(start).join('');
  const clipId = newId(ctx, 'c');
  ctx.defs.push(`<clipPath id="${clipId}"><rect x="0" y="${f(wy)}" width="${W}" height="${f(H - wy + 2)}"/></clipPath>`);
  add(ctx, `<g clip-path="url(#${clipId})"><g transform="matrix(1 0 0 -1 0 ${f(2 * wy)})">${captured}</g></g>`);
  const p = ctx.pal;
  add(ctx, `<rect y="${f(wy)}" width="${W}" height="${f(H - wy)}" fill="${lin(ctx, [[0, p.water, tint * 0.5], [1, mix(p.water, p.shade, 0.3), Math.min(0.95, tint + 0.25)]])}"/>`);
  add(ctx, `<rect y="${f(wy - 1)}" width="${W}" height="2.5" fill="${mix(p.haze, '#ffffff', 0.3)}" fill-opacity="0.45"/>`);
}

function ripples(ctx: Ctx, wy: number, n: number, color?: string): void {
  const { r } = ctx;
  const c = color ?? mix(ctx.pal.horizon, '#ffffff', 0.3);
  let d = '';
  for (let i = 0; i < n; i++) {
    const t = Math.pow(r(), 0.8);
    const y = wy + 4 + t * (H - wy);
    const len = (20 + 260 * t) * rnd(r, 0.4, 1.2);
    const x = r() * W;
    const th = 0.6 + t * 2.2;
    d += `M${f(x)},${f(y)}h${f(len)}a${f(th)},${f(th)} 0 0 1 0,${f(th)}h${f(-len)}a${f(th)},${f(th)} 0 0 1 0,${f(-th)}Z`;
  }
  add(ctx, `<path d="${d}" fill="${c}" fill-opacity="0.16"/>`);
}

/** Sun glitter: short bright dashes in a column below the sun, widening toward the viewer. */
function glitter(ctx: Ctx, wy: number, x: number, width: number, n = 55): void {
  const { r } = ctx;
  const c = mix(ctx.pal.sun, ctx.pal.glow, 0.3);
  let d = '';
  for (let i = 0; i < n; i++) {
    const t = Math.pow(r(), 1.4);
    const y = wy + 3 + t * (H - wy);
    const spread = width * (0.15 + t * 1.4);
    const cx = x + gauss(r) * spread;
    const len = (6 + t * 70) * rnd(r, 0.4, 1.3) * (1 - Math.abs(cx - x) / (spread * 2 + 1));
    const th = 0.8 + t * 2.4;
    if (len > 2) d += `M${f(cx - len / 2)},${f(y)}h${f(len)}v${f(th)}h${f(-len)}Z`;
  }
  add(ctx, `<path d="${d}" fill="${c}" fill-opacity="${ctx.tod === 'night' ? 0.45 : 0.7}"/>`);
}

function vignette(ctx: Ctx, strength = 0.32): void {
  // inverse glow: a dark frame with a transparent centre, made of four edge gradients
  const c = '#000000';
  add(ctx, `<rect width="${W}" height="${f(H * 0.3)}" fill="${lin(ctx, [[0, c, strength * 0.7], [1, c, 0]])}"/>`);
  add(ctx, `<rect y="${f(H * 0.62)}" width="${W}" height="${f(H * 0.38)}" fill="${lin(ctx, [[0, c, 0], [1, c, strength]])}"/>`);
  add(ctx, `<rect width="${f(W * 0.3)}" height="${H}" fill="${hlin(ctx, [[0, c, strength * 0.75], [1, c, 0]])}"/>`);
  add(ctx, `<rect x="${f(W * 0.7)}" width="${f(W * 0.3)}" height="${H}" fill="${hlin(ctx, [[0, c, 0], [1, c, strength * 0.75]])}"/>`);
}

// ---------------------------------------------------------------------------------------
// Reusable scene parts

const GREEN = '#2f6a40';
const GREEN_DEEP = '#1b4a30';
const ROCK = '#5a6472';
const SNOW = '#eef3f8';

/** A jagged range with sun-side facets and optional snow caps. */
function mountains(ctx: Ctx, o: { baseY: number; amp: number; depth: number; rough: number; rock: string; snow: boolean }): Pt[] {
  const { r } = ctx;
  const n = 64;
  const prof = mdProfile(r, n, o.rough);
  const pts: Pt[] = prof.map((h, i) => [-40 + ((W + 80) * i) / n, o.baseY - o.amp * Math.pow(h, 1.15)]);
  layer(ctx, area(pts, H + 10, false), o.rock, o.depth, 0.9);

  const minY = Math.min(...pts.map((p) => p[1]));
  if (o.snow) {
    const snowY = minY + (o.baseY - minY) * rnd(r, 0.25, 0.42);
    let d = '';
    let run: Pt[] = [];
    const flush = (): void => {
      if (run.length >= 2) {
        const a = at(run, 0);
        const b = at(run, run.length - 1);
        let back = '';
        const steps = Math.max(2, Math.round((b[0] - a[0]) / 9));
        let walk = rnd(r, 0, 15);
        for (let i = steps - 1; i > 0; i--) {
          const x = a[0] + ((b[0] - a[0]) * i) / steps;
          walk = clamp(walk + rnd(r, -9, 10), -12, 40);
          back += `L${f(x)},${f(Math.max(yAt(pts, x) + 3, snowY + walk))}`;
        }
        d += `M${f(a[0])},${f(a[1])}${lines(run.slice(1))}${back}Z`;
      }
      run = [];
    };
    for (let i = 0; i < pts.length; i++) {
      const p = at(pts, i);
      if (p[1] < snowY) {
        if (run.length === 0 && i > 0) {
          const q = at(pts, i - 1);
          run.push([lerp(q[0], p[0], (snowY - q[1]) / (p[1] - q[1])), snowY]);
        }
        run.push(p);
      } else if (run.length > 0) {
        const q = at(pts, i - 1);
        run.push([lerp(q[0], p[0], (snowY - q[1]) / (p[1] - q[1])), snowY]);
        flush();
      }
    }
    flush();
    const warm = ctx.tod === 'day' || ctx.tod === 'night' ? 0.05 : 0.35;
    const snow = mix(tone(ctx, SNOW, Math.min(1, o.depth + 0.3)), ctx.pal.light, warm);
    if (d) add(ctx, `<path d="${d}" fill="${snow}"/>`);
  }

  // shadow facets on the side away from the light: peak -> valley along the ridge, then a
  // jagged line back to the peak from a point below the valley.
  const dir = ctx.lightLeft ? 1 : -1;
  let facets = '';
  for (let i = 1; i < pts.length - 1; i++) {
    const p = at(pts, i);
    if (!(p[1] < at(pts, i - 1)[1] && p[1] < at(pts, i + 1)[1])) continue;
    const run: Pt[] = [p];
    let j = i + dir;
    while (j > 0 && j < pts.length - 1) {
      const q = at(pts, j);
      run.push(q);
      if (q[1] > at(pts, j + dir)[1]) break;
      j += dir;
    }
    const v = at(run, run.length - 1);
    if (Math.abs(v[0] - p[0]) < 20 || v[1] - p[1] < 12) continue;
    const drop = v[1] - p[1];
    const bx = p[0] + (v[0] - p[0]) * rnd(r, 0.1, 0.45);
    const by = Math.min(o.baseY + 40, v[1] + drop * rnd(r, 0.7, 1.5));
    let back = `L${f(bx)},${f(by)}`;
    for (let s = 3; s > 0; s--) {
      const t = s / 4;
      back += `L${f(lerp(p[0], bx, t) + gauss(r) * 5 * t)},${f(lerp(p[1], by, t))}`;
    }
    facets += `M${f(p[0])},${f(p[1])}${lines(run.slice(1))}${back}Z`;
  }
  if (facets) add(ctx, `<path d="${facets}" fill="${tone(ctx, mix(o.rock, ctx.pal.shade, 0.7), o.depth)}" fill-opacity="${f3(0.3 + 0.25 * o.depth)}"/>`);
  return pts;
}

function farRanges(ctx: Ctx, horizonY: number, count: number, o: { amp?: number; depth0?: number; depth1?: number; base?: string; smoothRidge?: boolean } = {}): void {
  const { r } = ctx;
  const amp = o.amp ?? H * 0.16;
  for (let i = 0; i < count; i++) {
    const t = count === 1 ? 0 : i / (count - 1);
    const depth = lerp(o.depth0 ?? 0.05, o.depth1 ?? 0.35, t);
    const baseY = horizonY + i * H * 0.03;
    if (o.smoothRidge ?? r() < 0.5) {
      const fn = waveFn(r, baseY - amp * 0.4, amp * rnd(r, 0.35, 0.6), 4, rnd(r, 0.5, 1));
      layer(ctx, area(sample(fn, 40)), o.base ?? GREEN_DEEP, depth);
    } else {
      const prof = mdProfile(r, 64, rnd(r, 0.45, 0.58));
      const pts: Pt[] = prof.map((h, k) => [-40 + ((W + 80) * k) / 64, baseY - amp * (0.15 + 0.85 * h) * rnd(r, 0.6, 1)]);
      layer(ctx, area(pts, H + 10, true), o.base ?? GREEN_DEEP, depth);
    }
    if (r() < 0.7) mist(ctx, baseY + 8, H * 0.08, 0.55);
  }
}

// ---------------------------------------------------------------------------------------
// Scenes

function sceneRainforest(ctx: Ctx): void {
  const { r } = ctx;
  const hy = H * rnd(r, 0.36, 0.5);
  placeSun(ctx, hy);
  sky(ctx, hy);
  farRanges(ctx, hy + H * 0.02, int(r, 1, 2), { amp: H * rnd(r, 0.12, 0.22), depth0: 0.04, depth1: 0.2 });
  const layers = int(r, 4, 6);
  const bases = [GREEN_DEEP, GREEN, '#2c5e3a', GREEN_DEEP, '#173d27', '#0f2f1e'];
  for (let i = 0; i < layers; i++) {
    const t = i / (layers - 1);
    const depth = lerp(0.25, 1, Math.pow(t, 0.9));
    const baseY = lerp(hy + H * 0.06, H * rnd(r, 0.82, 0.95), Math.pow(t, 1.2));
    const fn = waveFn(r, baseY, H * lerp(0.03, 0.09, t), 3, rnd(r, 0.6, 1.2));
    const w: [number, number] = [lerp(14, 70, t), lerp(30, 150, t)];
    const h: [number, number] = [lerp(5, 26, t), lerp(12, 60, t)];
    layer(ctx, canopy(r, fn, w, h, H + 10, 0.07), at(bases, i), depth, 0.9);
    if (i < layers - 1) mist(ctx, baseY + H * 0.05, H * rnd(r, 0.08, 0.16), rnd(r, 0.2, 0.5));
  }
  if (r() < 0.6) birds(ctx, int(r, 3, 7), W * rnd(r, 0.2, 0.8), hy * rnd(r, 0.4, 0.8), 60, 9);
  if (r() < 0.55) {
    // foreground fronds framing a corner
    const left = r() < 0.5;
    const x = left ? -20 : W + 20;
    const c = tone(ctx, '#0b2415', 1);
    let d = '';
    const n = int(r, 3, 5);
    for (let i = 0; i < n; i++) {
      const len = rnd(r, 260, 460);
      const ang = (left ? 0 : Math.PI) + (left ? -1 : 1) * rnd(r, -0.2, 0.9);
      const y = H * rnd(r, 0.05, 0.55);
      const ex = x + Math.cos(ang) * len;
      const ey = y + Math.sin(ang) * len * 0.5 + len * 0.3;
      d += frond(x, y, x + Math.cos(ang) * len * 0.5, y + Math.sin(ang) * len * 0.5 - len * 0.15, ex, ey, len);
    }
    add(ctx, `<path d="${d}" fill="${c}"/>`);
  }
}

function sceneMountain(ctx: Ctx): void {
  const { r } = ctx;
  const hy = H * rnd(r, 0.5, 0.64);
  placeSun(ctx, hy - H * 0.15);
  sky(ctx, hy);
  const ranges = int(r, 2, 3);
  for (let i = 0; i < ranges; i++) {
    const depth = lerp(0.12, 0.5, ranges === 1 ? 0 : i / (ranges - 1));
    const amp = H * rnd(r, 0.22, 0.36) * (1 - i * 0.2);
    mountains(ctx, { baseY: hy + i * H * 0.04, amp, depth, rough: rnd(r, 0.5, 0.6), rock: ROCK, snow: i < 2 && r() < 0.85 });
    mist(ctx, hy + i * H * 0.04 + H * 0.02, H * 0.08, rnd(r, 0.4, 0.75));
  }
  const hills = int(r, 1, 2);
  for (let i = 0; i < hills; i++) {
    const fn = waveFn(r, hy + H * (0.1 + i * 0.08), H * rnd(r, 0.03, 0.06), 3);
    layer(ctx, area(sample(fn)), i === 0 ? GREEN : GREEN_DEEP, 0.6 + i * 0.12);
    mist(ctx, hy + H * (0.14 + i * 0.08), H * 0.06, 0.35);
  }
  const ground = sample(waveFn(r, H * rnd(r, 0.86, 0.93), H * 0.04, 2), 30);
  pineForest(ctx, ground, '#163626', 0.95, H * rnd(r, 0.1, 0.18), 1.2);
  if (r() < 0.5) birds(ctx, int(r, 2, 5), W * rnd(r, 0.2, 0.8), hy * 0.35, 50, 8);
}

function sceneLake(ctx: Ctx): void {
  const { r } = ctx;
  const wy = H * rnd(r, 0.52, 0.62);
  placeSun(ctx, wy - H * 0.1);
  const start = ctx.out.length;
  sky(ctx, wy);
  if (r() < 0.75) {
    mountains(ctx, { baseY: wy - H * 0.03, amp: H * rnd(r, 0.2, 0.32), depth: 0.15, rough: rnd(r, 0.5, 0.6), rock: ROCK, snow: r() < 0.7 });
    mist(ctx, wy - H * 0.02, H * 0.06, 0.5);
  } else farRanges(ctx, wy - H * 0.05, 2, { amp: H * 0.16 });
  const shore = sample(waveFn(r, wy - H * 0.015, H * 0.012, 3), 30);
  if (r() < 0.6) pineForest(ctx, shore, GREEN_DEEP, 0.55, H * rnd(r, 0.05, 0.09));
  else layer(ctx, canopy(r, (x) => yAt(shore, x), [20, 50], [8, 22], H + 10, 0.05), GREEN_DEEP, 0.55, 0.5);
  reflect(ctx, start, wy, 0.3);
  if (ctx.tod !== 'day') glitter(ctx, wy, ctx.sun.x, 14, 40);
  ripples(ctx, wy, 45);
  if (ctx.tod === 'dawn' || r() < 0.3) mist(ctx, wy + 6, H * 0.05, 0.5, mix(ctx.pal.haze, '#ffffff', 0.25));
  // foreground shore on one side with pines, sometimes a canoe
  const left = r() < 0.5;
  const fx = left ? W * rnd(r, 0.22, 0.38) : W * rnd(r, 0.62, 0.78);
  const fy = H * rnd(r, 0.84, 0.93);
  const pts: Pt[] = left
    ? [[-40, fy - H * 0.08], [fx * 0.5, fy - H * 0.04], [fx, fy + H * 0.02], [fx + 80, H + 20]]
    : [[fx - 80, H + 20], [fx, fy + H * 0.02], [fx + (W - fx) * 0.5, fy - H * 0.04], [W + 40, fy - H * 0.08]];
  let d = area(pts, H + 20, true);
  const trees = int(r, 2, 5);
  for (let i = 0; i < trees; i++) {
    const tx = left ? rnd(r, -20, fx * 0.85) : rnd(r, fx + (W - fx) * 0.15, W + 20);
    const th = H * rnd(r, 0.28, 0.5);
    d += pine(r, tx, yAt([...pts].sort((a, b) => a[0] - b[0]), tx) + 6, th, th * rnd(r, 0.3, 0.38));
  }
  add(ctx, `<path d="${d}" fill="${tone(ctx, '#10251a', 1)}"/>`);
  if (r() < 0.5) boat(ctx, W * rnd(r, 0.35, 0.65), wy + (H - wy) * rnd(r, 0.3, 0.55), rnd(r, 50, 90), 'canoe');
}

function boat(ctx: Ctx, x: number, y: number, len: number, kind: 'canoe' | 'longtail' | 'junk'): void {
  const c = tone(ctx, '#2a1c14', 0.9);
  let d: string;
  if (kind === 'junk') {
    const h = len * 0.18;
    d = `M${f(x - len / 2)},${f(y - h)}Q${f(x - len * 0.3)},${f(y + h * 0.3)} ${f(x)},${f(y)}Q${f(x + len * 0.35)},${f(y + h * 0.2)} ${f(x + len / 2)},${f(y - h * 1.2)}L${f(x + len * 0.3)},${f(y - h * 0.6)}L${f(x - len * 0.35)},${f(y - h * 0.6)}Z`;
    const sails = [
      [-0.22, 1.5, 0.3],
      [0.05, 2.1, 0.36],
      [0.3, 1.5, 0.26],
    ] as const;
    let s = '';
    for (const [dx, hh, ww] of sails) {
      const sx = x + dx * len;
      const top = y - h - hh * len * 0.4;
      s += `M${f(sx)},${f(y - h * 0.8)}L${f(sx)},${f(top)}Q${f(sx + ww * len * 0.6)},${f(top - len * 0.04)} ${f(sx + ww * len)},${f(top + len * 0.05)}L${f(sx + ww * len * 0.85)},${f(y - h * 1.1)}Z`;
    }
    add(ctx, `<path d="${s}" fill="${tone(ctx, '#8a3a22', 0.8)}"/>`);
  } else if (kind === 'longtail') {
    const h = len * 0.1;
    d = `M${f(x - len / 2)},${f(y - h * 3)}Q${f(x - len * 0.42)},${f(y)} ${f(x - len * 0.2)},${f(y)}L${f(x + len * 0.45)},${f(y - h * 0.2)}L${f(x + len / 2)},${f(y - h * 1.2)}L${f(x - len * 0.35)},${f(y - h * 1.1)}Z`;
    d += `M${f(x + len * 0.05)},${f(y - h)}l0,${f(-len * 0.16)}a${f(len * 0.035)},${f(len * 0.035)} 0 1 1 ${f(len * 0.05)},0l0,${f(len * 0.16)}Z`;
  } else {
    const h = len * 0.08;
    d = `M${f(x - len / 2)},${f(y - h)}Q${f(x)},${f(y + h * 1.4)} ${f(x + len / 2)},${f(y - h)}Q${f(x)},${f(y + h * 0.2)} ${f(x - len / 2)},${f(y - h)}Z`;
    d += `M${f(x - len * 0.05)},${f(y - h * 0.2)}l${f(len * 0.02)},${f(-len * 0.18)}a${f(len * 0.03)},${f(len * 0.03)} 0 1 1 ${f(len * 0.04)},0l${f(len * 0.02)},${f(len * 0.18)}Z`;
  }
  add(ctx, `<path d="${d}" fill="${c}"/>`);
}

function karst(r: Rng, x: number, baseY: number, w: number, h: number): string {
  const lean = rnd(r, -0.15, 0.15) * w;
  const pts: Pt[] = [
    [x - w / 2, baseY + 4],
    [x - w / 2 - rnd(r, -0.04, 0.1) * w, baseY - h * rnd(r, 0.1, 0.25)],
    [x - w * rnd(r, 0.4, 0.56) + lean * 0.4, baseY - h * rnd(r, 0.4, 0.6)],
    [x - w * rnd(r, 0.3, 0.45) + lean * 0.8, baseY - h * rnd(r, 0.75, 0.9)],
  ];
  const bumps = int(r, 1, 3);
  for (let b = 0; b < bumps; b++) {
    const tx = x - w * 0.3 + (w * 0.6 * (b + 0.5)) / bumps + lean;
    if (b > 0) pts.push([tx - (w * 0.3) / bumps, baseY - h * rnd(r, 0.7, 0.85)]);
    pts.push([tx, baseY - h * rnd(r, 0.86, 1)]);
  }
  pts.push(
    [x + w * rnd(r, 0.3, 0.45) + lean * 0.8, baseY - h * rnd(r, 0.7, 0.88)],
    [x + w * rnd(r, 0.4, 0.56) + lean * 0.4, baseY - h * rnd(r, 0.4, 0.6)],
    [x + w / 2 + rnd(r, -0.04, 0.1) * w, baseY - h * rnd(r, 0.1, 0.25)],
    [x + w / 2, baseY + 4],
  );
  return `M${f(x - w / 2)},${f(baseY + 6)}L${f(x - w / 2)},${f(baseY + 4)}${smooth(pts)}L${f(x + w / 2)},${f(baseY + 6)}Z`;
}

function karstGroup(ctx: Ctx, baseY: number, depth: number, n: number, size: [number, number], xs?: [number, number]): void {
  const { r } = ctx;
  let d = '';
  for (let i = 0; i < n; i++) {
    const h = rnd(r, size[0], size[1]);
    const w = h * (r() < 0.25 ? rnd(r, 1.1, 1.8) : rnd(r, 0.4, 0.9));
    d += karst(r, W * rnd(r, xs?.[0] ?? -0.05, xs?.[1] ?? 1.05), baseY, w, h);
  }
  const top = tone(ctx, '#2f5a3a', depth);
  const bottom = tone(ctx, '#6b6a5e', depth);
  add(ctx, `<path d="${d}" fill="${lin(ctx, [[0, top], [0.55, mix(top, bottom, 0.5)], [1, mix(bottom, ctx.pal.haze, 0.2)]])}"/>`);
}

function sceneIsland(ctx: Ctx): void {
  const { r } = ctx;
  const wy = H * rnd(r, 0.56, 0.66);
  placeSun(ctx, wy);
  const start = ctx.out.length;
  sky(ctx, wy);
  if (r() < 0.5) farRanges(ctx, wy, 1, { amp: H * 0.08, depth0: 0.02 });
  karstGroup(ctx, wy, 0.12, int(r, 6, 12), [H * 0.05, H * 0.13]);
  mist(ctx, wy - 4, H * 0.05, 0.5);
  karstGroup(ctx, wy, 0.35, int(r, 3, 6), [H * 0.12, H * 0.24]);
  const side = r() < 0.5 ? [-0.08, 0.22] : [0.78, 1.08];
  karstGroup(ctx, wy, 0.7, int(r, 1, 2), [H * 0.3, H * 0.45], [side[0] ?? 0, side[1] ?? 1]);
  reflect(ctx, start, wy, 0.35);
  glitter(ctx, wy, ctx.sun.x, 18);
  ripples(ctx, wy, 55);
  if (r() < 0.7) boat(ctx, W * rnd(r, 0.3, 0.7), wy + (H - wy) * rnd(r, 0.2, 0.5), rnd(r, 80, 160), r() < 0.6 ? 'junk' : 'longtail');
  if (r() < 0.5) birds(ctx, int(r, 2, 6), W * rnd(r, 0.2, 0.8), wy * 0.35, 60, 9);
}

function sceneCoast(ctx: Ctx): void {
  const { r } = ctx;
  const hy = H * rnd(r, 0.46, 0.58);
  placeSun(ctx, hy);
  sky(ctx, hy);
  const p = ctx.pal;
  // sea
  const near = mix(p.water, '#0d5a6e', ctx.tod === 'day' ? 0.5 : 0.15);
  add(ctx, `<rect y="${f(hy)}" width="${W}" height="${f(H - hy)}" fill="${lin(ctx, [[0, mix(p.horizon, p.water, 0.45)], [0.25, mix(p.water, p.mid, 0.2)], [1, near]])}"/>`);
  glitter(ctx, hy, ctx.sun.x, 22, 70);
  ripples(ctx, hy, 60, mix(p.horizon, '#ffffff', 0.5));
  // distant islets
  const islets = int(r, 0, 3);
  for (let i = 0; i < islets; i++) {
    const x = W * rnd(r, 0.1, 0.9);
    const w = rnd(r, 60, 220);
    const h = rnd(r, 8, 30);
    add(ctx, `<path d="M${f(x - w / 2)},${f(hy + 1)}Q${f(x - w * 0.2)},${f(hy - h * 1.6)} ${f(x)},${f(hy - h)}Q${f(x + w * 0.25)},${f(hy - h * 1.4)} ${f(x + w / 2)},${f(hy + 1)}Z" fill="${tone(ctx, GREEN_DEEP, 0.05)}"/>`);
  }
  // headland
  const left = r() < 0.5;
  const reach = W * rnd(r, 0.25, 0.5);
  const top = hy - H * rnd(r, 0.1, 0.22);
  const edge = left ? reach : W - reach;
  const pts: Pt[] = [];
  for (let i = 0; i <= 12; i++) {
    const t = i / 12;
    const x = left ? lerp(-40, edge, t) : lerp(W + 40, edge, t);
    const y = lerp(top, hy - H * 0.02, Math.pow(t, 2.2)) + Math.sin(t * 9 + r()) * 6;
    pts.push([x, y]);
  }
  if (!left) pts.reverse();
  const range: [number, number] = left ? [-40, edge] : [edge, W + 40];
  const hd = canopy(r, (x) => yAt(pts, x), [18, 48], [6, 18], hy + 3, 0.04, range);
  const endX = left ? edge + rnd(r, 10, 40) : edge - rnd(r, 10, 40);
  const endY = yAt(pts, edge) - 4;
  add(ctx, `<path d="M${f(edge)},${f(endY)}L${f(endX)},${f(hy + 3)}L${f(left ? edge - 200 : edge + 200)},${f(hy + 3)}Z" fill="${tone(ctx, '#7a6652', 0.45)}"/>`);
  layer(ctx, hd, GREEN, 0.45, 0.8);
  // beach: shallow water, wet sand, lines of foam, dry sand
  const yl = H * rnd(r, 0.8, 0.97);
  const yr = H * rnd(r, 0.78, 0.97);
  const bow = H * rnd(r, 0.04, 0.14);
  const shore = (x: number): number => {
    const u = x / W;
    return lerp(yl, yr, u) - bow * 4 * u * (1 - u);
  };
  const sand = tone(ctx, '#ecd5a8', 0.95);
  const line = (off: number, amp: number, step = 40): Pt[] => {
    const ph = r() * 6;
    const fr = rnd(r, 0.01, 0.02);
    return sample((x) => shore(x) - off + amp * Math.sin(x * fr + ph) + amp * 0.5 * Math.sin(x * fr * 2.7 + ph * 2), step);
  };
  if (ctx.tod !== 'night') {
    const shallow = mix(p.water, '#5fd0c8', ctx.tod === 'day' ? 0.55 : 0.2);
    add(ctx, `<path d="${area(line(H * 0.09, 6))}" fill="${lin(ctx, [[0, shallow, 0], [1, shallow, 0.7]])}"/>`);
  }
  add(ctx, `<path d="${area(line(-4, 3))}" fill="${mix(sand, p.water, 0.4)}"/>`);
  let foam = '';
  for (let k = 0; k < 3; k++) {
    const pts = line(k * rnd(r, 16, 30) + 2, rnd(r, 3, 8), 30);
    foam += `<path d="M${f(at(pts, 0)[0])},${f(at(pts, 0)[1])}${smooth(pts)}" stroke-width="${f(3.2 - k)}" stroke-opacity="${f3(0.85 - k * 0.25)}"/>`;
  }
  add(ctx, `<g fill="none" stroke="#ffffff" stroke-linecap="round">${foam}</g>`);
  add(ctx, `<path d="${area(line(-14, 4))}" fill="${lin(ctx, [[0, sand], [1, mix(sand, p.shade, 0.25)]])}"/>`);
  if (r() < 0.75) {
    const n = int(r, 1, 3);
    const px = left ? W * rnd(r, 0.7, 0.95) : W * rnd(r, 0.05, 0.3);
    let d = '';
    for (let i = 0; i < n; i++) {
      const x = px + (i - n / 2) * rnd(r, 40, 110);
      d += palm(r, x, H + 10, H * rnd(r, 0.55, 0.85), (left ? 1 : -1) * rnd(r, 0.2, 0.9) * (r() < 0.2 ? -1 : 1));
    }
    add(ctx, `<path d="${d}" fill="${tone(ctx, '#14261a', 1)}"/>`);
  }
  if (r() < 0.6) birds(ctx, int(r, 2, 5), W * rnd(r, 0.2, 0.8), hy * 0.4, 70, 10);
}

function sceneRiceTerraces(ctx: Ctx): void {
  const { r } = ctx;
  const hy = H * rnd(r, 0.24, 0.36);
  placeSun(ctx, hy);
  sky(ctx, hy);
  farRanges(ctx, hy + H * 0.03, 2, { amp: H * 0.12, depth0: 0.04, depth1: 0.22 });
  const variant = ctx.tod !== 'day' && r() < 0.5 ? 'flooded' : ctx.tod !== 'dusk' && r() < 0.25 ? 'harvest' : 'green';
  const slopes = int(r, 2, 3);
  for (let i = 0; i < slopes; i++) {
    const t = slopes === 1 ? 1 : i / (slopes - 1);
    const depth = lerp(0.45, 1, t);
    const baseY = lerp(hy + H * 0.12, H * rnd(r, 0.55, 0.68), t);
    const tilt = rnd(r, -0.22, 0.22) * t;
    const wave = waveFn(r, baseY, H * lerp(0.04, 0.1, t), 3, rnd(r, 0.6, 1.1));
    const ridge = sample((x) => wave(x) + tilt * (x - W / 2), 20);
    terraceSlope(ctx, ridge, depth, variant);
    if (i < slopes - 1) mist(ctx, lerp(baseY, H, 0.35), H * 0.14, rnd(r, 0.25, 0.5));
  }
}

/** A hillside cut into terraces: non-crossing contour strips bending around spurs and gullies. */

function sceneRiver(ctx: Ctx): void {
  const { r } = ctx;
  const hy = H * rnd(r, 0.38, 0.48);
  placeSun(ctx, hy);
  sky(ctx, hy);
  const p = ctx.pal;
  farRanges(ctx, hy, 2, { amp: H * 0.16, depth0: 0.05, depth1: 0.25 });
  layer(ctx, `M-40,${f(hy + H * 0.03)}L${W + 40},${f(hy + H * 0.03)}L${W + 40},${f(H + 10)}L-40,${f(H + 10)}Z`, GREEN_DEEP, 0.4, 0.4);
  // river: a winding ribbon from the horizon toward the viewer
  const vx = W * rnd(r, 0.35, 0.65);
  const bx = W * rnd(r, 0.3, 0.7);
  const wig = rnd(r, 120, 260) * (r() < 0.5 ? -1 : 1);
  const top = hy + H * 0.035;
  const yOf = (t: number): number => lerp(top, H + 30, Math.pow(t, 1.6));
  const cOf = (t: number): number => lerp(vx, bx, t) + wig * Math.sin(t * Math.PI * 2.2) * (0.25 + t);
  const wOf = (t: number): number => lerp(6, W * 0.8, Math.pow(t, 1.35));
  const left: Pt[] = [];
  const right: Pt[] = [];
  for (let i = 0; i <= 20; i++) {
    const t = i / 20;
    left.push([cOf(t) - wOf(t) / 2, yOf(t)]);
    right.push([cOf(t) + wOf(t) / 2, yOf(t)]);
  }
  const rev = [...right].reverse();
  const rd = `M${f(at(left, 0)[0])},${f(at(left, 0)[1])}${smooth(left)}L${f(at(rev, 0)[0])},${f(at(rev, 0)[1])}${smooth(rev)}Z`;
  add(ctx, `<path d="${rd}" fill="${lin(ctx, [[0, mix(p.horizon, '#ffffff', 0.2)], [0.35, mix(p.horizon, p.mid, 0.5)], [1, mix(p.mid, p.water, 0.6)]])}"/>`);
  let rip = '';
  for (let i = 0; i < 30; i++) {
    const t = Math.pow(r(), 0.7);
    const len = wOf(t) * rnd(r, 0.05, 0.25);
    rip += `M${f(cOf(t) + gauss(r) * wOf(t) * 0.3 - len / 2)},${f(yOf(t))}h${f(len)}v${f(1 + t * 2)}h${f(-len)}Z`;
  }
  add(ctx, `<path d="${rip}" fill="#ffffff" fill-opacity="0.18"/>`);
  if (r() < 0.75) {
    const t = rnd(r, 0.45, 0.7);
    boat(ctx, cOf(t) + gauss(r) * wOf(t) * 0.15, yOf(t), lerp(40, 220, Math.pow(t, 1.6)), 'longtail');
  }
  // forested spurs stepping in from alternate sides, nearer ones bigger
  const spurs = int(r, 3, 5);
  let side = r() < 0.5 ? -1 : 1;
  for (let k = 0; k < spurs; k++) {
    const t = lerp(0.12, 0.95, k / (spurs - 1));
    const depth = lerp(0.5, 1, k / (spurs - 1));
    const bankY = yOf(t);
    const lift = H * lerp(0.05, 0.3, k / (spurs - 1)) * rnd(r, 0.7, 1.2);
    const sides = k === spurs - 1 ? [-1, 1] : [side];
    for (const s of sides) {
      const edge = cOf(t) + (s * wOf(t)) / 2 + s * rnd(r, -0.1, 0.05) * wOf(t);
      const outer = s < 0 ? -60 : W + 60;
      const base = (x: number): number => {
        const u = clamp((x - outer) / (edge - outer), 0, 1);
        return lerp(bankY - lift, bankY + 10, Math.pow(u, 2.2));
      };
      const range: [number, number] = s < 0 ? [-60, edge] : [edge, W + 60];
      const sz = lerp(0.4, 1.6, k / (spurs - 1));
      const e = canopyEdge(r, base, [30 * sz, 80 * sz], [12 * sz, 30 * sz], 0.06, range);
      const bank: Pt[] = [];
      for (let i = 0; i <= 8; i++) {
        const tt = lerp(t, 1, i / 8);
        bank.push([cOf(tt) + (s * wOf(tt)) / 2 + s * 6, yOf(tt) + 4]);
      }
      const d =
        s < 0
          ? `M-60,${f(H + 40)}${e.d}${lines(bank)}Z`
          : `M${f(at(bank, 8)[0])},${f(at(bank, 8)[1])}${lines([...bank].reverse())}${e.d}L${W + 80},${f(H + 40)}Z`;
      layer(ctx, d, k % 2 ? GREEN_DEEP : GREEN, depth, 0.6);
    }
    if (k < spurs - 1) mist(ctx, bankY, H * 0.05, 0.3);
    side = -side;
  }
  if (r() < 0.5) birds(ctx, int(r, 2, 6), W * rnd(r, 0.2, 0.8), hy * 0.5, 60, 9);
}

function sceneSavanna(ctx: Ctx): void {
  const { r } = ctx;
  const hy = H * rnd(r, 0.58, 0.7);
  placeSun(ctx, hy);
  sky(ctx, hy);
  farRanges(ctx, hy, int(r, 1, 2), { amp: H * 0.07, depth0: 0.05, depth1: 0.2, smoothRidge: true });
  const grass = ctx.tod === 'day' && r() < 0.5 ? ['#7d9a48', '#6a8a3c', '#58773a'] : ['#c8a65a', '#b08f48', '#8f733a'];
  const layers = 3;
  const treesAt = int(r, 0, layers - 1);
  for (let i = 0; i < layers; i++) {
    const t = i / (layers - 1);
    const y = lerp(hy + H * 0.02, H * rnd(r, 0.8, 0.9), t);
    const fn = waveFn(r, y, H * lerp(0.005, 0.025, t), 2);
    layer(ctx, area(sample(fn)), at(grass, i), lerp(0.4, 1, t), 0.5);
    if (i === treesAt || (i < layers - 1 && r() < 0.4)) {
      let d = '';
      const n = int(r, 1, 4);
      for (let k = 0; k < n; k++) {
        const x = W * rnd(r, 0.05, 0.95);
        d += acacia(r, x, fn(x) + 4, H * lerp(0.08, 0.3, t) * rnd(r, 0.7, 1.2));
      }
      add(ctx, `<path d="${d}" fill="${tone(ctx, '#2a2a18', lerp(0.45, 1, t))}"/>`);
    }
    if (i === 0) mist(ctx, y + H * 0.02, H * 0.04, 0.35);
  }
  // grass tufts in the foreground
  let d = '';
  for (let i = 0; i < 140; i++) {
    const x = r() * W;
    const y = H - Math.pow(r(), 2) * H * 0.12;
    const hh = rnd(r, 12, 40);
    const lean = rnd(r, -12, 12);
    d += `M${f(x - 2)},${f(y)}Q${f(x + lean * 0.3)},${f(y - hh * 0.6)} ${f(x + lean)},${f(y - hh)}Q${f(x + lean * 0.2 + 1)},${f(y - hh * 0.5)} ${f(x + 2)},${f(y)}Z`;
  }
  add(ctx, `<path d="${d}" fill="${tone(ctx, mix(at(grass, 2), '#3a2a10', 0.3), 1)}"/>`);
  if (r() < 0.7) birds(ctx, int(r, 3, 8), W * rnd(r, 0.2, 0.8), hy * rnd(r, 0.3, 0.6), 80, 9);
}

function sceneDesert(ctx: Ctx): void {
  const { r } = ctx;
  const hy = H * rnd(r, 0.45, 0.58);
  placeSun(ctx, hy);
  sky(ctx, hy, { clouds: r() < 0.5 });
  const sandBase = pick(r, ['#dba46a', '#e2b27a', '#d38f58', '#e8c79a', '#c98a56']);
  if (r() < 0.45) farRanges(ctx, hy, 1, { amp: H * 0.1, base: '#7a6a5a', depth0: 0.05 });
  const layers = int(r, 3, 5);
  const caravanAt = r() < 0.5 ? int(r, 0, layers - 2) : -1;
  for (let i = 0; i < layers; i++) {
    const t = i / (layers - 1);
    const depth = lerp(0.2, 1, t);
    const baseY = lerp(hy + 6, H * rnd(r, 0.8, 0.92), Math.pow(t, 1.1));
    const profile = dunes(ctx, baseY, H * lerp(0.04, 0.2, t), depth, sandBase, i === layers - 1);
    if (i === caravanAt) caravan(ctx, profile, depth);
  }
}

function dunes(ctx: Ctx, baseY: number, amp: number, depth: number, sand: string, near: boolean): Pt[] {
  const { r } = ctx;
  // 1 - |sin| gives sharp crests and rounded troughs; a phase warp makes them asymmetric.
  const k = (Math.PI * rnd(r, 1.2, 2.6)) / W;
  const ph = r() * Math.PI;
  const warp = rnd(r, 0.35, 0.6) * (ctx.lightLeft ? -1 : 1);
  const slowK = (Math.PI * 2 * rnd(r, 0.3, 0.8)) / W;
  const slowP = r() * 6;
  const height = (x: number): number => {
    const u = k * x + ph;
    const v = 1 - Math.abs(Math.sin(u + warp * Math.sin(u)));
    return amp * (0.75 * Math.pow(v, 1.3) + 0.25 * (0.5 + 0.5 * Math.sin(slowK * x + slowP)));
  };
  const pts: Pt[] = [];
  for (let x = -40; x <= W + 40; x += 8) pts.push([x, baseY - height(x)]);
  const lit = tone(ctx, mix(sand, ctx.pal.light, 0.3), depth);
  add(ctx, `<path d="${area(pts, H + 10, false)}" fill="${lin(ctx, [[0, lit], [1, mix(lit, ctx.pal.haze, (1 - depth) * 0.4 + 0.05)]])}"/>`);
  // slip faces: from each crest down to the next trough on the side away from the light
  const dir = ctx.lightLeft ? 1 : -1;
  let shadow = '';
  for (let i = 1; i < pts.length - 1; i++) {
    const p = at(pts, i);
    if (!(p[1] <= at(pts, i - 1)[1] && p[1] < at(pts, i + 1)[1])) continue;
    const run: Pt[] = [p];
    let j = i + dir;
    while (j > 0 && j < pts.length - 1) {
      const q = at(pts, j);
      run.push(q);
      if (q[1] >= at(pts, j + dir)[1]) break;
      j += dir;
    }
    const v = at(run, run.length - 1);
    if (Math.abs(v[0] - p[0]) < 16) continue;
    const drop = Math.max(20, v[1] - p[1]);
    const footX = v[0] + dir * drop * rnd(r, 0.1, 0.5);
    const footY = v[1] + drop * rnd(r, 0.8, 1.6);
    const midX = p[0] + (footX - p[0]) * 0.25;
    shadow += `M${f(p[0])},${f(p[1])}${lines(run.slice(1))}Q${f(v[0] + dir * drop * 0.05)},${f(v[1] + drop * 0.5)} ${f(footX)},${f(footY)}Q${f(midX)},${f(lerp(p[1], footY, 0.55))} ${f(p[0])},${f(p[1])}Z`;
  }
  if (shadow) add(ctx, `<path d="${shadow}" fill="${tone(ctx, mix(sand, ctx.pal.shade, 0.5), depth)}" fill-opacity="0.7"/>`);
  if (near) {
    let d = '';
    for (let i = 0; i < 18; i++) {
      const y = lerp(baseY + 10, H, i / 18) + gauss(r) * 10;
      const x = rnd(r, -100, W);
      const len = rnd(r, 120, 420);
      const a = rnd(r, 3, 8);
      d += `M${f(x)},${f(y)}c${f(len * 0.3)},${f(-a)} ${f(len * 0.6)},${f(a)} ${f(len)},0`;
    }
    add(ctx, `<path d="${d}" fill="none" stroke="${tone(ctx, mix(sand, ctx.pal.shade, 0.35), 1)}" stroke-opacity="0.25" stroke-width="2" stroke-linecap="round"/>`);
  }
  return pts;
}

function caravan(ctx: Ctx, profile: readonly Pt[], depth: number): void {
  const { r } = ctx;
  const n = int(r, 2, 5);
  const s = lerp(14, 44, depth);
  let x = W * rnd(r, 0.15, 0.65);
  let d = '';
  for (let i = 0; i < n; i++) {
    const y = yAt(profile, x + s * 0.3) + s * 0.05;
    d += `M${f(x)},${f(y)}l${f(s * 0.08)},${f(-s * 0.55)}q${f(s * 0.05)},${f(-s * 0.35)} ${f(s * 0.3)},${f(-s * 0.4)}q${f(s * 0.15)},${f(-s * 0.3)} ${f(s * 0.3)},0q${f(s * 0.1)},${f(-s * 0.02)} ${f(s * 0.14)},${f(-s * 0.3)}l${f(s * 0.14)},${f(-s * 0.05)}l${f(s * 0.02)},${f(s * 0.1)}l${f(-s * 0.07)},${f(s * 0.06)}q${f(-s * 0.02)},${f(s * 0.3)} ${f(-s * 0.12)},${f(s * 0.55)}l${f(-s * 0.02)},${f(s * 0.55)}l${f(-s * 0.07)},0l${f(-s * 0.03)},${f(-s * 0.45)}l${f(-s * 0.4)},0l${f(-s * 0.04)},${f(s * 0.45)}Z`;
    x += s * rnd(r, 1.05, 1.3);
  }
  add(ctx, `<path d="${d}" fill="${tone(ctx, '#3a2616', Math.min(1, depth + 0.3))}"/>`);
}

function sceneReef(ctx: Ctx): void {
  const { r, tod } = ctx;
  ctx.sun = { x: W * rnd(r, 0.2, 0.8), y: -200, rad: 0 };
  ctx.lightLeft = ctx.sun.x < W / 2;
  const surface = tod === 'golden' ? '#9fdcc8' : tod === 'dawn' ? '#9ccbe0' : '#7fe0e0';
  const mid = tod === 'golden' ? '#2a8a9a' : tod === 'dawn' ? '#2f6f9e' : '#1c8db0';
  const deep = tod === 'golden' ? '#0c3d55' : tod === 'dawn' ? '#102c58' : '#0a3a66';
  ctx.pal = { ...ctx.pal, haze: mix(mid, deep, 0.3), shade: '#06203a', darkness: 0.25, light: mix(surface, '#ffffff', 0.4) };
  add(ctx, `<rect width="${W}" height="${H}" fill="${lin(ctx, [[0, surface], [0.3, mid], [1, deep]])}"/>`);
  // surface shimmer
  let sh = '';
  for (let i = 0; i < 40; i++) {
    const y = Math.pow(r(), 1.8) * H * 0.16;
    const x = r() * W;
    const len = rnd(r, 30, 160) * (1 - y / (H * 0.2));
    sh += `M${f(x)},${f(y)}q${f(len / 2)},${f(rnd(r, -8, 8))} ${f(len)},0q${f(-len / 2)},${f(rnd(r, 2, 6))} ${f(-len)},0Z`;
  }
  add(ctx, `<path d="${sh}" fill="#ffffff" fill-opacity="0.35"/>`);
  // light rays fanning down from the surface
  const rays = int(r, 6, 11);
  const src = ctx.sun.x;
  for (let i = 0; i < rays; i++) {
    const x0 = src + rnd(r, -W * 0.5, W * 0.5);
    const w0 = rnd(r, 20, 90);
    const spread = (x0 - src) * rnd(r, 0.6, 1.2);
    const len = H * rnd(r, 0.6, 1.05);
    add(ctx, `<path d="M${f(x0)},-10L${f(x0 + w0)},-10L${f(x0 + w0 + spread + w0 * 1.8)},${f(len)}L${f(x0 + spread)},${f(len)}Z" fill="${lin(ctx, [[0, '#ffffff', rnd(r, 0.12, 0.28)], [1, '#ffffff', 0]])}"/>`);
  }
  // far reef silhouettes
  for (let i = 0; i < 2; i++) {
    const y = H * (0.66 + i * 0.08);
    const prof = mdProfile(r, 32, 0.6);
    const pts: Pt[] = prof.map((h, k) => [-40 + ((W + 80) * k) / 32, y - H * 0.08 * h]);
    layer(ctx, area(pts, H + 10, true), '#2a5a6a', 0.15 + i * 0.2, 0.3);
  }
  fishSchool(ctx, W * rnd(r, 0.25, 0.75), H * rnd(r, 0.3, 0.5), int(r, 18, 40));
  // corals: mid then near
  const colors = ['#ff7a5c', '#ff9ab0', '#b06ad8', '#ffc24a', '#e85a7a', '#4ad0b0', '#ff8f3a'];
  for (let pass = 0; pass < 2; pass++) {
    const depth = pass === 0 ? 0.45 : 0.95;
    const baseY = pass === 0 ? H * rnd(r, 0.78, 0.84) : H * rnd(r, 0.92, 0.98);
    // rock bed
    const bed = sample(waveFn(r, baseY, H * 0.03, 3), 40);
    layer(ctx, area(bed), pass === 0 ? '#3a5a5a' : '#2a3a3a', depth, 0.3);
    const n = pass === 0 ? int(r, 6, 9) : int(r, 4, 7);
    for (let i = 0; i < n; i++) {
      const x = W * rnd(r, -0.02, 1.02);
      const y = yAt(bed, x) + 6;
      const s = H * (pass === 0 ? rnd(r, 0.09, 0.18) : rnd(r, 0.2, 0.36));
      const c = tone(ctx, pick(r, colors), depth);
      const kind = r();
      if (kind < 0.35) branchCoral(ctx, x, y, s, c);
      else if (kind < 0.55) fanCoral(ctx, x, y, s, c);
      else if (kind < 0.8) moundCoral(ctx, x, y, s, c);
      else seaGrass(ctx, x, y, s, tone(ctx, '#5ab86a', depth));
    }
  }
  // bubbles
  let b = '';
  for (let i = 0; i < 14; i++) {
    const x = W * rnd(r, 0.1, 0.9);
    const y = H * rnd(r, 0.1, 0.8);
    const rad = rnd(r, 2, 7);
    b += circlePath(x, y, rad);
  }
  add(ctx, `<path d="${b}" fill="#ffffff" fill-opacity="0.12" stroke="#ffffff" stroke-opacity="0.5" stroke-width="1.2"/>`);
}

function fishSchool(ctx: Ctx, cx: number, cy: number, n: number): void {
  const { r } = ctx;
  const dir = r() < 0.5 ? 1 : -1;
  let d = '';
  for (let i = 0; i < n; i++) {
    const x = cx + gauss(r) * 220;
    const y = cy + gauss(r) * 90;
    const s = rnd(r, 8, 16);
    d += `M${f(x + dir * s)},${f(y)}Q${f(x)},${f(y - s * 0.45)} ${f(x - dir * s * 0.8)},${f(y)}L${f(x - dir * s * 1.25)},${f(y - s * 0.35)}L${f(x - dir * s * 1.15)},${f(y)}L${f(x - dir * s * 1.25)},${f(y + s * 0.35)}L${f(x - dir * s * 0.8)},${f(y)}Q${f(x)},${f(y + s * 0.45)} ${f(x + dir * s)},${f(y)}Z`;
  }
  add(ctx, `<path d="${d}" fill="${tone(ctx, '#c8e4f0', 0.5)}" fill-opacity="0.85"/>`);
}

function branchCoral(ctx: Ctx, x: number, y: number, s: number, color: string): void {
  const { r } = ctx;
  const levels: string[] = ['', '', '', '', ''];
  const grow = (px: number, py: number, ang: number, len: number, lvl: number): void => {
    const ex = px + Math.cos(ang) * len;
    const ey = py + Math.sin(ang) * len;
    levels[lvl] += `M${f(px)},${f(py)}Q${f(px + Math.cos(ang + 0.3) * len * 0.5)},${f(py + Math.sin(ang + 0.3) * len * 0.5)} ${f(ex)},${f(ey)}`;
    if (lvl >= 4) return;
    const kids = int(r, 2, 3);
    for (let k = 0; k < kids; k++) grow(ex, ey, ang + rnd(r, -0.6, 0.6), len * rnd(r, 0.6, 0.8), lvl + 1);
  };
  const trunks = int(r, 2, 3);
  for (let t = 0; t < trunks; t++) grow(x + rnd(r, -s * 0.2, s * 0.2), y, -Math.PI / 2 + rnd(r, -0.5, 0.5), s * 0.32, 0);
  levels.forEach((d, i) => {
    if (d) add(ctx, `<path d="${d}" fill="none" stroke="${color}" stroke-width="${f((s * 0.07) / (1 + i * 0.45))}" stroke-linecap="round"/>`);
  });
}

function fanCoral(ctx: Ctx, x: number, y: number, s: number, color: string): void {
  const { r } = ctx;
  const n = int(r, 12, 20);
  let d = '';
  const tilt = rnd(r, -0.3, 0.3);
  for (let i = 0; i < n; i++) {
    const a = -Math.PI / 2 + tilt + ((i / (n - 1)) * 2 - 1) * 0.9;
    const len = s * rnd(r, 0.8, 1);
    d += `M${f(x)},${f(y)}Q${f(x + Math.cos(a) * len * 0.4)},${f(y + Math.sin(a) * len * 0.6)} ${f(x + Math.cos(a) * len)},${f(y + Math.sin(a) * len)}`;
  }
  for (let k = 1; k <= 3; k++) {
    const rad = (s * k) / 3.6;
    const a0 = -Math.PI / 2 + tilt - 0.9;
    const a1 = -Math.PI / 2 + tilt + 0.9;
    d += `M${f(x + Math.cos(a0) * rad)},${f(y + Math.sin(a0) * rad)}A${f(rad)},${f(rad)} 0 0 1 ${f(x + Math.cos(a1) * rad)},${f(y + Math.sin(a1) * rad)}`;
  }
  add(ctx, `<path d="${d}" fill="none" stroke="${color}" stroke-width="${f(Math.max(1.2, s * 0.012))}" stroke-linecap="round"/>`);
  add(ctx, `<path d="M${f(x)},${f(y)}L${f(x + Math.cos(-Math.PI / 2 + tilt - 0.9) * s * 0.95)},${f(y + Math.sin(-Math.PI / 2 + tilt - 0.9) * s * 0.95)}A${f(s * 0.95)},${f(s * 0.95)} 0 0 1 ${f(x + Math.cos(-Math.PI / 2 + tilt + 0.9) * s * 0.95)},${f(y + Math.sin(-Math.PI / 2 + tilt + 0.9) * s * 0.95)}Z" fill="${color}" fill-opacity="0.22"/>`);
}

function moundCoral(ctx: Ctx, x: number, y: number, s: number, color: string): void {
  const { r } = ctx;
  const w = s * rnd(r, 0.9, 1.4);
  const h = s * rnd(r, 0.45, 0.7);
  add(ctx, `<path d="M${f(x - w / 2)},${f(y)}C${f(x - w / 2)},${f(y - h * 1.2)} ${f(x + w / 2)},${f(y - h * 1.2)} ${f(x + w / 2)},${f(y)}Z" fill="${lin(ctx, [[0, mix(color, '#ffffff', 0.2)], [1, mix(color, ctx.pal.shade, 0.45)]])}"/>`);
  let d = '';
  for (let k = 1; k <= 4; k++) {
    const t = k / 5;
    d += `M${f(x - (w / 2) * (1 - t * 0.9))},${f(y - 1)}C${f(x - (w / 2) * (1 - t))},${f(y - h * 1.15 * (1 - t * 0.7))} ${f(x + (w / 2) * (1 - t))},${f(y - h * 1.15 * (1 - t * 0.7))} ${f(x + (w / 2) * (1 - t * 0.9))},${f(y - 1)}`;
  }
  add(ctx, `<path d="${d}" fill="none" stroke="${mix(color, ctx.pal.shade, 0.35)}" stroke-width="${f(Math.max(1, s * 0.015))}" stroke-opacity="0.6"/>`);
}

function seaGrass(ctx: Ctx, x: number, y: number, s: number, color: string): void {
  const { r } = ctx;
  let d = '';
  const n = int(r, 6, 12);
  for (let i = 0; i < n; i++) {
    const bx = x + gauss(r) * s * 0.25;
    const h = s * rnd(r, 0.7, 1.4);
    const sway = rnd(r, -0.4, 0.4) * h;
    d += `M${f(bx)},${f(y)}C${f(bx + sway * 0.2)},${f(y - h * 0.4)} ${f(bx - sway * 0.5)},${f(y - h * 0.7)} ${f(bx + sway)},${f(y - h)}`;
  }
  add(ctx, `<path d="${d}" fill="none" stroke="${color}" stroke-width="${f(Math.max(2, s * 0.03))}" stroke-linecap="round"/>`);
}

/** A building silhouette and the rectangle (x0, y0, x1) where its windows may go. */
function building(r: Rng, x: number, baseY: number, w: number, h: number): { d: string; body: [number, number, number] } {
  const top = baseY - h;
  const style = r();
  if (style < 0.2) {
    // stepped tower with spire
    let d = '';
    const tiers = int(r, 3, 6);
    for (let i = 0; i < tiers; i++) {
      const tw = w * (1 - (i / tiers) * 0.6);
      const y0 = baseY - (h * i) / tiers;
      const y1 = baseY - (h * (i + 1)) / tiers;
      d += `M${f(x - tw / 2)},${f(y0 + 1)}L${f(x - tw * 0.44)},${f(y1)}L${f(x + tw * 0.44)},${f(y1)}L${f(x + tw / 2)},${f(y0 + 1)}Z`;
    }
    return { d: `${d}M${f(x - 2)},${f(top + 1)}L${f(x)},${f(top - h * 0.15)}L${f(x + 2)},${f(top + 1)}Z`, body: [x - w * 0.38, baseY - h * 0.45, x + w * 0.38] };
  }
  if (style < 0.35) {
    // rounded top
    return { d: `M${f(x - w / 2)},${f(baseY)}L${f(x - w / 2)},${f(top + w * 0.4)}Q${f(x - w / 2)},${f(top)} ${f(x)},${f(top)}Q${f(x + w / 2)},${f(top)} ${f(x + w / 2)},${f(top + w * 0.4)}L${f(x + w / 2)},${f(baseY)}Z`, body: [x - w * 0.4, top + w * 0.45, x + w * 0.4] };
  }
  if (style < 0.5) {
    // slanted roof
    const dir = r() < 0.5 ? 1 : -1;
    return { d: `M${f(x - w / 2)},${f(baseY)}L${f(x - w / 2)},${f(top + (dir > 0 ? w * 0.5 : 0))}L${f(x + w / 2)},${f(top + (dir > 0 ? 0 : w * 0.5))}L${f(x + w / 2)},${f(baseY)}Z`, body: [x - w * 0.4, top + w * 0.55, x + w * 0.4] };
  }
  let d = `M${f(x - w / 2)},${f(baseY)}L${f(x - w / 2)},${f(top)}L${f(x + w / 2)},${f(top)}L${f(x + w / 2)},${f(baseY)}Z`;
  if (r() < 0.35) d += `M${f(x - w * 0.3)},${f(top + 1)}L${f(x - w * 0.3)},${f(top - h * 0.08)}L${f(x + w * 0.3)},${f(top - h * 0.08)}L${f(x + w * 0.3)},${f(top + 1)}Z`;
  if (r() < 0.25) d += `M${f(x - 1.2)},${f(top)}L${f(x - 1.2)},${f(top - h * 0.2)}L${f(x + 1.2)},${f(top - h * 0.2)}L${f(x + 1.2)},${f(top)}Z`;
  return { d, body: [x - w * 0.4, top + 4, x + w * 0.4] };
}

function sceneCityPark(ctx: Ctx): void {
  const { r, tod } = ctx;
  const hy = H * rnd(r, 0.55, 0.64);
  placeSun(ctx, hy - H * 0.1);
  const water = r() < 0.5;
  const wy = hy + H * 0.005;
  const start = ctx.out.length;
  sky(ctx, hy);
  const lit = tod === 'dusk' || tod === 'night';
  for (let pass = 0; pass < 2; pass++) {
    const depth = pass === 0 ? 0.22 : 0.55;
    let d = '';
    let x = -30;
    const bodies: [number, number, number][] = [];
    while (x < W + 40) {
      const w = rnd(r, 26, 80) * (pass === 0 ? 0.8 : 1);
      const center = 1 - Math.abs(x / W - 0.5) * 1.2;
      const h = H * rnd(r, 0.05, 0.22) * (pass === 0 ? 1.1 : 1) * (0.6 + center * 0.6) * (r() < 0.08 ? 1.7 : 1);
      const b = building(r, x + w / 2, hy + 2, w, h);
      d += b.d;
      bodies.push(b.body);
      x += w * rnd(r, pass === 0 ? 0.5 : 0.8, 1.3);
    }
    const c = tone(ctx, pass === 0 ? '#6a7a8c' : '#4a5666', depth);
    add(ctx, `<path d="${d}" fill="${lin(ctx, [[0, mix(c, ctx.pal.light, tod === 'golden' ? 0.25 : 0.06)], [1, mix(c, ctx.pal.haze, 0.3)]])}"/>`);
    if (lit || tod === 'golden') {
      const ww = pass === 0 ? 6 : 9;
      const wc = lit ? '#ffd98a' : mix(ctx.pal.glow, '#ffffff', 0.3);
      const on = ['', ''];
      for (const [x0, y0, x1] of bodies) {
        for (let wy = y0 + ww; wy < hy - ww; wy += ww * 1.5) {
          for (let wx = x0 + ww * 0.5; wx < x1 - ww * 0.8; wx += ww) {
            const v = r();
            if (v < (lit ? 0.45 : 0.7)) continue;
            on[v < 0.85 ? 0 : 1] += `M${f(wx)},${f(wy)}h${f(ww * 0.45)}v${f(ww * 0.55)}h${f(-ww * 0.45)}Z`;
          }
        }
      }
      const alpha = lit ? (pass === 0 ? 0.4 : 0.7) : 0.2;
      add(ctx, `<path d="${on[0]}" fill="${wc}" fill-opacity="${f3(alpha * 0.6)}"/><path d="${on[1]}" fill="${wc}" fill-opacity="${f3(alpha)}"/>`);
    }
    if (pass === 0) mist(ctx, hy - H * 0.02, H * 0.08, 0.45);
  }
  if (water) {
    reflect(ctx, start, wy, 0.35);
    if (lit) glitter(ctx, wy, W * rnd(r, 0.3, 0.7), 60, 40);
    ripples(ctx, wy, 40);
  } else {
    layer(ctx, `M-40,${f(hy)}L${W + 40},${f(hy)}L${W + 40},${f(H + 10)}L-40,${f(H + 10)}Z`, '#4a7a3a', 0.6, 0.5);
  }
  // park: tree line, lawn and scattered trees
  const lawnY = H * rnd(r, 0.84, 0.92);
  const treeLine = canopy(r, waveFn(r, water ? H * rnd(r, 0.84, 0.9) : hy + H * 0.1, H * 0.02, 2), [40, 110], [18, 50], H + 10, 0.1);
  layer(ctx, treeLine, '#24502e', 0.8, 0.4);
  add(ctx, `<path d="${area(sample(waveFn(r, lawnY, H * 0.015, 2)))}" fill="${lin(ctx, [[0, tone(ctx, '#6aa04a', 0.95)], [1, tone(ctx, '#3f7a34', 1)]])}"/>`);
  let trees = '';
  const n = int(r, 2, 4);
  for (let i = 0; i < n; i++) {
    const x = W * rnd(r, -0.05, 1.05);
    trees += roundTree(r, x, lawnY + rnd(r, 10, 60), H * rnd(r, 0.3, 0.55));
  }
  add(ctx, `<path d="${trees}" fill="${tone(ctx, '#173a22', 1)}"/>`);
  if (r() < 0.5) birds(ctx, int(r, 2, 5), W * rnd(r, 0.2, 0.8), hy * 0.35, 60, 9);
}

function stupa(r: Rng, x: number, baseY: number, s: number): string {
  const w = s * 0.9;
  const step = s * 0.08;
  let d = '';
  for (let i = 0; i < 3; i++) {
    const sw = w * (1 - i * 0.12);
    d += `M${f(x - sw / 2)},${f(baseY - i * step + 1)}L${f(x - sw / 2)},${f(baseY - (i + 1) * step)}L${f(x + sw / 2)},${f(baseY - (i + 1) * step)}L${f(x + sw / 2)},${f(baseY - i * step + 1)}Z`;
  }
  const by = baseY - 3 * step;
  const bw = w * 0.62;
  const bh = s * rnd(r, 0.32, 0.42);
  const top = by - bh;
  const spire = s * rnd(r, 0.35, 0.55);
  d += `M${f(x - bw / 2)},${f(by + 1)}C${f(x - bw / 2)},${f(by - bh * 0.6)} ${f(x - bw * 0.18)},${f(top + bh * 0.1)} ${f(x - bw * 0.1)},${f(top)}L${f(x - 1)},${f(top - spire)}L${f(x + 1)},${f(top - spire)}L${f(x + bw * 0.1)},${f(top)}C${f(x + bw * 0.18)},${f(top + bh * 0.1)} ${f(x + bw / 2)},${f(by - bh * 0.6)} ${f(x + bw / 2)},${f(by + 1)}Z`;
  return d;
}

function pagoda(r: Rng, x: number, baseY: number, s: number): string {
  const tiers = int(r, 3, 6);
  let d = '';
  let y = baseY;
  const w0 = s * 0.7;
  const th = (s * 0.85) / tiers;
  for (let i = 0; i < tiers; i++) {
    const w = w0 * (1 - (i / tiers) * 0.55);
    const bodyW = w * 0.62;
    const bodyH = th * 0.45;
    d += `M${f(x - bodyW / 2)},${f(y + 1)}L${f(x - bodyW / 2)},${f(y - bodyH)}L${f(x + bodyW / 2)},${f(y - bodyH)}L${f(x + bodyW / 2)},${f(y + 1)}Z`;
    const ry = y - bodyH;
    const rh = th * 0.55;
    const ov = w * 0.12;
    d += `M${f(x - w / 2 - ov)},${f(ry - rh * 0.25)}Q${f(x - w / 2)},${f(ry + 2)} ${f(x - w * 0.38)},${f(ry + 1)}L${f(x + w * 0.38)},${f(ry + 1)}Q${f(x + w / 2)},${f(ry + 2)} ${f(x + w / 2 + ov)},${f(ry - rh * 0.25)}Q${f(x + w * 0.3)},${f(ry - rh * 0.5)} ${f(x + w * 0.18)},${f(ry - rh)}L${f(x - w * 0.18)},${f(ry - rh)}Q${f(x - w * 0.3)},${f(ry - rh * 0.5)} ${f(x - w / 2 - ov)},${f(ry - rh * 0.25)}Z`;
    y = ry - rh + 1;
  }
  d += `M${f(x - 1.5)},${f(y + 1)}L${f(x)},${f(y - s * 0.22)}L${f(x + 1.5)},${f(y + 1)}Z`;
  return d;
}

function balloon(ctx: Ctx, x: number, y: number, s: number, depth: number): void {
  const { r } = ctx;
  const c = tone(ctx, pick(r, ['#d9603a', '#e8a23a', '#c8443a', '#e07a4a']), depth);
  add(ctx, `<path d="M${f(x)},${f(y + s * 0.95)}C${f(x - s * 0.35)},${f(y + s * 0.6)} ${f(x - s * 0.62)},${f(y + s * 0.2)} ${f(x - s * 0.6)},${f(y - s * 0.15)}A${f(s * 0.6)},${f(s * 0.6)} 0 0 1 ${f(x + s * 0.6)},${f(y - s * 0.15)}C${f(x + s * 0.62)},${f(y + s * 0.2)} ${f(x + s * 0.35)},${f(y + s * 0.6)} ${f(x)},${f(y + s * 0.95)}Z" fill="${hlin(ctx, [[0, mix(c, ctx.pal.shade, 0.25)], [0.4, mix(c, ctx.pal.light, 0.35)], [1, mix(c, ctx.pal.shade, 0.35)]])}"/><rect x="${f(x - s * 0.1)}" y="${f(y + s * 1.02)}" width="${f(s * 0.2)}" height="${f(s * 0.16)}" fill="${tone(ctx, '#3a2a1a', depth)}"/>`);
}

function sceneTemple(ctx: Ctx): void {
  const { r, tod } = ctx;
  const hy = H * rnd(r, 0.5, 0.62);
  placeSun(ctx, hy);
  sky(ctx, hy);
  if ((tod === 'dawn' || tod === 'golden') && r() < 0.6) {
    const n = int(r, 2, 7);
    for (let i = 0; i < n; i++) {
      const t = r();
      balloon(ctx, W * rnd(r, 0.05, 0.95), hy * rnd(r, 0.2, 0.8), lerp(10, 34, t), lerp(0.1, 0.5, t));
    }
  }
  farRanges(ctx, hy, int(r, 1, 2), { amp: H * 0.1, depth0: 0.04, depth1: 0.18 });
  const style = r() < 0.55 ? 'plain' : 'hill';
  if (style === 'plain') {
    const layers = 3;
    for (let i = 0; i < layers; i++) {
      const t = i / (layers - 1);
      const depth = lerp(0.25, 0.8, t);
      const baseY = lerp(hy + H * 0.04, H * 0.8, Math.pow(t, 1.2));
      const fn = waveFn(r, baseY, H * 0.01, 2);
      let d = '';
      const n = int(r, 1, 4) + (i === 1 ? 1 : 0);
      for (let k = 0; k < n; k++) {
        const x = W * rnd(r, 0.05, 0.95);
        const s = H * lerp(0.07, 0.26, t) * rnd(r, 0.7, 1.2);
        d += r() < 0.75 ? stupa(r, x, fn(x) + 4, s) : pagoda(r, x, fn(x) + 4, s);
      }
      add(ctx, `<path d="${d}" fill="${tone(ctx, '#6a4030', depth)}"/>`);
      layer(ctx, canopy(r, fn, [lerp(14, 60, t), lerp(40, 120, t)], [lerp(4, 16, t), lerp(12, 40, t)], H + 10, 0.05), GREEN_DEEP, depth, 0.6);
      mist(ctx, baseY + H * 0.05, H * 0.07, rnd(r, 0.35, 0.6));
    }
  } else {
    const hx = W * rnd(r, 0.25, 0.75);
    const peak = hy - H * rnd(r, 0.02, 0.1);
    const fn = (x: number): number => peak + Math.pow(Math.abs(x - hx) / (W * 0.5), 1.6) * H * 0.3;
    const s = H * rnd(r, 0.25, 0.36);
    add(ctx, `<path d="${r() < 0.6 ? pagoda(r, hx, fn(hx) + 6, s) : stupa(r, hx, fn(hx) + 6, s * 0.8)}" fill="${tone(ctx, '#4a2a20', 0.6)}"/>`);
    layer(ctx, canopy(r, fn, [30, 70], [10, 30], H + 10, 0.05), GREEN, 0.6, 0.6);
    mist(ctx, hy + H * 0.2, H * 0.12, 0.5);
  }
  // foreground palms
  const n = int(r, 1, 3);
  let d = '';
  const px = r() < 0.5 ? W * rnd(r, 0, 0.2) : W * rnd(r, 0.8, 1);
  for (let i = 0; i < n; i++) d += palm(r, px + (i - 1) * rnd(r, 50, 120), H + 10, H * rnd(r, 0.45, 0.8), rnd(r, -0.6, 0.6));
  d += canopy(r, waveFn(r, H * 0.97, 10, 2), [60, 140], [20, 50], H + 10, 0);
  add(ctx, `<path d="${d}" fill="${tone(ctx, '#132a1a', 1)}"/>`);
}

function sceneNightSky(ctx: Ctx): void {
  const { r } = ctx;
  const hy = H * rnd(r, 0.62, 0.74);
  placeSun(ctx, hy);
  const milky = ctx.tod === 'night' && r() < 0.7;
  if (ctx.tod === 'dusk') ctx.sun = { ...ctx.sun, y: hy + 60 };
  sky(ctx, hy, { stars: milky ? 220 : 420, sunDisc: ctx.tod === 'night' && (!milky || r() < 0.3), clouds: false });
  if (ctx.tod === 'dusk') stars(ctx, hy * 0.6, 160);
  if (milky) {
    const cx = W * rnd(r, 0.35, 0.65);
    const cy = hy * rnd(r, 0.4, 0.55);
    const ang = rnd(r, 35, 70) * (r() < 0.5 ? 1 : -1);
    const len = W * 1.3;
    const glowC = mix('#d8d0f0', ctx.pal.glow, 0.25);
    let g = `<g transform="rotate(${f(ang)} ${f(cx)} ${f(cy)})">`;
    // gauss() has a standard deviation of ~1/3, so offsets below are ~3x their spread
    for (let i = 0; i < 18; i++) {
      const t = r() - 0.5;
      const wide = 1 - Math.abs(t) * 0.9;
      g += glowShape(cx + t * len, cy + gauss(r) * 150 * wide, rnd(r, 220, 480), rnd(r, 120, 260) * wide, i % 5 === 1 ? '#f3dcc4' : glowC, 0.22, 1.4);
    }
    for (let i = 0; i < 7; i++) {
      const t = (r() - 0.5) * 0.8;
      g += glowShape(cx + t * len, cy + gauss(r) * 70, rnd(r, 160, 340), rnd(r, 25, 60), ctx.pal.top, 0.32, 1.1);
    }
    const buckets = ['', '', ''];
    for (let i = 0; i < 1100; i++) {
      const k = i % 3;
      const t = r() - 0.5;
      const wide = 1 - Math.abs(t) * 0.8;
      buckets[k] += circlePath(cx + t * len, cy + gauss(r) * (k === 0 ? 420 : 220) * wide, 0.35 + Math.pow(r(), 8) * 1.6);
    }
    g += `<path d="${buckets[0]}" fill="#ffffff" fill-opacity="0.35"/><path d="${buckets[1]}" fill="#ffffff" fill-opacity="0.55"/><path d="${buckets[2]}" fill="#fff4e8" fill-opacity="0.8"/></g>`;
    add(ctx, g);
  }
  if (r() < 0.35) {
    const x = W * rnd(r, 0.1, 0.8);
    const y = hy * rnd(r, 0.1, 0.4);
    const len = rnd(r, 120, 260);
    add(ctx, `<path d="M${f(x)},${f(y)}l${f(len)},${f(len * 0.35)}l-1,2Z" fill="${hlin(ctx, [[0, '#ffffff', 0], [1, '#ffffff', 0.9]])}"/>`);
  }
  mountains(ctx, { baseY: hy, amp: H * rnd(r, 0.12, 0.24), depth: 0.35, rough: 0.55, rock: '#3a4460', snow: r() < 0.4 });
  const ground = sample(waveFn(r, H * rnd(r, 0.84, 0.9), H * 0.02, 2), 30);
  const camp = r() < 0.65;
  pineForest(ctx, ground, '#0c1a14', 0.95, H * rnd(r, 0.1, 0.22), 0.9);
  if (camp) {
    const tx = W * rnd(r, 0.25, 0.75);
    const ty = Math.min(H - 30, yAt(ground, tx) + H * 0.08);
    const tw = rnd(r, 130, 200);
    add(ctx, `<path d="M-40,${f(ty - 14)}Q${f(W * 0.5)},${f(ty - 30)} ${W + 40},${f(ty - 10)}L${W + 40},${f(H + 10)}L-40,${f(H + 10)}Z" fill="${tone(ctx, '#0f1a12', 1)}"/>`);
    softGlow(ctx, tx, ty - tw * 0.2, tw * 2.6, tw * 1.8, '#ff9a48', 0.6, 2);
    add(ctx, `<path d="M${f(tx - tw / 2)},${f(ty)}L${f(tx)},${f(ty - tw * 0.62)}L${f(tx + tw / 2)},${f(ty)}Z" fill="${lin(ctx, [[0, '#ffcf7a'], [1, '#e8892e']])}"/><path d="M${f(tx - tw * 0.12)},${f(ty)}L${f(tx)},${f(ty - tw * 0.3)}L${f(tx + tw * 0.12)},${f(ty)}Z" fill="#fff0c0"/>`);
    add(ctx, `<path d="M${f(tx - tw / 2 - 6)},${f(ty + 1)}L${f(tx)},${f(ty - tw * 0.66)}L${f(tx + tw / 2 + 6)},${f(ty + 1)}" fill="none" stroke="#2a1a10" stroke-width="3" stroke-linejoin="round"/>`);
  }
}

/** Highest point of a closed polygon's boundary at x (for hanging things off a rim). */
function rimTop(poly: readonly Pt[], x: number, fallback: number): number {
  let best = Infinity;
  for (let i = 0; i < poly.length; i++) {
    const a = at(poly, i);
    const b = at(poly, (i + 1) % poly.length);
    if ((a[0] - x) * (b[0] - x) > 0 || a[0] === b[0]) continue;
    best = Math.min(best, lerp(a[1], b[1], (x - a[0]) / (b[0] - a[0])));
  }
  return Number.isFinite(best) ? best : fallback;
}

function sceneCave(ctx: Ctx): void {
  const { r } = ctx;
  // the landscape outside
  const hy = H * rnd(r, 0.48, 0.6);
  placeSun(ctx, hy);
  sky(ctx, hy);
  farRanges(ctx, hy, 2, { amp: H * 0.18, depth0: 0.05, depth1: 0.3 });
  if (r() < 0.5) karstGroup(ctx, hy + H * 0.06, 0.4, int(r, 2, 4), [H * 0.15, H * 0.3]);
  for (let i = 0; i < 2; i++) {
    const fn = waveFn(r, hy + H * (0.12 + i * 0.12), H * 0.03, 3);
    layer(ctx, canopy(r, fn, [20 + i * 20, 50 + i * 40], [8 + i * 6, 20 + i * 14], H + 10, 0.08), i === 0 ? GREEN : GREEN_DEEP, 0.55 + i * 0.2, 0.7);
    mist(ctx, hy + H * (0.16 + i * 0.12), H * 0.07, 0.4);
  }
  // the cave frame: an irregular opening in dark rock, lit near the rim
  const cx = W * rnd(r, 0.36, 0.64);
  const cy = H * rnd(r, 0.4, 0.5);
  const rx = W * rnd(r, 0.28, 0.38);
  const ry = H * rnd(r, 0.3, 0.4);
  const outline = (scale: number, jitter: number): Pt[] => {
    const n = 22;
    const pts: Pt[] = [];
    for (let i = 0; i < n; i++) {
      const a = (i / n) * Math.PI * 2;
      const k = scale * rnd(r, 1 - jitter, 1 + jitter);
      const flat = Math.sin(a) > 0.4 ? 0.8 : 1; // flatter floor
      pts.push([cx + Math.cos(a) * rx * k, cy + Math.sin(a) * ry * k * flat]);
    }
    return pts;
  };
  const hole = outline(1, 0.12);
  const rock = tone(ctx, '#7a6a58', 0.95);
  const lit = mix(rock, ctx.pal.light, 0.35);
  const dark = mix('#0c0a09', ctx.pal.shade, 0.25);
  const holeD = closedSmooth(hole);
  add(ctx, `<path fill-rule="evenodd" d="M-10,-10H${W + 10}V${H + 10}H-10Z${holeD}" fill="${mix(rock, dark, 0.82)}"/>`);
  // light falling on the rock around the opening: stacked translucent rings
  let rings = '';
  for (const sc of [1.8, 1.6, 1.45, 1.34, 1.25, 1.18, 1.12, 1.07, 1.03]) {
    const ring = hole.map(([x, y]): Pt => [cx + (x - cx) * sc * rnd(r, 0.95, 1.05), cy + (y - cy) * sc * rnd(r, 0.95, 1.05)]);
    rings += `<path fill-rule="evenodd" d="${closedSmooth(ring)}${holeD}"/>`;
  }
  add(ctx, `<g fill="${lit}" fill-opacity="0.14">${rings}</g>`);
  // a second, darker rock shelf a little further in gives the rim depth
  const shelf = outline(rnd(r, 1.12, 1.22), 0.1);
  add(ctx, `<path fill-rule="evenodd" d="M-10,-10H${W + 10}V${H + 10}H-10Z${closedSmooth(shelf)}" fill="${dark}" fill-opacity="0.55"/>`);
  // stalactites hanging from the upper rim
  let st = '';
  const count = int(r, 8, 16);
  for (let i = 0; i < count; i++) {
    const u = rnd(r, -0.85, 0.85);
    const x = cx + u * rx;
    const topY = rimTop(hole, x, cy) - 12;
    const len = rnd(r, 30, 140) * (1 - Math.abs(u) * 0.5);
    const w = rnd(r, 10, 30);
    st += `M${f(x - w / 2)},${f(topY)}Q${f(x - w * 0.15)},${f(topY + len * 0.6)} ${f(x)},${f(topY + len)}Q${f(x + w * 0.15)},${f(topY + len * 0.6)} ${f(x + w / 2)},${f(topY)}Z`;
  }
  add(ctx, `<path d="${st}" fill="${mix(rock, dark, 0.45)}"/>`);
  add(ctx, `<path d="${closedSmooth(hole)}" fill="none" stroke="${mix(lit, ctx.pal.light, 0.5)}" stroke-opacity="0.35" stroke-width="3"/>`);
  // boulders on the cave floor, rim-lit from the opening
  const fy = cy + ry * 0.8;
  let boulders = '';
  const nb = int(r, 3, 6);
  for (let i = 0; i < nb; i++) {
    const bx = cx + rnd(r, -1.1, 1.1) * rx;
    const bw = rnd(r, 80, 260);
    const bh = bw * rnd(r, 0.25, 0.45);
    const by = fy + rnd(r, 10, 60);
    boulders += `M${f(bx - bw / 2)},${f(by + bh)}C${f(bx - bw / 2)},${f(by - bh * 0.2)} ${f(bx - bw * 0.2)},${f(by - bh * 0.5)} ${f(bx)},${f(by - bh * 0.45)}C${f(bx + bw * 0.3)},${f(by - bh * 0.4)} ${f(bx + bw / 2)},${f(by)} ${f(bx + bw / 2)},${f(by + bh)}Z`;
  }
  boulders += `M-10,${f(H + 10)}L-10,${f(fy + 70)}Q${f(cx)},${f(fy + 20)} ${W + 10},${f(fy + 80)}L${W + 10},${f(H + 10)}Z`;
  add(ctx, `<path d="${boulders}" fill="${lin(ctx, [[0, mix(rock, dark, 0.35)], [0.3, mix(rock, dark, 0.75)], [1, dark]], { x1: 0, y1: fy - 60, x2: 0, y2: H })}"/>`);
  softGlow(ctx, cx, fy + 60, rx * 1.1, H * 0.08, ctx.pal.light, 0.22, 1.2);
  if (r() < 0.55) {
    // a tiny explorer for scale, standing on the lit floor
    const px = cx + rnd(r, -0.35, 0.35) * rx;
    const py = fy + 40;
    const s = rnd(r, 34, 56);
    add(ctx, `<path d="${circlePath(px, py - s * 0.9, s * 0.09)}M${f(px - s * 0.12)},${f(py - s * 0.78)}L${f(px + s * 0.12)},${f(py - s * 0.78)}L${f(px + s * 0.1)},${f(py - s * 0.4)}L${f(px + s * 0.08)},${f(py)}L${f(px + s * 0.02)},${f(py)}L${f(px)},${f(py - s * 0.36)}L${f(px - s * 0.02)},${f(py)}L${f(px - s * 0.08)},${f(py)}L${f(px - s * 0.1)},${f(py - s * 0.4)}Z" fill="${dark}"/>`);
  }
}

function terraceSlope(ctx: Ctx, ridge: readonly Pt[], depth: number, variant: 'flooded' | 'harvest' | 'green'): void {
  const { r } = ctx;
  const p = ctx.pal;
  const base1 = variant === 'harvest' ? '#c9a640' : '#6fa83a';
  const base2 = variant === 'harvest' ? '#b8953a' : '#8cbf4a';
  const riser = variant === 'harvest' ? '#6a5a22' : '#2c5622';
  layer(ctx, area(ridge), base1, depth, 0.4);
  const minY = Math.min(...ridge.map((q) => q[1]));
  const meanY = ridge.reduce((s, q) => s + q[1], 0) / ridge.length;
  const span = Math.max(60, H + 20 - minY);
  const gap0 = lerp(5, 16, depth) * rnd(r, 0.85, 1.15);
  const spurs = [
    { k: (Math.PI * 2 * rnd(r, 1.2, 3)) / W, p: r() * 7, a: 1 },
    { k: (Math.PI * 2 * rnd(r, 3.5, 6)) / W, p: r() * 7, a: 0.35 },
  ];
  const spurAmp = lerp(10, 70, depth) * rnd(r, 0.7, 1.3);
  const S = (x: number): number => spurs.reduce((s, c) => s + c.a * Math.sin(c.k * x + c.p), 0);
  const contours: Pt[][] = [ridge.map(([x, y]): Pt => [x, y + 1])];
  let off = gap0 * 0.6;
  while (contours.length < 90) {
    const prev = at(contours, contours.length - 1);
    const u = off / span;
    const s = Math.min(0.65, u * 1.1);
    const gap = gap0 * (1 + u * 3);
    const next = ridge.map(([x, y], i): Pt => {
      const want = y * (1 - s) + meanY * s + off + S(x) * spurAmp * Math.min(1, u * 1.5);
      return [x, Math.max(want, at(prev, i)[1] + gap * 0.45)];
    });
    contours.push(next);
    if (Math.min(...next.map((q) => q[1])) > H + 10) break;
    off += gap * rnd(r, 0.85, 1.15);
  }
  const fills = ['', ''];
  let bunds = '';
  for (let i = 0; i < contours.length - 1; i++) {
    const a = at(contours, i);
    const b = [...at(contours, i + 1)].reverse();
    fills[i % 2] += `M${f(at(a, 0)[0])},${f(at(a, 0)[1])}${smooth(a)}L${f(at(b, 0)[0])},${f(at(b, 0)[1])}${smooth(b)}Z`;
    if (i > 0) bunds += `M${f(at(a, 0)[0])},${f(at(a, 0)[1])}${smooth(a)}`;
  }
  if (variant === 'flooded') {
    const refl = lin(ctx, [[0, mix(p.horizon, '#ffffff', 0.25)], [1, mix(p.mid, p.top, 0.3)]], { x1: 0, y1: minY, x2: 0, y2: H });
    add(ctx, `<path d="${fills[0]}" fill="${refl}" fill-opacity="${f3(0.6 + depth * 0.3)}"/>`);
    add(ctx, `<path d="${fills[1]}" fill="${tone(ctx, base2, depth)}"/>`);
  } else {
    add(ctx, `<path d="${fills[0]}" fill="${lin(ctx, [[0, tone(ctx, mix(base1, p.light, 0.15), depth)], [1, tone(ctx, base1, depth)]], { x1: 0, y1: minY, x2: 0, y2: H })}"/>`);
    add(ctx, `<path d="${fills[1]}" fill="${lin(ctx, [[0, tone(ctx, mix(base2, p.light, 0.15), depth)], [1, tone(ctx, base2, depth)]], { x1: 0, y1: minY, x2: 0, y2: H })}"/>`);
  }
  const sw = lerp(1, 3.2, depth) * (variant === 'flooded' ? 1.4 : 1);
  add(ctx, `<path d="${bunds}" fill="none" stroke="${tone(ctx, riser, depth)}" stroke-width="${f(sw)}" stroke-opacity="0.7" stroke-linecap="round"/>`);
  add(ctx, `<path d="${bunds}" transform="translate(0 ${f(-sw * 0.8)})" fill="none" stroke="${tone(ctx, mix(base2, p.light, 0.55), depth)}" stroke-width="${f(sw * 0.45)}" stroke-opacity="0.6" stroke-linecap="round"/>`);
  // trees and a stilt hut along the ridge
  if (r() < 0.7) {
    let d = '';
    const n = int(r, 2, 6);
    const x0 = W * rnd(r, 0, 0.8);
    const s = lerp(30, 140, depth);
    for (let i = 0; i < n; i++) {
      const x = x0 + i * s * rnd(r, 0.4, 0.9);
      d += roundTree(r, x, yAt(ridge, x) + s * 0.1, s * rnd(r, 0.7, 1.2));
    }
    if (r() < 0.6) {
      const hx = x0 + n * s * 0.7;
      const hy = yAt(ridge, hx) + s * 0.1;
      const hw = s * 0.55;
      d += `M${f(hx - hw / 2)},${f(hy)}L${f(hx - hw / 2)},${f(hy - hw * 0.35)}L${f(hx - hw * 0.7)},${f(hy - hw * 0.35)}L${f(hx)},${f(hy - hw * 0.85)}L${f(hx + hw * 0.7)},${f(hy - hw * 0.35)}L${f(hx + hw / 2)},${f(hy - hw * 0.35)}L${f(hx + hw / 2)},${f(hy)}Z`;
    }
    add(ctx, `<path d="${d}" fill="${tone(ctx, '#1f3e22', depth)}"/>`);
  }
}

const SCENES: Record<Theme, (ctx: Ctx) => void> = {
  rainforest: sceneRainforest,
  mountain: sceneMountain,
  coast: sceneCoast,
  island: sceneIsland,
  rice_terraces: sceneRiceTerraces,
  river: sceneRiver,
  lake: sceneLake,
  savanna: sceneSavanna,
  desert: sceneDesert,
  reef: sceneReef,
  city_park: sceneCityPark,
  temple: sceneTemple,
  night_sky: sceneNightSky,
  cave: sceneCave,
};

/** Pure, deterministic SVG for one composition (1600x1067). */
export function landscapeSvg(theme: Theme, timeOfDay: TimeOfDay, seed: number): string {
  const r = mulberry32(seed ^ hashString(theme) ^ hashString(timeOfDay));
  const variants = SKIES[timeOfDay];
  const pal = mixPalette(pick(r, variants), pick(r, variants), r());
  const ctx: Ctx = { r, theme, tod: timeOfDay, pal, defs: [], out: [], uid: 0, sun: { x: W / 2, y: H / 3, rad: 40 }, lightLeft: true };
  SCENES[theme](ctx);
  vignette(ctx, timeOfDay === 'night' ? 0.4 : 0.3);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${ctx.defs.join('')}</defs>${ctx.out.join('')}</svg>`;
}
