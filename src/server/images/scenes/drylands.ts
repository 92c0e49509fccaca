// Scenes of dry land: savanna and desert.
import { mix } from '../draw/color.ts';
import { area, lines, sample, waveFn, yAt } from '../draw/geometry.ts';
import { at, f, gauss, int, lerp, pick, type Pt, rnd } from '../draw/numbers.ts';
import { acacia } from '../draw/plants.ts';
import { birds, mist, placeSun, sky } from '../draw/sky.ts';
import { add, type Ctx, H, layer, lin, tone, W } from '../draw/svg.ts';
import { farRanges } from '../draw/terrain.ts';

export function sceneSavanna(ctx: Ctx): void {
  const { r } = ctx;
  const hy = H * rnd(r, 0.58, 0.7);
  placeSun(ctx, hy);
  sky(ctx, hy);
  farRanges(ctx, hy, int(r, 1, 2), { amp: H * 0.07, depth0: 0.05, depth1: 0.2, smoothRidge: true });
  const grass = ctx.tod === 'day' && r() < 0.5 ? ['#7d9a48', '#6a8a3c', '#58773a'] : ['#c8a65a', '#b08f48', '#8f733a'];
  const layers = 3;
  const treesAt = int(r, 0, layers - 1);
  for (let i = 0; i < layers; i++) {
    const t = i / (layers - 1);
    const y = lerp(hy + H * 0.02, H * rnd(r, 0.8, 0.9), t);
    const fn = waveFn(r, y, H * lerp(0.005, 0.025, t), 2);
    layer(ctx, area(sample(fn)), at(grass, i), lerp(0.4, 1, t), 0.5);
    if (i === treesAt || (i < layers - 1 && r() < 0.4)) {
      let d = '';
      const n = int(r, 1, 4);
      for (let k = 0; k < n; k++) {
        const x = W * rnd(r, 0.05, 0.95);
        d += acacia(r, x, fn(x) + 4, H * lerp(0.08, 0.3, t) * rnd(r, 0.7, 1.2));
      }
      add(ctx, `<path d="${d}" fill="${tone(ctx, '#2a2a18', lerp(0.45, 1, t))}"/>`);
    }
    if (i === 0) mist(ctx, y + H * 0.02, H * 0.04, 0.35);
  }
  // grass tufts in the foreground
  let d = '';
  for (let i = 0; i < 140; i++) {
    const x = r() * W;
    const y = H - Math.pow(r(), 2) * H * 0.12;
    const hh = rnd(r, 12, 40);
    const lean = rnd(r, -12, 12);
    d += `M${f(x - 2)},${f(y)}Q${f(x + lean * 0.3)},${f(y - hh * 0.6)} ${f(x + lean)},${f(y - hh)}Q${f(x + lean * 0.2 + 1)},${f(y - hh * 0.5)} ${f(x + 2)},${f(y)}Z`;
  }
  add(ctx, `<path d="${d}" fill="${tone(ctx, mix(at(grass, 2), '#3a2a10', 0.3), 1)}"/>`);
  if (r() < 0.7) birds(ctx, int(r, 3, 8), W * rnd(r, 0.2, 0.8), hy * rnd(r, 0.3, 0.6), 80, 9);
}

export function sceneDesert(ctx: Ctx): void {
  const { r } = ctx;
  const hy = H * rnd(r, 0.45, 0.58);
  placeSun(ctx, hy);
  sky(ctx, hy, { clouds: r() < 0.5 });
  const sandBase = pick(r, ['#dba46a', '#e2b27a', '#d38f58', '#e8c79a', '#c98a56']);
  if (r() < 0.45) farRanges(ctx, hy, 1, { amp: H * 0.1, base: '#7a6a5a', depth0: 0.05 });
  const layers = int(r, 3, 5);
  const caravanAt = r() < 0.5 ? int(r, 0, layers - 2) : -1;
  for (let i = 0; i < layers; i++) {
    const t = i / (layers - 1);
    const depth = lerp(0.2, 1, t);
    const baseY = lerp(hy + 6, H * rnd(r, 0.8, 0.92), Math.pow(t, 1.1));
    const profile = dunes(ctx, baseY, H * lerp(0.04, 0.2, t), depth, sandBase, i === layers - 1);
    if (i === caravanAt) caravan(ctx, profile, depth);
  }
}

