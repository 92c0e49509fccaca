// Scenes of green uplands: rainforest, mountain and rice terraces.
import { mix } from '../draw/color.ts';
import { area, sample, smooth, waveFn, yAt } from '../draw/geometry.ts';
import { at, f, f3, int, lerp, type Pt, rnd } from '../draw/numbers.ts';
import { canopy, frond, pineForest, roundTree } from '../draw/plants.ts';
import { birds, mist, placeSun, sky } from '../draw/sky.ts';
import { add, type Ctx, H, layer, lin, tone, W } from '../draw/svg.ts';
import { farRanges, GREEN, GREEN_DEEP, mountains, ROCK } from '../draw/terrain.ts';

export function sceneRainforest(ctx: Ctx): void {
  const { r } = ctx;
  const hy = H * rnd(r, 0.36, 0.5);
  placeSun(ctx, hy);
  sky(ctx, hy);
  farRanges(ctx, hy + H * 0.02, int(r, 1, 2), { amp: H * rnd(r, 0.12, 0.22), depth0: 0.04, depth1: 0.2 });
  const layers = int(r, 4, 6);
  const bases = [GREEN_DEEP, GREEN, '#2c5e3a', GREEN_DEEP, '#173d27', '#0f2f1e'];
  for (let i = 0; i < layers; i++) {
    const t = i / (layers - 1);
    const depth = lerp(0.25, 1, Math.pow(t, 0.9));
    const baseY = lerp(hy + H * 0.06, H * rnd(r, 0.82, 0.95), Math.pow(t, 1.2));
    const fn = waveFn(r, baseY, H * lerp(0.03, 0.09, t), 3, rnd(r, 0.6, 1.2));
    const w: [number, number] = [lerp(14, 70, t), lerp(30, 150, t)];
    const h: [number, number] = [lerp(5, 26, t), lerp(12, 60, t)];
    layer(ctx, canopy(r, fn, w, h, H + 10, 0.07), at(bases, i), depth, 0.9);
    if (i < layers - 1) mist(ctx, baseY + H * 0.05, H * rnd(r, 0.08, 0.16), rnd(r, 0.2, 0.5));
  }
  if (r() < 0.6) birds(ctx, int(r, 3, 7), W * rnd(r, 0.2, 0.8), hy * rnd(r, 0.4, 0.8), 60, 9);
  if (r() < 0.55) {
    // foreground fronds framing a corner
    const left = r() < 0.5;
    const x = left ? -20 : W + 20;
    const c = tone(ctx, '#0b2415', 1);
    let d = '';
    const n = int(r, 3, 5);
    for (let i = 0; i < n; i++) {
      const len = rnd(r, 260, 460);
      const ang = (left ? 0 : Math.PI) + (left ? -1 : 1) * rnd(r, -0.2, 0.9);
      const y = H * rnd(r, 0.05, 0.55);
      const ex = x + Math.cos(ang) * len;
      const ey = y + Math.sin(ang) * len * 0.5 + len * 0.3;
      d += frond(x, y, x + Math.cos(ang) * len * 0.5, y + Math.sin(ang) * len * 0.5 - len * 0.15, ex, ey, len);
    }
    add(ctx, `<path d="${d}" fill="${c}"/>`);
  }
}

