// The landscapes and times of day the generated image pool can draw. Each theme has drawing
// code in pool.ts, so the list is code; the words for them are data (content-seed/images.yaml).
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

export const TIMES_OF_DAY = ['dawn', 'day', 'golden', 'dusk', 'night'] as const;
export type TimeOfDay = (typeof TIMES_OF_DAY)[number];
