// Image rows from the generated pool, with alt text in words, and theme-aware picking.
import type { PoolImage, Theme, TimeOfDay } from '../../images/pool.ts';
import { type Rng } from './prng.ts';

const SCENES: Record<Theme, [string, string]> = {
  rainforest: ['Layered rainforest canopy with mist drifting between the trees', 'Tall rainforest trees above a dense green understorey'],
  mountain: ['Forested ridges rising to snow-capped peaks', 'A line of mountain ridges fading into the distance'],
  coast: ['A quiet beach curving towards a wooded headland', 'Waves rolling onto a sandy shore below green hills'],
  island: ['Limestone islands rising from a calm bay', 'Small wooded islands scattered across a still sea'],
  rice_terraces: ['Stepped rice terraces following the contours of the hills', 'Green rice terraces descending a valley side'],
  river: ['A river winding through a green valley, with a small boat on the water', 'A broad river bending between forested banks'],
  lake: ['A still lake reflecting the surrounding hills', 'A mountain lake with a wooded shoreline'],
  savanna: ['Open grassland dotted with lone trees', 'Dry grassland and scrub stretching to distant hills'],
  desert: ['Rolling sand dunes under a wide sky', 'High desert of bare hills and pale sand'],
  reef: ['Sunlight falling through clear water onto a coral reef', 'Coral and reef fish in shallow turquoise water'],
  city_park: ['A city skyline rising behind parkland and trees', 'Green parkland with tall buildings beyond'],
  temple: ['Pagoda silhouettes in a wooded landscape', 'A hilltop stupa above forested slopes'],
  night_sky: ['A small camp beneath a sky full of stars', 'Stars and the Milky Way above a dark ridge'],
  cave: ['Light pouring into the mouth of a great cave', 'A shaft of daylight inside a limestone cavern'],
};

const LIGHT: Record<TimeOfDay, string> = {
  dawn: 'at dawn, in soft pink light',
  day: 'under a bright sky',
  golden: 'in warm golden-hour light',
  dusk: 'at dusk, as the colours fade to blue',
  night: 'by moonlight',
};

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
    const scene = SCENES[img.theme][i % 2];
    return {
      id: i + 1,
      key: img.key,
      name: img.name,
      contentType: img.contentType,
      alt: `${scene} ${LIGHT[img.timeOfDay]}`,
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
