// One landscape illustration as SVG: the theme's scene under a time-of-day palette.
import type { Theme, TimeOfDay } from './themes.ts';
import { hashString, mulberry32, pick } from './draw/numbers.ts';
import { mixPalette, SKIES } from './draw/palettes.ts';
import { type Ctx, H, vignette, W } from './draw/svg.ts';
import { sceneCityPark, sceneTemple } from './scenes/built.ts';
import { sceneDesert, sceneSavanna } from './scenes/drylands.ts';
import { sceneMountain, sceneRainforest, sceneRiceTerraces } from './scenes/highlands.ts';
import { sceneCave, sceneNightSky } from './scenes/night.ts';
import { sceneReef } from './scenes/reef.ts';
import { sceneCoast, sceneIsland, sceneLake, sceneRiver } from './scenes/water.ts';

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