function dunes(ctx: Ctx, baseY: number, amp: number, depth: number, sand: string, near: boolean): Pt[] {
  const { r } = ctx;
  // 1 - |sin| gives sharp crests and rounded troughs; a phase warp makes them asymmetric.
  const k = (Math.PI * rnd(r, 1.2, 2.6)) / W;
  const ph = r() * Math.PI;
  const warp = rnd(r, 0.35, 0.6) * (ctx.lightLeft ? -1 : 1);
  const slowK = (Math.PI * 2 * rnd(r, 0.3, 0.8)) / W;
  const slowP = r() * 6;
  const height = (x: number): number => {
    const u = k * x + ph;
    const v = 1 - Math.abs(Math.sin(u + warp * Math.sin(u)));
    return amp * (0.75 * Math.pow(v, 1.3) + 0.25 * (0.5 + 0.5 * Math.sin(slowK * x + slowP)));
  };
  const pts: Pt[] = [];
  for (let x = -40; x <= W + 40; x += 8) pts.push([x, baseY - height(x)]);
  const lit = tone(ctx, mix(sand, ctx.pal.light, 0.3), depth);
  add(ctx, `<path d="${area(pts, H + 10, false)}" fill="${lin(ctx, [[0, lit], [1, mix(lit, ctx.pal.haze, (1 - depth) * 0.4 + 0.05)]])}"/>`);
  // slip faces: from each crest down to the next trough on the side away from the light
  const dir = ctx.lightLeft ? 1 : -1;
  let shadow = '';
  for (let i = 1; i < pts.length - 1; i++) {
    const p = at(pts, i);
    if (!(p[1] <= at(pts, i - 1)[1] && p[1] < at(pts, i + 1)[1])) continue;
    const run: Pt[] = [p];
    let j = i + dir;
    while (j > 0 && j < pts.length - 1) {
      const q = at(pts, j);
      run.push(q);
      if (q[1] >= at(pts, j + dir)[1]) break;
      j += dir;
    }
    const v = at(run, run.length - 1);
    if (Math.abs(v[0] - p[0]) < 16) continue;
    const drop = Math.max(20, v[1] - p[1]);
    const footX = v[0] + dir * drop * rnd(r, 0.1, 0.5);
    const footY = v[1] + drop * rnd(r, 0.8, 1.6);
    const midX = p[0] + (footX - p[0]) * 0.25;
    shadow += `M${f(p[0])},${f(p[1])}${lines(run.slice(1))}Q${f(v[0] + dir * drop * 0.05)},${f(v[1] + drop * 0.5)} ${f(footX)},${f(footY)}Q${f(midX)},${f(lerp(p[1], footY, 0.55))} ${f(p[0])},${f(p[1])}Z`;
  }
  if (shadow) add(ctx, `<path d="${shadow}" fill="${tone(ctx, mix(sand, ctx.pal.shade, 0.5), depth)}" fill-opacity="0.7"/>`);
  if (near) {
    let d = '';
    for (let i = 0; i < 18; i++) {
      const y = lerp(baseY + 10, H, i / 18) + gauss(r) * 10;
      const x = rnd(r, -100, W);
      const len = rnd(r, 120, 420);
      const a = rnd(r, 3, 8);
      d += `M${f(x)},${f(y)}c${f(len * 0.3)},${f(-a)} ${f(len * 0.6)},${f(a)} ${f(len)},0`;
    }
    add(ctx, `<path d="${d}" fill="none" stroke="${tone(ctx, mix(sand, ctx.pal.shade, 0.35), 1)}" stroke-opacity="0.25" stroke-width="2" stroke-linecap="round"/>`);
  }
  return pts;
}

function caravan(ctx: Ctx, profile: readonly Pt[], depth: number): void {
  const { r } = ctx;
  const n = int(r, 2, 5);
  const s = lerp(14, 44, depth);
  let x = W * rnd(r, 0.15, 0.65);
  let d = '';
  for (let i = 0; i < n; i++) {
    const y = yAt(profile, x + s * 0.3) + s * 0.05;
    d += `M${f(x)},${f(y)}l${f(s * 0.08)},${f(-s * 0.55)}q${f(s * 0.05)},${f(-s * 0.35)} ${f(s * 0.3)},${f(-s * 0.4)}q${f(s * 0.15)},${f(-s * 0.3)} ${f(s * 0.3)},0q${f(s * 0.1)},${f(-s * 0.02)} ${f(s * 0.14)},${f(-s * 0.3)}l${f(s * 0.14)},${f(-s * 0.05)}l${f(s * 0.02)},${f(s * 0.1)}l${f(-s * 0.07)},${f(s * 0.06)}q${f(-s * 0.02)},${f(s * 0.3)} ${f(-s * 0.12)},${f(s * 0.55)}l${f(-s * 0.02)},${f(s * 0.55)}l${f(-s * 0.07)},0l${f(-s * 0.03)},${f(-s * 0.45)}l${f(-s * 0.4)},0l${f(-s * 0.04)},${f(s * 0.45)}Z`;
    x += s * rnd(r, 1.05, 1.3);
  }
  add(ctx, `<path d="${d}" fill="${tone(ctx, '#3a2616', Math.min(1, depth + 0.3))}"/>`);
}
