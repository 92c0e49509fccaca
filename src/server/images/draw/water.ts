// Water surfaces: reflections, ripples and sun glitter.
import { mix } from './color.ts';
import { f, gauss, rnd } from './numbers.ts';
import { add, type Ctx, H, lin, newId, W } from './svg.ts';

/** Mirror everything drawn since `start` below the water line, then tint it as water. */
export function reflect(ctx: Ctx, start: number, wy: number, tint = 0.45): void {
  const captured = ctx.out.slice(start).join('');
  const clipId = newId(ctx, 'c');
  ctx.defs.push(`<clipPath id="${clipId}"><rect x="0" y="${f(wy)}" width="${W}" height="${f(H - wy + 2)}"/></clipPath>`);
  add(ctx, `<g clip-path="url(#${clipId})"><g transform="matrix(1 0 0 -1 0 ${f(2 * wy)})">${captured}</g></g>`);
  const p = ctx.pal;
  add(ctx, `<rect y="${f(wy)}" width="${W}" height="${f(H - wy)}" fill="${lin(ctx, [[0, p.water, tint * 0.5], [1, mix(p.water, p.shade, 0.3), Math.min(0.95, tint + 0.25)]])}"/>`);
  add(ctx, `<rect y="${f(wy - 1)}" width="${W}" height="2.5" fill="${mix(p.haze, '#ffffff', 0.3)}" fill-opacity="0.45"/>`);
}

export function ripples(ctx: Ctx, wy: number, n: number, color?: string): void {
  const { r } = ctx;
  const c = color ?? mix(ctx.pal.horizon, '#ffffff', 0.3);
  let d = '';
  for (let i = 0; i < n; i++) {
    const t = Math.pow(r(), 0.8);
    const y = wy + 4 + t * (H - wy);
    const len = (20 + 260 * t) * rnd(r, 0.4, 1.2);
    const x = r() * W;
    const th = 0.6 + t * 2.2;
    d += `M${f(x)},${f(y)}h${f(len)}a${f(th)},${f(th)} 0 0 1 0,${f(th)}h${f(-len)}a${f(th)},${f(th)} 0 0 1 0,${f(-th)}Z`;
  }
  add(ctx, `<path d="${d}" fill="${c}" fill-opacity="0.16"/>`);
}

/** Sun glitter: short bright dashes in a column below the sun, widening toward the viewer. */
export function glitter(ctx: Ctx, wy: number, x: number, width: number, n = 55): void {
  const { r } = ctx;
  const c = mix(ctx.pal.sun, ctx.pal.glow, 0.3);
  let d = '';
  for (let i = 0; i < n; i++) {
    const t = Math.pow(r(), 1.4);
    const y = wy + 3 + t * (H - wy);
    const spread = width * (0.15 + t * 1.4);
    const cx = x + gauss(r) * spread;
    const len = (6 + t * 70) * rnd(r, 0.4, 1.3) * (1 - Math.abs(cx - x) / (spread * 2 + 1));
    const th = 0.8 + t * 2.4;
    if (len > 2) d += `M${f(cx - len / 2)},${f(y)}h${f(len)}v${f(th)}h${f(-len)}Z`;
  }
  add(ctx, `<path d="${d}" fill="${c}" fill-opacity="${ctx.tod === 'night' ? 0.45 : 0.7}"/>`);
}
