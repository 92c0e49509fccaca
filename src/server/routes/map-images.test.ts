import sharp from 'sharp';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MapImageSchema } from '../../contract/map-images.ts';
import { mapImagePath } from '../../lib/map-image.ts';
import { optionLocations, options } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /map_images', () => {
  it('draws a map of points once, then serves the same stored file', async () => {
    // A point of its own each run: stored maps outlive a run (the test storage folder is kept).
    const latitude = Number((1.4172 + Math.random() / 100).toFixed(6));
    const body = { points: [{ latitude, longitude: 103.9636, label: 'Changi Point Ferry Terminal' }], width: 480, height: 270 };
    const first = await t.post('/api/v1/map_images', body);
    expect(first.status).toBe(201);
    const map = MapImageSchema.parse(first.body);
    expect(map).toMatchObject({ width: 480, height: 270, cached: false, alt: 'Map of the area around Changi Point Ferry Terminal, with the meeting point marked' });
    expect(map.url).toMatch(/^\/storage\/maps\/[0-9a-f]{32}\.webp$/);
    const again = MapImageSchema.parse((await t.post('/api/v1/map_images', body)).body);
    expect(again).toMatchObject({ url: map.url, cached: true });
  });

  it('maps an experience’s meeting points with words for screen readers', async () => {
    const [row] = await t.db
      .select({ slug: options.slugCode, name: optionLocations.name })
      .from(optionLocations)
      .innerJoin(options, eq(options.id, optionLocations.optionId))
      .where(and(eq(options.published, true), isNotNull(optionLocations.latitude)))
      .limit(1);
    const r = await t.post('/api/v1/map_images', { optionId: row!.slug });
    expect([200, 201]).toContain(r.status);
    const map = MapImageSchema.parse(r.body);
    expect(map.alt).toContain(row!.name);
    expect(map).toMatchObject({ width: 640, height: 360 });
  });

  it('refuses bad input with field messages and an unknown experience with 404', async () => {
    const bad = await t.post('/api/v1/map_images', { points: [{ latitude: 95, longitude: 200 }], width: 5000 });
    expect(bad.status).toBe(422);
    expect(bad.body.fields).toMatchObject({ 'points.0.latitude': 'Between -85 and 85', 'points.0.longitude': 'Between -180 and 180', width: 'At most 1200' });
    const neither = await t.post('/api/v1/map_images', {});
    expect(neither.body.fields?.['points']).toBe('Give either points or an experience');
    expect((await t.post('/api/v1/map_images', { optionId: 'no-such-experience' })).status).toBe(404);
    expect((await t.post('/api/v1/map_images', { points: [{ latitude: 1, longitude: 1 }] }, { auth: false })).status).toBe(401);
  });
});

describe('GET /maps/…webp', () => {
  it('serves a one-point map a page links to, as WebP, cacheable forever', async () => {
    const path = mapImagePath({ latitude: 1.3521, longitude: 103.8198, zoom: 7, width: 640, height: 360 });
    const r = await t.app.request(path);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('image/webp');
    expect(r.headers.get('cache-control')).toContain('immutable');
    const meta = await sharp(Buffer.from(await r.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 640, height: 360 });
    expect((await t.app.request('/maps/1,2,99/640x360.webp')).status).toBe(404);
    expect((await t.app.request('/maps/../../etc/passwd')).status).toBe(404);
  });
});
