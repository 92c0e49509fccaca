// Static map images (ADR 0040), drawn here: no tile server, nothing downloaded. Country outlines
// come from the world-atlas package (Natural Earth, public domain) bundled with the app; the
// points are projected with Web Mercator, drawn as SVG and rendered to WebP by sharp. Each
// image is stored once under maps/<sha256 of what it shows>.webp; the same map is never drawn
// twice.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import type { MapPoint } from '../../contract/map-images.ts';
import { POINT_ZOOM, roundCoordinate } from '../../lib/map-image.ts';
import type { FileStorage } from '../providers/storage.ts';

/** Bump when the drawing changes: every map gets a new key (old files are left to expire). */
export const MAP_RENDERER_VERSION = 1;

type Ring = [number, number][];
type Shape = { bbox: [number, number, number, number]; polygons: Ring[][] };

const loaded = new Map<string, Shape[]>();
const require = createRequire(import.meta.url);

/** Country shapes at the detail the zoom needs (10m from zoom 5: the coast of an island is recognisable). */
function shapes(zoom: number): Shape[] {
  const file = zoom >= 5 ? 'countries-10m.json' : 'countries-50m.json';
  const cached = loaded.get(file);
  if (cached) return cached;
  const topo = JSON.parse(readFileSync(require.resolve(`world-atlas/${file}`), 'utf8')) as Topology;
  const fc = feature(topo, topo.objects['countries']!) as unknown as { features: { geometry: { type: string; coordinates: unknown } | null }[] };
  const out: Shape[] = [];
  for (const f of fc.features) {
    if (!f.geometry) continue;
    const polygons = (f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.type === 'MultiPolygon' ? f.geometry.coordinates : []) as Ring[][];
    for (const polygon of polygons) {
      let [w, s, e, n] = [180, 90, -180, -90];
      for (const [x, y] of polygon[0] ?? []) {
        w = Math.min(w, x);
        e = Math.max(e, x);
        s = Math.min(s, y);
        n = Math.max(n, y);
      }
      out.push({ bbox: [w, s, e, n], polygons: [polygon] });
    }
  }
  loaded.set(file, out);
  return out;
}

const TILE = 256;
const worldX = (lng: number, z: number) => ((lng + 180) / 360) * TILE * 2 ** z;
const worldY = (lat: number, z: number) => {
  const r = (Math.max(-85.05, Math.min(85.05, lat)) * Math.PI) / 180;
  return ((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * TILE * 2 ** z;
};
const lngAt = (x: number, z: number) => (x / (TILE * 2 ** z)) * 360 - 180;
const latAt = (y: number, z: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / (TILE * 2 ** z)))) * 180) / Math.PI;

export type MapRequest = { points: MapPoint[]; width: number; height: number; zoom?: number | undefined };

/** The zoom that fits every point with a margin (one point: the regional POINT_ZOOM). */
export function fitZoom(points: readonly MapPoint[], width: number, height: number): number {
  if (points.length === 1) return POINT_ZOOM;
  for (let z = 10; z >= 2; z--) {
    const xs = points.map((p) => worldX(p.longitude, z));
    const ys = points.map((p) => worldY(p.latitude, z));
    if (Math.max(...xs) - Math.min(...xs) <= width * 0.75 && Math.max(...ys) - Math.min(...ys) <= height * 0.7) return z;
  }
  return 2;
}

/** What the image shows, normalised: the key of its stored file. */
export function mapKey(r: MapRequest): { key: string; zoom: number; points: MapPoint[] } {
  const points = r.points.map((p) => ({ latitude: roundCoordinate(p.latitude), longitude: roundCoordinate(p.longitude) }));
  const zoom = r.zoom ?? fitZoom(points, r.width, r.height);
  const hash = createHash('sha256').update(JSON.stringify({ v: MAP_RENDERER_VERSION, points, zoom, w: r.width, h: r.height })).digest('hex').slice(0, 32);
  return { key: `maps/${hash}.webp`, zoom, points };
}

