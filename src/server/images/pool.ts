// Generated landscape image pool (no downloads). Interface fixed here; implementation pending.
export const THEMES = [
  'rainforest', // dense canopy, mist, layered green
  'mountain', // ridges, peaks, snow caps
  'coast', // beach, sea, headland
  'island', // islands in a bay, karsts (Ha Long, Krabi)
  'rice_terraces', // stepped terraces on hills
  'river', // river valley, boat
  'lake', // still lake, reflections
  'savanna', // grassland, lone trees (Sri Lanka parks, Nepal terai)
  'desert', // dunes (Mui Ne, Gobi)
  'reef', // underwater, coral, light rays
  'city_park', // skyline behind greenery (Singapore, Taipei)
  'temple', // pagoda/stupa silhouettes in landscape
  'night_sky', // stars, moon, camp
  'cave', // cave mouth, karst interior
] as const;
export type Theme = (typeof THEMES)[number];
export type TimeOfDay = 'dawn' | 'day' | 'golden' | 'dusk' | 'night';

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

/** Renders (once) and returns the deterministic pool, ordered by theme then index. */
export async function ensureImagePool(_opts: PoolOptions): Promise<PoolImage[]> {
  throw new Error('ensureImagePool: not implemented yet');
}