export function sceneMountain(ctx: Ctx): void {
  const { r } = ctx;
  const hy = H * rnd(r, 0.5, 0.64);
  placeSun(ctx, hy - H * 0.15);
  sky(ctx, hy);
  const ranges = int(r, 2, 3);
  for (let i = 0; i < ranges; i++) {
    const depth = lerp(0.12, 0.5, ranges === 1 ? 0 : i / (ranges - 1));
    const amp = H * rnd(r, 0.22, 0.36) * (1 - i * 0.2);
    mountains(ctx, { baseY: hy + i * H * 0.04, amp, depth, rough: rnd(r, 0.5, 0.6), rock: ROCK, snow: i < 2 && r() < 0.85 });
    mist(ctx, hy + i * H * 0.04 + H * 0.02, H * 0.08, rnd(r, 0.4, 0.75));
  }
  const hills = int(r, 1, 2);
  for (let i = 0; i < hills; i++) {
    const fn = waveFn(r, hy + H * (0.1 + i * 0.08), H * rnd(r, 0.03, 0.06), 3);
    layer(ctx, area(sample(fn)), i === 0 ? GREEN : GREEN_DEEP, 0.6 + i * 0.12);
    mist(ctx, hy + H * (0.14 + i * 0.08), H * 0.06, 0.35);
  }
  const ground = sample(waveFn(r, H * rnd(r, 0.86, 0.93), H * 0.04, 2), 30);
  pineForest(ctx, ground, '#163626', 0.95, H * rnd(r, 0.1, 0.18), 1.2);
  if (r() < 0.5) birds(ctx, int(r, 2, 5), W * rnd(r, 0.2, 0.8), hy * 0.35, 50, 8);
}

export function sceneRiceTerraces(ctx: Ctx): void {
  const { r } = ctx;
  const hy = H * rnd(r, 0.24, 0.36);
  placeSun(ctx, hy);
  sky(ctx, hy);
  farRanges(ctx, hy + H * 0.03, 2, { amp: H * 0.12, depth0: 0.04, depth1: 0.22 });
  const variant = ctx.tod !== 'day' && r() < 0.5 ? 'flooded' : ctx.tod !== 'dusk' && r() < 0.25 ? 'harvest' : 'green';
  const slopes = int(r, 2, 3);
  for (let i = 0; i < slopes; i++) {
    const t = slopes === 1 ? 1 : i / (slopes - 1);
    const depth = lerp(0.45, 1, t);
    const baseY = lerp(hy + H * 0.12, H * rnd(r, 0.55, 0.68), t);
    const tilt = rnd(r, -0.22, 0.22) * t;
    const wave = waveFn(r, baseY, H * lerp(0.04, 0.1, t), 3, rnd(r, 0.6, 1.1));
    const ridge = sample((x) => wave(x) + tilt * (x - W / 2), 20);
    terraceSlope(ctx, ridge, depth, variant);
    if (i < slopes - 1) mist(ctx, lerp(baseY, H, 0.35), H * 0.14, rnd(r, 0.25, 0.5));
  }
}

/** A hillside cut into terraces: non-crossing contour strips bending around spurs and gullies. */

