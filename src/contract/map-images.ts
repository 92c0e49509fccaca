// POST /map_images (ADR 0040): a static map of one or more points (a meeting point, an
// itinerary's stops), drawn on this machine from bundled country outlines, stored once per
// content hash and served from /maps/{hash}.webp.
import { z } from 'zod';
import { Slug } from './common.ts';

export const MapPointSchema = z.object({
  latitude: z.number({ error: 'Give a latitude' }).min(-85, 'Between -85 and 85').max(85, 'Between -85 and 85'),
  longitude: z.number({ error: 'Give a longitude' }).min(-180, 'Between -180 and 180').max(180, 'Between -180 and 180'),
  label: z.string().trim().max(80).optional(),
});
export type MapPoint = z.infer<typeof MapPointSchema>;

export const MAP_SIZES = { width: { min: 160, max: 1200, default: 640 }, height: { min: 120, max: 800, default: 360 }, zoom: { min: 2, max: 10 } } as const;

export const MapImageBody = z
  .object({
    /** The points to mark; or `optionId` for an experience's meeting points. */
    points: z.array(MapPointSchema).min(1, 'Give at least one point').max(12, 'At most 12 points').optional(),
    optionId: Slug.optional(),
    width: z.number().int().min(MAP_SIZES.width.min, `At least ${MAP_SIZES.width.min}`).max(MAP_SIZES.width.max, `At most ${MAP_SIZES.width.max}`).default(MAP_SIZES.width.default),
    height: z.number().int().min(MAP_SIZES.height.min, `At least ${MAP_SIZES.height.min}`).max(MAP_SIZES.height.max, `At most ${MAP_SIZES.height.max}`).default(MAP_SIZES.height.default),
    /** Left out: fitted to the points (one point: a regional view). */
    zoom: z.number().int().min(MAP_SIZES.zoom.min, `At least ${MAP_SIZES.zoom.min}`).max(MAP_SIZES.zoom.max, `At most ${MAP_SIZES.zoom.max}`).optional(),
    /** What the map shows, for screen readers; left out, it is written from the points' labels. */
    alt: z.string().trim().max(300).optional(),
  })
  .refine((b) => (b.points === undefined) !== (b.optionId === undefined), { message: 'Give either points or an experience', path: ['points'] });
export type MapImageBody = z.input<typeof MapImageBody>;

export const MapImageSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
  /** True when the same map had been drawn before (served from storage). */
  cached: z.boolean(),
});
export type MapImage = z.infer<typeof MapImageSchema>;