export function mapSvg(points: readonly MapPoint[], zoom: number, width: number, height: number): string {
  const xs = points.map((p) => worldX(p.longitude, zoom));
  const ys = points.map((p) => worldY(p.latitude, zoom));
  const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
  const cy = (Math.min(...ys) + Math.max(...ys)) / 2;
  const left = cx - width / 2;
  const top = cy - height / 2;
  const view = { w: lngAt(left, zoom), e: lngAt(left + width, zoom), n: latAt(top, zoom), s: latAt(top + height, zoom) };
  const px = (lng: number) => (worldX(lng, zoom) - left).toFixed(1);
  const py = (lat: number) => (worldY(lat, zoom) - top).toFixed(1);
  let land = '';
  for (const shape of shapes(zoom)) {
    const [w, s, e, n] = shape.bbox;
    if (e < view.w || w > view.e || n < view.s || s > view.n) continue;
    for (const polygon of shape.polygons) {
      for (const ring of polygon) {
        let d = '';
        let last = '';
        for (const [lng, lat] of ring) {
          const pt = `${px(lng)} ${py(lat)}`;
          if (pt === last) continue;
          d += d ? `L${pt}` : `M${pt}`;
          last = pt;
        }
        land += `${d}Z`;
      }
    }
  }
  // A faint graticule every few degrees gives the sea some texture and a sense of scale.
  const step = zoom >= 8 ? 0.25 : zoom >= 6 ? 1 : zoom >= 4 ? 5 : 15;
  let grid = '';
  for (let g = Math.ceil(view.w / step) * step; g <= view.e; g += step) grid += `M${px(g)} 0V${height}`;
  for (let g = Math.ceil(view.s / step) * step; g <= view.n; g += step) grid += `M0 ${py(g)}H${width}`;
  const pins = points
    .map((p, i) => {
      const x = Number(px(p.longitude));
      const y = Number(py(p.latitude));
      const label = points.length > 1 ? `<text x="${x}" y="${y - 19}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="11" font-weight="bold" fill="#FFFFFF">${i + 1}</text>` : `<circle cx="${x}" cy="${y - 22}" r="5" fill="#FFFFFF"/>`;
      return `<g><ellipse cx="${x}" cy="${y}" rx="7" ry="3" fill="#1B1B1B" opacity="0.25"/><path d="M${x} ${y}c-3-7-12-13-12-22a12 12 0 0 1 24 0c0 9-9 15-12 22z" fill="#C8643B" stroke="#FFFFFF" stroke-width="2"/>${label}</g>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<rect width="100%" height="100%" fill="#D6E6E3"/>
<path d="${grid}" stroke="#FFFFFF" stroke-opacity="0.45" stroke-width="1" fill="none"/>
<path d="${land}" fill="#F4EFE6" stroke="#9DB4A4" stroke-width="1" stroke-linejoin="round" fill-rule="evenodd"/>
${pins}
<text x="${width - 6}" y="${height - 6}" text-anchor="end" font-family="DejaVu Sans, sans-serif" font-size="10" fill="#5F6B66">Natural Earth</text>
</svg>`;
}

export type RenderedMap = { key: string; url: string; cached: boolean };

/** The stored map for this request: read back when it exists, else drawn and stored. */
export async function renderMap(storage: FileStorage, r: MapRequest): Promise<RenderedMap & { bytes: Uint8Array }> {
  const { key, zoom, points } = mapKey(r);
  const stored = await storage.get(key);
  if (stored) return { key, url: storage.url(key), cached: true, bytes: stored };
  const bytes = new Uint8Array(await sharp(Buffer.from(mapSvg(points, zoom, r.width, r.height))).webp({ quality: 78 }).toBuffer());
  await storage.put(key, bytes, 'image/webp');
  return { key, url: storage.url(key), cached: false, bytes };
}
