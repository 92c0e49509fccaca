// Dark scenes: night sky and cave.
import { mix } from '../draw/color.ts';
import { circlePath, closedSmooth, sample, waveFn, yAt } from '../draw/geometry.ts';
import { glowShape, softGlow } from '../draw/glow.ts';
import { at, f, gauss, int, lerp, type Pt, rnd } from '../draw/numbers.ts';
import { canopy, pineForest } from '../draw/plants.ts';
import { mist, placeSun, sky, stars } from '../draw/sky.ts';
import { add, type Ctx, H, hlin, layer, lin, tone, W } from '../draw/svg.ts';
import { farRanges, GREEN, GREEN_DEEP, karstGroup, mountains } from '../draw/terrain.ts';

export function sceneNightSky(ctx: Ctx): void {
  const { r } = ctx;
  const hy = H * rnd(r, 0.62, 0.74);
  placeSun(ctx, hy);
  const milky = ctx.tod === 'night' && r() < 0.7;
  if (ctx.tod === 'dusk') ctx.sun = { ...ctx.sun, y: hy + 60 };
  sky(ctx, hy, { stars: milky ? 220 : 420, sunDisc: ctx.tod === 'night' && (!milky || r() < 0.3), clouds: false });
  if (ctx.tod === 'dusk') stars(ctx, hy * 0.6, 160);
  if (milky) {
    const cx = W * rnd(r, 0.35, 0.65);
    const cy = hy * rnd(r, 0.4, 0.55);
    const ang = rnd(r, 35, 70) * (r() < 0.5 ? 1 : -1);
    const len = W * 1.3;
    const glowC = mix('#d8d0f0', ctx.pal.glow, 0.25);
    let g = `<g transform="rotate(${f(ang)} ${f(cx)} ${f(cy)})">`;
    // gauss() has a standard deviation of ~1/3, so offsets below are ~3x their spread
    for (let i = 0; i < 18; i++) {
      const t = r() - 0.5;
      const wide = 1 - Math.abs(t) * 0.9;
      g += glowShape(cx + t * len, cy + gauss(r) * 150 * wide, rnd(r, 220, 480), rnd(r, 120, 260) * wide, i % 5 === 1 ? '#f3dcc4' : glowC, 0.22, 1.4);
    }
    for (let i = 0; i < 7; i++) {
      const t = (r() - 0.5) * 0.8;
      g += glowShape(cx + t * len, cy + gauss(r) * 70, rnd(r, 160, 340), rnd(r, 25, 60), ctx.pal.top, 0.32, 1.1);
    }
    const buckets = ['', '', ''];
    for (let i = 0; i < 1100; i++) {
      const k = i % 3;
      const t = r() - 0.5;
      const wide = 1 - Math.abs(t) * 0.8;
      buckets[k] += circlePath(cx + t * len, cy + gauss(r) * (k === 0 ? 420 : 220) * wide, 0.35 + Math.pow(r(), 8) * 1.6);
    }
    g += `<path d="${buckets[0]}" fill="#ffffff" fill-opacity="0.35"/><path d="${buckets[1]}" fill="#ffffff" fill-opacity="0.55"/><path d="${buckets[2]}" fill="#fff4e8" fill-opacity="0.8"/></g>`;
    add(ctx, g);
  }
  if (r() < 0.35) {
    const x = W * rnd(r, 0.1, 0.8);
    const y = hy * rnd(r, 0.1, 0.4);
    const len = rnd(r, 120, 260);
    add(ctx, `<path d="M${f(x)},${f(y)}l${f(len)},${f(len * 0.35)}l-1,2Z" fill="${hlin(ctx, [[0, '#ffffff', 0], [1, '#ffffff', 0.9]])}"/>`);
  }
  mountains(ctx, { baseY: hy, amp: H * rnd(r, 0.12, 0.24), depth: 0.35, rough: 0.55, rock: '#3a4460', snow: r() < 0.4 });
  const ground = sample(waveFn(r, H * rnd(r, 0.84, 0.9), H * 0.02, 2), 30);
  const camp = r() < 0.65;
  pineForest(ctx, ground, '#0c1a14', 0.95, H * rnd(r, 0.1, 0.22), 0.9);
  if (camp) {
    const tx = W * rnd(r, 0.25, 0.75);
    const ty = Math.min(H - 30, yAt(ground, tx) + H * 0.08);
    const tw = rnd(r, 130, 200);
    add(ctx, `<path d="M-40,${f(ty - 14)}Q${f(W * 0.5)},${f(ty - 30)} ${W + 40},${f(ty - 10)}L${W + 40},${f(H + 10)}L-40,${f(H + 10)}Z" fill="${tone(ctx, '#0f1a12', 1)}"/>`);
    softGlow(ctx, tx, ty - tw * 0.2, tw * 2.6, tw * 1.8, '#ff9a48', 0.6, 2);
    add(ctx, `<path d="M${f(tx - tw / 2)},${f(ty)}L${f(tx)},${f(ty - tw * 0.62)}L${f(tx + tw / 2)},${f(ty)}Z" fill="${lin(ctx, [[0, '#ffcf7a'], [1, '#e8892e']])}"/><path d="M${f(tx - tw * 0.12)},${f(ty)}L${f(tx)},${f(ty - tw * 0.3)}L${f(tx + tw * 0.12)},${f(ty)}Z" fill="#fff0c0"/>`);
    add(ctx, `<path d="M${f(tx - tw / 2 - 6)},${f(ty + 1)}L${f(tx)},${f(ty - tw * 0.66)}L${f(tx + tw / 2 + 6)},${f(ty + 1)}" fill="none" stroke="#2a1a10" stroke-width="3" stroke-linejoin="round"/>`);
  }
}

