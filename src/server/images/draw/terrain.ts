// Reusable land forms: mountain ranges, far ridges and karst towers.
import { mix } from './color.ts';
import { area, lines, mdProfile, sample, smooth, waveFn, yAt } from './geometry.ts';
import { at, clamp, f, f3, gauss, int, lerp, type Pt, rnd, type Rng } from './numbers.ts';
import { mist } from './sky.ts';
import { add, type Ctx, H, layer, lin, tone, W } from './svg.ts';

export const GREEN = '#2f6a40';
export const GREEN_DEEP = '#1b4a30';
export const ROCK = '#5a6472';
const SNOW = '#eef3f8';

/** A jagged range with sun-side facets and optional snow caps. */
export function mountains(ctx: Ctx, o: { baseY: number; amp: number; depth: number; rough: number; rock: string; snow: boolean }): Pt[] {
  const { r } = ctx;
  const n = 64;
  const prof = mdProfile(r, n, o.rough);
  const pts: Pt[] = prof.map((h, i) => [-40 + ((W + 80) * i) / n, o.baseY - o.amp * Math.pow(h, 1.15)]);
  layer(ctx, area(pts, H + 10, false), o.rock, o.depth, 0.9);

  const minY = Math.min(...pts.map((p) => p[1]));
  if (o.snow) {
    const snowY = minY + (o.baseY - minY) * rnd(r, 0.25, 0.42);
    let d = '';
    let run: Pt[] = [];
    const flush = (): void => {
      if (run.length >= 2) {
        const a = at(run, 0);
        const b = at(run, run.length - 1);
        let back = '';
        const steps = Math.max(2, Math.round((b[0] - a[0]) / 9));
        let walk = rnd(r, 0, 15);
        for (let i = steps - 1; i > 0; i--) {
          const x = a[0] + ((b[0] - a[0]) * i) / steps;
          walk = clamp(walk + rnd(r, -9, 10), -12, 40);
          back += `L${f(x)},${f(Math.max(yAt(pts, x) + 3, snowY + walk))}`;
        }
        d += `M${f(a[0])},${f(a[1])}${lines(run.slice(1))}${back}Z`;
      }
      run = [];
    };
    for (let i = 0; i < pts.length; i++) {
      const p = at(pts, i);
      if (p[1] < snowY) {
        if (run.length === 0 && i > 0) {
          const q = at(pts, i - 1);
          run.push([lerp(q[0], p[0], (snowY - q[1]) / (p[1] - q[1])), snowY]);
        }
        run.push(p);
      } else if (run.length > 0) {
        const q = at(pts, i - 1);
        run.push([lerp(q[0], p[0], (snowY - q[1]) / (p[1] - q[1])), snowY]);
        flush();
      }
    }
    flush();
    const warm = ctx.tod === 'day' || ctx.tod === 'night' ? 0.05 : 0.35;
    const snow = mix(tone(ctx, SNOW, Math.min(1, o.depth + 0.3)), ctx.pal.light, warm);
    if (d) add(ctx, `<path d="${d}" fill="${snow}"/>`);
  }

  // shadow facets on the side away from the light: peak -> valley along the ridge, then a
  // jagged line back to the peak from a point below the valley.
  const dir = ctx.lightLeft ? 1 : -1;
  let facets = '';
  for (let i = 1; i < pts.length - 1; i++) {
    const p = at(pts, i);
    if (!(p[1] < at(pts, i - 1)[1] && p[1] < at(pts, i + 1)[1])) continue;
    const run: Pt[] = [p];
    let j = i + dir;
    while (j > 0 && j < pts.length - 1) {
      const q = at(pts, j);
      run.push(q);
      if (q[1] > at(pts, j + dir)[1]) break;
      j += dir;
    }
    const v = at(run, run.length - 1);
    if (Math.abs(v[0] - p[0]) < 20 || v[1] - p[1] < 12) continue;
    const drop = v[1] - p[1];
    const bx = p[0] + (v[0] - p[0]) * rnd(r, 0.1, 0.45);
    const by = Math.min(o.baseY + 40, v[1] + drop * rnd(r, 0.7, 1.5));
    let back = `L${f(bx)},${f(by)}`;
    for (let s = 3; s > 0; s--) {
      const t = s / 4;
      back += `L${f(lerp(p[0], bx, t) + gauss(r) * 5 * t)},${f(lerp(p[1], by, t))}`;
    }
    facets += `M${f(p[0])},${f(p[1])}${lines(run.slice(1))}${back}Z`;
  }
  if (facets) add(ctx, `<path d="${facets}" fill="${tone(ctx, mix(o.rock, ctx.pal.shade, 0.7), o.depth)}" fill-opacity="${f3(0.3 + 0.25 * o.depth)}"/>`);
  return pts;
}

