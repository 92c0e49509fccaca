// Image rows from the generated pool, with alt text in words, and theme-aware picking.
import type { PoolImage, Theme } from '../../images/pool.ts';
import { loadImageWords } from './content-seed.ts';
import { type Rng } from './prng.ts';

/** Alt-text scenes per theme and light per time of day: content-seed/images.yaml. */
const WORDS = loadImageWords();

export type ImageRow = {
  id: number;
  key: string;
  name: string;
  contentType: string;
  alt: string;
  caption: string | null;
  width: number;
  height: number;
};

export function imageRows(pool: readonly PoolImage[]): ImageRow[] {
  return pool.map((img, i) => {
    const scene = WORDS.themes[img.theme].scenes[i % 2];
    return {
      id: i + 1,
      key: img.key,
      name: img.name,
      contentType: img.contentType,
      alt: `${scene} ${WORDS.timesOfDay[img.timeOfDay].light}`,
      caption: null,
      width: img.width,
      height: img.height,
    };
  });
}

export type ImagePicker = {
  /** n distinct image ids, drawn from the given themes first (in preference order). */
  pick: (rng: Rng, themes: readonly Theme[], n: number) => number[];
  one: (rng: Rng, themes: readonly Theme[]) => number;
  alt: (id: number) => string;
};

export function imagePicker(rows: readonly ImageRow[], pool: readonly PoolImage[]): ImagePicker {
  const byTheme = new Map<Theme, number[]>();
  pool.forEach((img, i) => {
    const list = byTheme.get(img.theme) ?? [];
    list.push(i + 1);
    byTheme.set(img.theme, list);
  });
  const all = rows.map((r) => r.id);
  const altById = new Map(rows.map((r) => [r.id, r.alt]));
  const pick = (rng: Rng, themes: readonly Theme[], n: number): number[] => {
    const out: number[] = [];
    const seen = new Set<number>();
    // Round-robin over the themes so a 4-image gallery mixes, say, reef and island.
    const lists = themes.map((t) => rng.shuffle(byTheme.get(t) ?? []));
    for (let round = 0; out.length < n && lists.some((l) => l.length > round); round++) {
      for (const l of lists) {
        const id = l[round];
        if (id !== undefined && !seen.has(id) && out.length < n) {
          seen.add(id);
          out.push(id);
        }
      }
    }
    while (out.length < Math.min(n, all.length)) {
      const id = rng.pick(all);
      if (!seen.has(id)) {
        seen.add(id);
        out.push(id);
      }
    }
    return out;
  };
  return {
    pick,
    one: (rng, themes) => {
      const [id] = pick(rng, themes, 1);
      if (id === undefined) throw new Error('the image pool is empty');
      return id;
    },
    alt: (id) => altById.get(id) ?? '',
  };
}
