// POST /map_images: a static map of points or of an experience's meeting points (ADR 0040); and
// GET /maps/{lat},{lng},{zoom}/{w}x{h}.webp, the one-point map a page links to, drawn on first
// request and then read from storage (the experience page stays a plain lazy <img>).
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { MapImageBody, type MapPoint } from '../../contract/map-images.ts';
import { mapAlt, parseMapPath } from '../../lib/map-image.ts';
import type { AppEnv } from '../context.ts';
import { cities, countries, optionLocations, options } from '../db/schema.ts';
import { HttpError, readBody, reply } from '../http.ts';
import { rateLimit } from '../middleware.ts';
import { renderMap } from '../services/map-images.ts';

/** A meeting point first, then the other places of the experience that have coordinates. */
async function optionPoints(c: { var: AppEnv['Variables'] }, slugCode: string): Promise<{ points: MapPoint[]; place: string }> {
  const db = c.var.db;
  const [o] = await db
    .select({ id: options.id, city: cities.name, country: countries.name })
    .from(options)
    .innerJoin(cities, eq(cities.id, options.cityId))
    .innerJoin(countries, eq(countries.id, cities.countryId))
    .where(and(eq(options.slugCode, slugCode), eq(options.published, true), isNull(options.deletedAt)));
  if (!o) throw new HttpError(404, 'Option not found');
  const rows = await db
    .select()
    .from(optionLocations)
    .where(and(eq(optionLocations.optionId, o.id), isNotNull(optionLocations.latitude), isNotNull(optionLocations.longitude)))
    .orderBy(asc(optionLocations.id));
  const ordered = [...rows.filter((r) => r.kind === 'meetup'), ...rows.filter((r) => r.kind !== 'meetup')];
  if (!ordered.length) throw new HttpError(422, 'This experience has no meeting point on the map', { fields: { option_id: 'No meeting point with coordinates' } });
  return { points: ordered.slice(0, 12).map((r) => ({ latitude: r.latitude!, longitude: r.longitude!, label: r.name })), place: `${o.city}, ${o.country}` };
}

export function mapImageRoutes() {
  const app = new Hono<AppEnv>();
  app.post('/map_images', rateLimit({ bucket: 'map-images', limit: () => 60 }), async (c) => {
    const body = await readBody(c, MapImageBody);
    const { points, place } = body.optionId ? await optionPoints(c, body.optionId) : { points: body.points!, place: undefined };
    const map = await renderMap(c.var.providers.storage, { points, width: body.width, height: body.height, zoom: body.zoom });
    return reply(c, { url: map.url, width: body.width, height: body.height, alt: body.alt ?? mapAlt(points, place), cached: map.cached }, map.cached ? 200 : 201);
  });
  return app;
}

/** GET /maps/…webp: public like /storage (an <img> sends no bearer), rate limited per address. */
export function mountMapFiles(app: Hono<AppEnv>) {
  app.get('/maps/*', rateLimit({ bucket: 'map-files', limit: () => 240 }), async (c) => {
    const spec = parseMapPath(c.req.path);
    if (!spec) return c.text('Not found', 404);
    const map = await renderMap(c.var.providers.storage, { points: [{ latitude: spec.latitude, longitude: spec.longitude }], width: spec.width, height: spec.height, zoom: spec.zoom });
    return c.body(map.bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'image/webp',
      // The address says everything the image shows: it never changes.
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    });
  });
}