export function farRanges(ctx: Ctx, horizonY: number, count: number, o: { amp?: number; depth0?: number; depth1?: number; base?: string; smoothRidge?: boolean } = {}): void {
  const { r } = ctx;
  const amp = o.amp ?? H * 0.16;
  for (let i = 0; i < count; i++) {
    const t = count === 1 ? 0 : i / (count - 1);
    const depth = lerp(o.depth0 ?? 0.05, o.depth1 ?? 0.35, t);
    const baseY = horizonY + i * H * 0.03;
    if (o.smoothRidge ?? r() < 0.5) {
      const fn = waveFn(r, baseY - amp * 0.4, amp * rnd(r, 0.35, 0.6), 4, rnd(r, 0.5, 1));
      layer(ctx, area(sample(fn, 40)), o.base ?? GREEN_DEEP, depth);
    } else {
      const prof = mdProfile(r, 64, rnd(r, 0.45, 0.58));
      const pts: Pt[] = prof.map((h, k) => [-40 + ((W + 80) * k) / 64, baseY - amp * (0.15 + 0.85 * h) * rnd(r, 0.6, 1)]);
      layer(ctx, area(pts, H + 10, true), o.base ?? GREEN_DEEP, depth);
    }
    if (r() < 0.7) mist(ctx, baseY + 8, H * 0.08, 0.55);
  }
}

function karst(r: Rng, x: number, baseY: number, w: number, h: number): string {
  const lean = rnd(r, -0.15, 0.15) * w;
  const pts: Pt[] = [
    [x - w / 2, baseY + 4],
    [x - w / 2 - rnd(r, -0.04, 0.1) * w, baseY - h * rnd(r, 0.1, 0.25)],
    [x - w * rnd(r, 0.4, 0.56) + lean * 0.4, baseY - h * rnd(r, 0.4, 0.6)],
    [x - w * rnd(r, 0.3, 0.45) + lean * 0.8, baseY - h * rnd(r, 0.75, 0.9)],
  ];
  const bumps = int(r, 1, 3);
  for (let b = 0; b < bumps; b++) {
    const tx = x - w * 0.3 + (w * 0.6 * (b + 0.5)) / bumps + lean;
    if (b > 0) pts.push([tx - (w * 0.3) / bumps, baseY - h * rnd(r, 0.7, 0.85)]);
    pts.push([tx, baseY - h * rnd(r, 0.86, 1)]);
  }
  pts.push(
    [x + w * rnd(r, 0.3, 0.45) + lean * 0.8, baseY - h * rnd(r, 0.7, 0.88)],
    [x + w * rnd(r, 0.4, 0.56) + lean * 0.4, baseY - h * rnd(r, 0.4, 0.6)],
    [x + w / 2 + rnd(r, -0.04, 0.1) * w, baseY - h * rnd(r, 0.1, 0.25)],
    [x + w / 2, baseY + 4],
  );
  return `M${f(x - w / 2)},${f(baseY + 6)}L${f(x - w / 2)},${f(baseY + 4)}${smooth(pts)}L${f(x + w / 2)},${f(baseY + 6)}Z`;
}

export function karstGroup(ctx: Ctx, baseY: number, depth: number, n: number, size: [number, number], xs?: [number, number]): void {
  const { r } = ctx;
  let d = '';
  for (let i = 0; i < n; i++) {
    const h = rnd(r, size[0], size[1]);
    const w = h * (r() < 0.25 ? rnd(r, 1.1, 1.8) : rnd(r, 0.4, 0.9));
    d += karst(r, W * rnd(r, xs?.[0] ?? -0.05, xs?.[1] ?? 1.05), baseY, w, h);
  }
  const top = tone(ctx, '#2f5a3a', depth);
  const bottom = tone(ctx, '#6b6a5e', depth);
  add(ctx, `<path d="${d}" fill="${lin(ctx, [[0, top], [0.55, mix(top, bottom, 0.5)], [1, mix(bottom, ctx.pal.haze, 0.2)]])}"/>`);
}