function terraceSlope(ctx: Ctx, ridge: readonly Pt[], depth: number, variant: 'flooded' | 'harvest' | 'green'): void {
  const { r } = ctx;
  const p = ctx.pal;
  const base1 = variant === 'harvest' ? '#c9a640' : '#6fa83a';
  const base2 = variant === 'harvest' ? '#b8953a' : '#8cbf4a';
  const riser = variant === 'harvest' ? '#6a5a22' : '#2c5622';
  layer(ctx, area(ridge), base1, depth, 0.4);
  const minY = Math.min(...ridge.map((q) => q[1]));
  const meanY = ridge.reduce((s, q) => s + q[1], 0) / ridge.length;
  const span = Math.max(60, H + 20 - minY);
  const gap0 = lerp(5, 16, depth) * rnd(r, 0.85, 1.15);
  const spurs = [
    { k: (Math.PI * 2 * rnd(r, 1.2, 3)) / W, p: r() * 7, a: 1 },
    { k: (Math.PI * 2 * rnd(r, 3.5, 6)) / W, p: r() * 7, a: 0.35 },
  ];
  const spurAmp = lerp(10, 70, depth) * rnd(r, 0.7, 1.3);
  const S = (x: number): number => spurs.reduce((s, c) => s + c.a * Math.sin(c.k * x + c.p), 0);
  const contours: Pt[][] = [ridge.map(([x, y]): Pt => [x, y + 1])];
  let off = gap0 * 0.6;
  while (contours.length < 90) {
    const prev = at(contours, contours.length - 1);
    const u = off / span;
    const s = Math.min(0.65, u * 1.1);
    const gap = gap0 * (1 + u * 3);
    const next = ridge.map(([x, y], i): Pt => {
      const want = y * (1 - s) + meanY * s + off + S(x) * spurAmp * Math.min(1, u * 1.5);
      return [x, Math.max(want, at(prev, i)[1] + gap * 0.45)];
    });
    contours.push(next);
    if (Math.min(...next.map((q) => q[1])) > H + 10) break;
    off += gap * rnd(r, 0.85, 1.15);
  }
  const fills = ['', ''];
  let bunds = '';
  for (let i = 0; i < contours.length - 1; i++) {
    const a = at(contours, i);
    const b = [...at(contours, i + 1)].reverse();
    fills[i % 2] += `M${f(at(a, 0)[0])},${f(at(a, 0)[1])}${smooth(a)}L${f(at(b, 0)[0])},${f(at(b, 0)[1])}${smooth(b)}Z`;
    if (i > 0) bunds += `M${f(at(a, 0)[0])},${f(at(a, 0)[1])}${smooth(a)}`;
  }
  if (variant === 'flooded') {
    const refl = lin(ctx, [[0, mix(p.horizon, '#ffffff', 0.25)], [1, mix(p.mid, p.top, 0.3)]], { x1: 0, y1: minY, x2: 0, y2: H });
    add(ctx, `<path d="${fills[0]}" fill="${refl}" fill-opacity="${f3(0.6 + depth * 0.3)}"/>`);
    add(ctx, `<path d="${fills[1]}" fill="${tone(ctx, base2, depth)}"/>`);
  } else {
    add(ctx, `<path d="${fills[0]}" fill="${lin(ctx, [[0, tone(ctx, mix(base1, p.light, 0.15), depth)], [1, tone(ctx, base1, depth)]], { x1: 0, y1: minY, x2: 0, y2: H })}"/>`);
    add(ctx, `<path d="${fills[1]}" fill="${lin(ctx, [[0, tone(ctx, mix(base2, p.light, 0.15), depth)], [1, tone(ctx, base2, depth)]], { x1: 0, y1: minY, x2: 0, y2: H })}"/>`);
  }
  const sw = lerp(1, 3.2, depth) * (variant === 'flooded' ? 1.4 : 1);
  add(ctx, `<path d="${bunds}" fill="none" stroke="${tone(ctx, riser, depth)}" stroke-width="${f(sw)}" stroke-opacity="0.7" stroke-linecap="round"/>`);
  add(ctx, `<path d="${bunds}" transform="translate(0 ${f(-sw * 0.8)})" fill="none" stroke="${tone(ctx, mix(base2, p.light, 0.55), depth)}" stroke-width="${f(sw * 0.45)}" stroke-opacity="0.6" stroke-linecap="round"/>`);
  // trees and a stilt hut along the ridge
  if (r() < 0.7) {
    let d = '';
    const n = int(r, 2, 6);
    const x0 = W * rnd(r, 0, 0.8);
    const s = lerp(30, 140, depth);
    for (let i = 0; i < n; i++) {
      const x = x0 + i * s * rnd(r, 0.4, 0.9);
      d += roundTree(r, x, yAt(ridge, x) + s * 0.1, s * rnd(r, 0.7, 1.2));
    }
    if (r() < 0.6) {
      const hx = x0 + n * s * 0.7;
      const hy = yAt(ridge, hx) + s * 0.1;
      const hw = s * 0.55;
      d += `M${f(hx - hw / 2)},${f(hy)}L${f(hx - hw / 2)},${f(hy - hw * 0.35)}L${f(hx - hw * 0.7)},${f(hy - hw * 0.35)}L${f(hx)},${f(hy - hw * 0.85)}L${f(hx + hw * 0.7)},${f(hy - hw * 0.35)}L${f(hx + hw / 2)},${f(hy - hw * 0.35)}L${f(hx + hw / 2)},${f(hy)}Z`;
    }
    add(ctx, `<path d="${d}" fill="${tone(ctx, '#1f3e22', depth)}"/>`);
  }
}