/** Highest point of a closed polygon's boundary at x (for hanging things off a rim). */
function rimTop(poly: readonly Pt[], x: number, fallback: number): number {
  let best = Infinity;
  for (let i = 0; i < poly.length; i++) {
    const a = at(poly, i);
    const b = at(poly, (i + 1) % poly.length);
    if ((a[0] - x) * (b[0] - x) > 0 || a[0] === b[0]) continue;
    best = Math.min(best, lerp(a[1], b[1], (x - a[0]) / (b[0] - a[0])));
  }
  return Number.isFinite(best) ? best : fallback;
}

export function sceneCave(ctx: Ctx): void {
  const { r } = ctx;
  // the landscape outside
  const hy = H * rnd(r, 0.48, 0.6);
  placeSun(ctx, hy);
  sky(ctx, hy);
  farRanges(ctx, hy, 2, { amp: H * 0.18, depth0: 0.05, depth1: 0.3 });
  if (r() < 0.5) karstGroup(ctx, hy + H * 0.06, 0.4, int(r, 2, 4), [H * 0.15, H * 0.3]);
  for (let i = 0; i < 2; i++) {
    const fn = waveFn(r, hy + H * (0.12 + i * 0.12), H * 0.03, 3);
    layer(ctx, canopy(r, fn, [20 + i * 20, 50 + i * 40], [8 + i * 6, 20 + i * 14], H + 10, 0.08), i === 0 ? GREEN : GREEN_DEEP, 0.55 + i * 0.2, 0.7);
    mist(ctx, hy + H * (0.16 + i * 0.12), H * 0.07, 0.4);
  }
  // the cave frame: an irregular opening in dark rock, lit near the rim
  const cx = W * rnd(r, 0.36, 0.64);
  const cy = H * rnd(r, 0.4, 0.5);
  const rx = W * rnd(r, 0.28, 0.38);
  const ry = H * rnd(r, 0.3, 0.4);
  const outline = (scale: number, jitter: number): Pt[] => {
    const n = 22;
    const pts: Pt[] = [];
    for (let i = 0; i < n; i++) {
      const a = (i / n) * Math.PI * 2;
      const k = scale * rnd(r, 1 - jitter, 1 + jitter);
      const flat = Math.sin(a) > 0.4 ? 0.8 : 1; // flatter floor
      pts.push([cx + Math.cos(a) * rx * k, cy + Math.sin(a) * ry * k * flat]);
    }
    return pts;
  };
  const hole = outline(1, 0.12);
  const rock = tone(ctx, '#7a6a58', 0.95);
  const lit = mix(rock, ctx.pal.light, 0.35);
  const dark = mix('#0c0a09', ctx.pal.shade, 0.25);
  const holeD = closedSmooth(hole);
  add(ctx, `<path fill-rule="evenodd" d="M-10,-10H${W + 10}V${H + 10}H-10Z${holeD}" fill="${mix(rock, dark, 0.82)}"/>`);
  // light falling on the rock around the opening: stacked translucent rings
  let rings = '';
  for (const sc of [1.8, 1.6, 1.45, 1.34, 1.25, 1.18, 1.12, 1.07, 1.03]) {
    const ring = hole.map(([x, y]): Pt => [cx + (x - cx) * sc * rnd(r, 0.95, 1.05), cy + (y - cy) * sc * rnd(r, 0.95, 1.05)]);
    rings += `<path fill-rule="evenodd" d="${closedSmooth(ring)}${holeD}"/>`;
  }
  add(ctx, `<g fill="${lit}" fill-opacity="0.14">${rings}</g>`);
  // a second, darker rock shelf a little further in gives the rim depth
  const shelf = outline(rnd(r, 1.12, 1.22), 0.1);
  add(ctx, `<path fill-rule="evenodd" d="M-10,-10H${W + 10}V${H + 10}H-10Z${closedSmooth(shelf)}" fill="${dark}" fill-opacity="0.55"/>`);
  // stalactites hanging from the upper rim
  let st = '';
  const count = int(r, 8, 16);
  for (let i = 0; i < count; i++) {
    const u = rnd(r, -0.85, 0.85);
    const x = cx + u * rx;
    const topY = rimTop(hole, x, cy) - 12;
    const len = rnd(r, 30, 140) * (1 - Math.abs(u) * 0.5);
    const w = rnd(r, 10, 30);
    st += `M${f(x - w / 2)},${f(topY)}Q${f(x - w * 0.15)},${f(topY + len * 0.6)} ${f(x)},${f(topY + len)}Q${f(x + w * 0.15)},${f(topY + len * 0.6)} ${f(x + w / 2)},${f(topY)}Z`;
  }
  add(ctx, `<path d="${st}" fill="${mix(rock, dark, 0.45)}"/>`);
  add(ctx, `<path d="${closedSmooth(hole)}" fill="none" stroke="${mix(lit, ctx.pal.light, 0.5)}" stroke-opacity="0.35" stroke-width="3"/>`);
  // boulders on the cave floor, rim-lit from the opening
  const fy = cy + ry * 0.8;
  let boulders = '';
  const nb = int(r, 3, 6);
  for (let i = 0; i < nb; i++) {
    const bx = cx + rnd(r, -1.1, 1.1) * rx;
    const bw = rnd(r, 80, 260);
    const bh = bw * rnd(r, 0.25, 0.45);
    const by = fy + rnd(r, 10, 60);
    boulders += `M${f(bx - bw / 2)},${f(by + bh)}C${f(bx - bw / 2)},${f(by - bh * 0.2)} ${f(bx - bw * 0.2)},${f(by - bh * 0.5)} ${f(bx)},${f(by - bh * 0.45)}C${f(bx + bw * 0.3)},${f(by - bh * 0.4)} ${f(bx + bw / 2)},${f(by)} ${f(bx + bw / 2)},${f(by + bh)}Z`;
  }
  boulders += `M-10,${f(H + 10)}L-10,${f(fy + 70)}Q${f(cx)},${f(fy + 20)} ${W + 10},${f(fy + 80)}L${W + 10},${f(H + 10)}Z`;
  add(ctx, `<path d="${boulders}" fill="${lin(ctx, [[0, mix(rock, dark, 0.35)], [0.3, mix(rock, dark, 0.75)], [1, dark]], { x1: 0, y1: fy - 60, x2: 0, y2: H })}"/>`);
  softGlow(ctx, cx, fy + 60, rx * 1.1, H * 0.08, ctx.pal.light, 0.22, 1.2);
  if (r() < 0.55) {
    // a tiny explorer for scale, standing on the lit floor
    const px = cx + rnd(r, -0.35, 0.35) * rx;
    const py = fy + 40;
    const s = rnd(r, 34, 56);
    add(ctx, `<path d="${circlePath(px, py - s * 0.9, s * 0.09)}M${f(px - s * 0.12)},${f(py - s * 0.78)}L${f(px + s * 0.12)},${f(py - s * 0.78)}L${f(px + s * 0.1)},${f(py - s * 0.4)}L${f(px + s * 0.08)},${f(py)}L${f(px + s * 0.02)},${f(py)}L${f(px)},${f(py - s * 0.36)}L${f(px - s * 0.02)},${f(py)}L${f(px - s * 0.08)},${f(py)}L${f(px - s * 0.1)},${f(py - s * 0.4)}Z" fill="${dark}"/>`);
  }
}
