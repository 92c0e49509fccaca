// The SVG being built for one image (frame size, gradients, appended shapes) and the
// shading every layer shares: tone by distance and time of day, mist at the base, vignette.
import type { Theme, TimeOfDay } from '../themes.ts';
import { mix } from './color.ts';
import { clamp, f, f3, type Rng } from './numbers.ts';
import type { Palette } from './palettes.ts';

/** Size of every image in the pool. */
export const W = 1600;
export const H = 1067;

export type Ctx = {
  r: Rng;
  theme: Theme;
  tod: TimeOfDay;
  pal: Palette;
  defs: string[];
  out: string[];
  uid: number;
  /** Sun (or moon at night) position and radius. */
  sun: { x: number; y: number; rad: number };
  /** True when light comes from the left half of the frame. */
  lightLeft: boolean;
};

type Stop = readonly [offset: number, color: string, opacity?: number];

function stopsXml(stops: readonly Stop[]): string {
  return stops
    .map(([o, c, a]) => `<stop offset="${f3(clamp(o, 0, 1))}" stop-color="${c}"${a === undefined || a >= 1 ? '' : ` stop-opacity="${f3(a)}"`}/>`)
    .join('');
}

export function newId(ctx: Ctx, prefix: string): string {
  return `${prefix}${ctx.uid++}`;
}

/** Vertical gradient over the shape's bounding box (default) or explicit user-space coordinates. */
export function lin(ctx: Ctx, stops: readonly Stop[], user?: { x1: number; y1: number; x2: number; y2: number }): string {
  const id = newId(ctx, 'l');
  const coords = user
    ? `x1="${f(user.x1)}" y1="${f(user.y1)}" x2="${f(user.x2)}" y2="${f(user.y2)}" gradientUnits="userSpaceOnUse"`
    : 'x1="0" y1="0" x2="0" y2="1"';
  ctx.defs.push(`<linearGradient id="${id}" ${coords}>${stopsXml(stops)}</linearGradient>`);
  return `url(#${id})`;
}

export function hlin(ctx: Ctx, stops: readonly Stop[]): string {
  const id = newId(ctx, 'h');
  ctx.defs.push(`<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0">${stopsXml(stops)}</linearGradient>`);
  return `url(#${id})`;
}

export function radial(ctx: Ctx, stops: readonly Stop[], cx: number, cy: number, radius: number): string {
  const id = newId(ctx, 'r');
  ctx.defs.push(
    `<radialGradient id="${id}" cx="${f(cx)}" cy="${f(cy)}" r="${f(radius)}" gradientUnits="userSpaceOnUse">${stopsXml(stops)}</radialGradient>`,
  );
  return `url(#${id})`;
}

export function add(ctx: Ctx, s: string): void {
  ctx.out.push(s);
}

/** Base colour lit for the time of day and faded toward the haze by distance (depth 0 far, 1 near). */
export function tone(ctx: Ctx, base: string, depth: number): string {
  const p = ctx.pal;
  const lit = mix(mix(base, p.shade, p.darkness), p.light, 0.07 * (1 - p.darkness));
  return mix(lit, p.haze, Math.pow(1 - clamp(depth, 0, 1), 1.25) * 0.9);
}

/** A filled layer whose base dissolves into mist (valleys hold haze). */
export function layer(ctx: Ctx, d: string, base: string, depth: number, mistiness = 1): void {
  const c = tone(ctx, base, depth);
  const bottom = mix(c, ctx.pal.haze, (0.5 * (1 - depth) + 0.04) * mistiness);
  add(ctx, `<path d="${d}" fill="${lin(ctx, [[0, c], [1, bottom]])}"/>`);
}

export function vignette(ctx: Ctx, strength = 0.32): void {
  // inverse glow: a dark frame with a transparent centre, made of four edge gradients
  const c = '#000000';
  add(ctx, `<rect width="${W}" height="${f(H * 0.3)}" fill="${lin(ctx, [[0, c, strength * 0.7], [1, c, 0]])}"/>`);
  add(ctx, `<rect y="${f(H * 0.62)}" width="${W}" height="${f(H * 0.38)}" fill="${lin(ctx, [[0, c, 0], [1, c, strength]])}"/>`);
  add(ctx, `<rect width="${f(W * 0.3)}" height="${H}" fill="${hlin(ctx, [[0, c, strength * 0.75], [1, c, 0]])}"/>`);
  add(ctx, `<rect x="${f(W * 0.7)}" width="${f(W * 0.3)}" height="${H}" fill="${hlin(ctx, [[0, c, 0], [1, c, strength * 0.75]])}"/>`);
}
