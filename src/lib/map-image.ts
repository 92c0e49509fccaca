// Static map images (ADR 0040): the address of a one-point map that the server draws on first
// request and keeps (GET /maps/{lat},{lng},{zoom}/{width}x{height}.webp), and the words that
// describe a map to screen readers. Pure: pages build the address, the server parses it.
export const MAP_PATH = /^\/maps\/(-?\d{1,2}(?:\.\d{1,5})?),(-?\d{1,3}(?:\.\d{1,5})?),(\d{1,2})\/(\d{2,4})x(\d{2,4})\.webp$/;

/** Regional view of a single meeting point: the town and the coast or park around it. */
export const POINT_ZOOM = 7;

export type MapSpec = { latitude: number; longitude: number; zoom: number; width: number; height: number };

/** Coordinates kept to about a metre: the same place always makes the same address (and file). */
export const roundCoordinate = (n: number) => Math.round(n * 1e4) / 1e4;

export function mapImagePath(s: MapSpec): string {
  return `/maps/${roundCoordinate(s.latitude)},${roundCoordinate(s.longitude)},${s.zoom}/${s.width}x${s.height}.webp`;
}

export function parseMapPath(path: string): MapSpec | null {
  const m = MAP_PATH.exec(path);
  if (!m) return null;
  const [latitude, longitude, zoom, width, height] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (Math.abs(latitude) > 85 || Math.abs(longitude) > 180 || zoom < 2 || zoom > 10 || width < 160 || width > 1200 || height < 120 || height > 800) return null;
  return { latitude, longitude, zoom, width, height };
}

/** "Map of the area around Changi Point Ferry Terminal, Singapore, with the meeting point marked." */
export function mapAlt(points: readonly { label?: string | undefined }[], place?: string): string {
  const named = points.map((p) => p.label?.trim()).filter((l): l is string => !!l);
  const where = place ? `, ${place}` : '';
  if (points.length === 1) return named[0] ? `Map of the area around ${named[0]}${where}, with the meeting point marked` : `Map${where ? ` of the area${where}` : ''} with the meeting point marked`;
  const list = named.length ? `: ${named.map((n, i) => `${i + 1}. ${n}`).join('; ')}` : '';
  return `Map${where ? ` of${where.slice(1)}` : ''} with ${points.length} numbered stops${list}`;
}
