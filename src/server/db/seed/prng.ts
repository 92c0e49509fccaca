// Deterministic randomness and small text helpers for the demo catalogue.
// Every generated value comes from a seeded mulberry32 stream, usually one stream per entity
// (seeded from a label such as "option:123"), so one record never depends on how many
// others were generated before it.

/** mulberry32: a tiny, fast 32-bit PRNG with good enough statistics for demo content. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a 32-bit hash of a string. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export type Rng = {
  /** Uniform in [0, 1). */
  next: () => number;
  /** Integer in [min, max], both inclusive. */
  int: (min: number, max: number) => number;
  chance: (p: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
  /** Weighted pick: [value, weight] pairs. */
  weighted: <T>(items: readonly (readonly [T, number])[]) => T;
  shuffle: <T>(items: readonly T[]) => T[];
  /** n distinct items (fewer if the list is shorter), in random order. */
  sample: <T>(items: readonly T[], n: number) => T[];
};

export function createRng(seed: number | string): Rng {
  const next = mulberry32(typeof seed === 'number' ? seed : hashString(seed));
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(next() * items.length)] as T;
  };
  const shuffle = <T>(items: readonly T[]): T[] => {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      const tmp = out[i] as T;
      out[i] = out[j] as T;
      out[j] = tmp;
    }
    return out;
  };
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick,
    weighted: <T>(items: readonly (readonly [T, number])[]): T => {
      const total = items.reduce((s, [, w]) => s + w, 0);
      let r = next() * total;
      for (const [v, w] of items) {
        r -= w;
        if (r < 0) return v;
      }
      const last = items[items.length - 1];
      if (!last) throw new Error('weighted pick from an empty list');
      return last[0];
    },
    shuffle,
    sample: <T>(items: readonly T[], n: number): T[] => shuffle(items).slice(0, Math.max(0, n)),
  };
}

/** The element at i, or an error: for indexes the code knows are in range. */
export function at<T>(items: readonly T[], i: number): T {
  const v = items[i];
  if (v === undefined) throw new Error(`index ${i} out of range (${items.length})`);
  return v;
}

/** Lookup that must succeed. */
export function must<K, V>(map: ReadonlyMap<K, V>, key: K, what = 'key'): V {
  const v = map.get(key);
  if (v === undefined) throw new Error(`unknown ${what}: ${String(key)}`);
  return v;
}

export function slugify(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';
/** A short stable code (default 4 chars of [a-z0-9]) derived from a label. */
export function shortCode(label: string, length = 4): string {
  const rng = mulberry32(hashString(label));
  let out = '';
  for (let i = 0; i < length; i++) out += BASE36[Math.floor(rng() * 36)];
  return out;
}

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** A random-looking but deterministic URL-safe id (22 chars = 132 bits of alphabet). */
export function idFrom(label: string, length = 22): string {
  const rng = mulberry32(hashString(`id:${label}`));
  let out = '';
  for (let i = 0; i < length; i++) out += B64URL[Math.floor(rng() * 64)];
  return out;
}

/** Upper-cases the first letter. */
export function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Joins ["a", "b", "c"] as "a, b and c". */
export function listJoin(items: readonly string[], last = 'and'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${last} ${items[items.length - 1]}`;
}

/** The fixed "today" of the catalogue: relative dates (reviews, articles) hang off it. */
export const REFERENCE_DATE = new Date('2026-11-01T00:00:00.000Z');
const DAY_MS = 86_400_000;
export function daysBefore(days: number, hour = 9): Date {
  return new Date(REFERENCE_DATE.getTime() - days * DAY_MS + hour * 3_600_000);
}
export function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}
