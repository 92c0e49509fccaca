// Scenes by the water: lake, island, coast and river (boats included).
import { mix } from '../draw/color.ts';
import { area, lines, sample, smooth, waveFn, yAt } from '../draw/geometry.ts';
import { at, clamp, f, f3, gauss, int, lerp, type Pt, rnd } from '../draw/numbers.ts';
import { canopy, canopyEdge, palm, pine, pineForest } from '../draw/plants.ts';
import { birds, mist, placeSun, sky } from '../draw/sky.ts';
import { add, type Ctx, H, layer, lin, tone, W } from '../draw/svg.ts';
import { farRanges, GREEN, GREEN_DEEP, karstGroup, mountains, ROCK } from '../draw/terrain.ts';
import { glitter, reflect, ripples } from '../draw/water.ts';

export function sceneLake(ctx: Ctx): void {
  const { r } = ctx;
  const wy = H * rnd(r, 0.52, 0.62);
  placeSun(ctx, wy - H * 0.1);
  const start = ctx.out.length;
  sky(ctx, wy);
  if (r() < 0.75) {
    mountains(ctx, { baseY: wy - H * 0.03, amp: H * rnd(r, 0.2, 0.32), depth: 0.15, rough: rnd(r, 0.5, 0.6), rock: ROCK, snow: r() < 0.7 });
    mist(ctx, wy - H * 0.02, H * 0.06, 0.5);
  } else farRanges(ctx, wy - H * 0.05, 2, { amp: H * 0.16 });
  const shore = sample(waveFn(r, wy - H * 0.015, H * 0.012, 3), 30);
  if (r() < 0.6) pineForest(ctx, shore, GREEN_DEEP, 0.55, H * rnd(r, 0.05, 0.09));
  else layer(ctx, canopy(r, (x) => yAt(shore, x), [20, 50], [8, 22], H + 10, 0.05), GREEN_DEEP, 0.55, 0.5);
  reflect(ctx, start, wy, 0.3);
  if (ctx.tod !== 'day') glitter(ctx, wy, ctx.sun.x, 14, 40);
  ripples(ctx, wy, 45);
  if (ctx.tod === 'dawn' || r() < 0.3) mist(ctx, wy + 6, H * 0.05, 0.5, mix(ctx.pal.haze, '#ffffff', 0.25));
  // foreground shore on one side with pines, sometimes a canoe
  const left = r() < 0.5;
  const fx = left ? W * rnd(r, 0.22, 0.38) : W * rnd(r, 0.62, 0.78);
  const fy = H * rnd(r, 0.84, 0.93);
  const pts: Pt[] = left
    ? [[-40, fy - H * 0.08], [fx * 0.5, fy - H * 0.04], [fx, fy + H * 0.02], [fx + 80, H + 20]]
    : [[fx - 80, H + 20], [fx, fy + H * 0.02], [fx + (W - fx) * 0.5, fy - H * 0.04], [W + 40, fy - H * 0.08]];
  let d = area(pts, H + 20, true);
  const trees = int(r, 2, 5);
  for (let i = 0; i < trees; i++) {
    const tx = left ? rnd(r, -20, fx * 0.85) : rnd(r, fx + (W - fx) * 0.15, W + 20);
    const th = H * rnd(r, 0.28, 0.5);
    d += pine(r, tx, yAt([...pts].sort((a, b) => a[0] - b[0]), tx) + 6, th, th * rnd(r, 0.3, 0.38));
  }
  add(ctx, `<path d="${d}" fill="${tone(ctx, '#10251a', 1)}"/>`);
  if (r() < 0.5) boat(ctx, W * rnd(r, 0.35, 0.65), wy + (H - wy) * rnd(r, 0.3, 0.55), rnd(r, 50, 90), 'canoe');
}

function boat(ctx: Ctx, x: number, y: number, len: number, kind: 'canoe' | 'longtail' | 'junk'): void {
  const c = tone(ctx, '#2a1c14', 0.9);
  let d: string;
  if (kind === 'junk') {
    const h = len * 0.18;
    d = `M${f(x - len / 2)},${f(y - h)}Q${f(x - len * 0.3)},${f(y + h * 0.3)} ${f(x)},${f(y)}Q${f(x + len * 0.35)},${f(y + h * 0.2)} ${f(x + len / 2)},${f(y - h * 1.2)}L${f(x + len * 0.3)},${f(y - h * 0.6)}L${f(x - len * 0.35)},${f(y - h * 0.6)}Z`;
    const sails = [
      [-0.22, 1.5, 0.3],
      [0.05, 2.1, 0.36],
      [0.3, 1.5, 0.26],
    ] as const;
    let s = '';
    for (const [dx, hh, ww] of sails) {
      const sx = x + dx * len;
      const top = y - h - hh * len * 0.4;
      s += `M${f(sx)},${f(y - h * 0.8)}L${f(sx)},${f(top)}Q${f(sx + ww * len * 0.6)},${f(top - len * 0.04)} ${f(sx + ww * len)},${f(top + len * 0.05)}L${f(sx + ww * len * 0.85)},${f(y - h * 1.1)}Z`;
    }
    add(ctx, `<path d="${s}" fill="${tone(ctx, '#8a3a22', 0.8)}"/>`);
  } else if (kind === 'longtail') {
    const h = len * 0.1;
    d = `M${f(x - len / 2)},${f(y - h * 3)}Q${f(x - len * 0.42)},${f(y)} ${f(x - len * 0.2)},${f(y)}L${f(x + len * 0.45)},${f(y - h * 0.2)}L${f(x + len / 2)},${f(y - h * 1.2)}L${f(x - len * 0.35)},${f(y - h * 1.1)}Z`;
    d += `M${f(x + len * 0.05)},${f(y - h)}l0,${f(-len * 0.16)}a${f(len * 0.035)},${f(len * 0.035)} 0 1 1 ${f(len * 0.05)},0l0,${f(len * 0.16)}Z`;
  } else {
    const h = len * 0.08;
    d = `M${f(x - len / 2)},${f(y - h)}Q${f(x)},${f(y + h * 1.4)} ${f(x + len / 2)},${f(y - h)}Q${f(x)},${f(y + h * 0.2)} ${f(x - len / 2)},${f(y - h)}Z`;
    d += `M${f(x - len * 0.05)},${f(y - h * 0.2)}l${f(len * 0.02)},${f(-len * 0.18)}a${f(len * 0.03)},${f(len * 0.03)} 0 1 1 ${f(len * 0.04)},0l${f(len * 0.02)},${f(len * 0.18)}Z`;
  }
  add(ctx, `<path d="${d}" fill="${c}"/>`);
}

export function sceneIsland(ctx: Ctx): void {
  const { r } = ctx;
  const wy = H * rnd(r, 0.56, 0.66);
  placeSun(ctx, wy);
  const start = ctx.out.length;
  sky(ctx, wy);
  if (r() < 0.5) farRanges(ctx, wy, 1, { amp: H * 0.08, depth0: 0.02 });
  karstGroup(ctx, wy, 0.12, int(r, 6, 12), [H * 0.05, H * 0.13]);
  mist(ctx, wy - 4, H * 0.05, 0.5);
  karstGroup(ctx, wy, 0.35, int(r, 3, 6), [H * 0.12, H * 0.24]);
  const side = r() < 0.5 ? [-0.08, 0.22] : [0.78, 1.08];
  karstGroup(ctx, wy, 0.7, int(r, 1, 2), [H * 0.3, H * 0.45], [side[0] ?? 0, side[1] ?? 1]);
  reflect(ctx, start, wy, 0.35);
  glitter(ctx, wy, ctx.sun.x, 18);
  ripples(ctx, wy, 55);
  if (r() < 0.7) boat(ctx, W * rnd(r, 0.3, 0.7), wy + (H - wy) * rnd(r, 0.2, 0.5), rnd(r, 80, 160), r() < 0.6 ? 'junk' : 'longtail');
  if (r() < 0.5) birds(ctx, int(r, 2, 6), W * rnd(r, 0.2, 0.8), wy * 0.35, 60, 9);
}

export function sceneCoast(ctx: Ctx): void {
  const { r } = ctx;
  const hy = H * rnd(r, 0.46, 0.58);
  placeSun(ctx, hy);
  sky(ctx, hy);
  const p = ctx.pal;
  // sea
  const near = mix(p.water, '#0d5a6e', ctx.tod === 'day' ? 0.5 : 0.15);
  add(ctx, `<rect y="${f(hy)}" width="${W}" height="${f(H - hy)}" fill="${lin(ctx, [[0, mix(p.horizon, p.water, 0.45)], [0.25, mix(p.water, p.mid, 0.2)], [1, near]])}"/>`);
  glitter(ctx, hy, ctx.sun.x, 22, 70);
  ripples(ctx, hy, 60, mix(p.horizon, '#ffffff', 0.5));
  // distant islets
  const islets = int(r, 0, 3);
  for (let i = 0; i < islets; i++) {
    const x = W * rnd(r, 0.1, 0.9);
    const w = rnd(r, 60, 220);
    const h = rnd(r, 8, 30);
    add(ctx, `<path d="M${f(x - w / 2)},${f(hy + 1)}Q${f(x - w * 0.2)},${f(hy - h * 1.6)} ${f(x)},${f(hy - h)}Q${f(x + w * 0.25)},${f(hy - h * 1.4)} ${f(x + w / 2)},${f(hy + 1)}Z" fill="${tone(ctx, GREEN_DEEP, 0.05)}"/>`);
  }
  // headland
  const left = r() < 0.5;
  const reach = W * rnd(r, 0.25, 0.5);
  const top = hy - H * rnd(r, 0.1, 0.22);
  const edge = left ? reach : W - reach;
  const pts: Pt[] = [];
  for (let i = 0; i <= 12; i++) {
    const t = i / 12;
    const x = left ? lerp(-40, edge, t) : lerp(W + 40, edge, t);
    const y = lerp(top, hy - H * 0.02, Math.pow(t, 2.2)) + Math.sin(t * 9 + r()) * 6;
    pts.push([x, y]);
  }
  if (!left) pts.reverse();
  const range: [number, number] = left ? [-40, edge] : [edge, W + 40];
  const hd = canopy(r, (x) => yAt(pts, x), [18, 48], [6, 18], hy + 3, 0.04, range);
  const endX = left ? edge + rnd(r, 10, 40) : edge - rnd(r, 10, 40);
  const endY = yAt(pts, edge) - 4;
  add(ctx, `<path d="M${f(edge)},${f(endY)}L${f(endX)},${f(hy + 3)}L${f(left ? edge - 200 : edge + 200)},${f(hy + 3)}Z" fill="${tone(ctx, '#7a6652', 0.45)}"/>`);
  layer(ctx, hd, GREEN, 0.45, 0.8);
  // beach: shallow water, wet sand, lines of foam, dry sand
  const yl = H * rnd(r, 0.8, 0.97);
  const yr = H * rnd(r, 0.78, 0.97);
  const bow = H * rnd(r, 0.04, 0.14);
  const shore = (x: number): number => {
    const u = x / W;
    return lerp(yl, yr, u) - bow * 4 * u * (1 - u);
  };
  const sand = tone(ctx, '#ecd5a8', 0.95);
  const line = (off: number, amp: number, step = 40): Pt[] => {
    const ph = r() * 6;
    const fr = rnd(r, 0.01, 0.02);
    return sample((x) => shore(x) - off + amp * Math.sin(x * fr + ph) + amp * 0.5 * Math.sin(x * fr * 2.7 + ph * 2), step);
  };
  if (ctx.tod !== 'night') {
    const shallow = mix(p.water, '#5fd0c8', ctx.tod === 'day' ? 0.55 : 0.2);
    add(ctx, `<path d="${area(line(H * 0.09, 6))}" fill="${lin(ctx, [[0, shallow, 0], [1, shallow, 0.7]])}"/>`);
  }
  add(ctx, `<path d="${area(line(-4, 3))}" fill="${mix(sand, p.water, 0.4)}"/>`);
  let foam = '';
  for (let k = 0; k < 3; k++) {
    const pts = line(k * rnd(r, 16, 30) + 2, rnd(r, 3, 8), 30);
    foam += `<path d="M${f(at(pts, 0)[0])},${f(at(pts, 0)[1])}${smooth(pts)}" stroke-width="${f(3.2 - k)}" stroke-opacity="${f3(0.85 - k * 0.25)}"/>`;
  }
  add(ctx, `<g fill="none" stroke="#ffffff" stroke-linecap="round">${foam}</g>`);
  add(ctx, `<path d="${area(line(-14, 4))}" fill="${lin(ctx, [[0, sand], [1, mix(sand, p.shade, 0.25)]])}"/>`);
  if (r() < 0.75) {
    const n = int(r, 1, 3);
    const px = left ? W * rnd(r, 0.7, 0.95) : W * rnd(r, 0.05, 0.3);
    let d = '';
    for (let i = 0; i < n; i++) {
      const x = px + (i - n / 2) * rnd(r, 40, 110);
      d += palm(r, x, H + 10, H * rnd(r, 0.55, 0.85), (left ? 1 : -1) * rnd(r, 0.2, 0.9) * (r() < 0.2 ? -1 : 1));
    }
    add(ctx, `<path d="${d}" fill="${tone(ctx, '#14261a', 1)}"/>`);
  }
  if (r() < 0.6) birds(ctx, int(r, 2, 5), W * rnd(r, 0.2, 0.8), hy * 0.4, 70, 10);
}

export function sceneRiver(ctx: Ctx): void {
  const { r } = ctx;
  const hy = H * rnd(r, 0.38, 0.48);
  placeSun(ctx, hy);
  sky(ctx, hy);
  const p = ctx.pal;
  farRanges(ctx, hy, 2, { amp: H * 0.16, depth0: 0.05, depth1: 0.25 });
  layer(ctx, `M-40,${f(hy + H * 0.03)}L${W + 40},${f(hy + H * 0.03)}L${W + 40},${f(H + 10)}L-40,${f(H + 10)}Z`, GREEN_DEEP, 0.4, 0.4);
  // river: a winding ribbon from the horizon toward the viewer
  const vx = W * rnd(r, 0.35, 0.65);
  const bx = W * rnd(r, 0.3, 0.7);
  const wig = rnd(r, 120, 260) * (r() < 0.5 ? -1 : 1);
  const top = hy + H * 0.035;
  const yOf = (t: number): number => lerp(top, H + 30, Math.pow(t, 1.6));
  const cOf = (t: number): number => lerp(vx, bx, t) + wig * Math.sin(t * Math.PI * 2.2) * (0.25 + t);
  const wOf = (t: number): number => lerp(6, W * 0.8, Math.pow(t, 1.35));
  const left: Pt[] = [];
  const right: Pt[] = [];
  for (let i = 0; i <= 20; i++) {
    const t = i / 20;
    left.push([cOf(t) - wOf(t) / 2, yOf(t)]);
    right.push([cOf(t) + wOf(t) / 2, yOf(t)]);
  }
  const rev = [...right].reverse();
  const rd = `M${f(at(left, 0)[0])},${f(at(left, 0)[1])}${smooth(left)}L${f(at(rev, 0)[0])},${f(at(rev, 0)[1])}${smooth(rev)}Z`;
  add(ctx, `<path d="${rd}" fill="${lin(ctx, [[0, mix(p.horizon, '#ffffff', 0.2)], [0.35, mix(p.horizon, p.mid, 0.5)], [1, mix(p.mid, p.water, 0.6)]])}"/>`);
  let rip = '';
  for (let i = 0; i < 30; i++) {
    const t = Math.pow(r(), 0.7);
    const len = wOf(t) * rnd(r, 0.05, 0.25);
    rip += `M${f(cOf(t) + gauss(r) * wOf(t) * 0.3 - len / 2)},${f(yOf(t))}h${f(len)}v${f(1 + t * 2)}h${f(-len)}Z`;
  }
  add(ctx, `<path d="${rip}" fill="#ffffff" fill-opacity="0.18"/>`);
  if (r() < 0.75) {
    const t = rnd(r, 0.45, 0.7);
    boat(ctx, cOf(t) + gauss(r) * wOf(t) * 0.15, yOf(t), lerp(40, 220, Math.pow(t, 1.6)), 'longtail');
  }
  // forested spurs stepping in from alternate sides, nearer ones bigger
  const spurs = int(r, 3, 5);
  let side = r() < 0.5 ? -1 : 1;
  for (let k = 0; k < spurs; k++) {
    const t = lerp(0.12, 0.95, k / (spurs - 1));
    const depth = lerp(0.5, 1, k / (spurs - 1));
    const bankY = yOf(t);
    const lift = H * lerp(0.05, 0.3, k / (spurs - 1)) * rnd(r, 0.7, 1.2);
    const sides = k === spurs - 1 ? [-1, 1] : [side];
    for (const s of sides) {
      const edge = cOf(t) + (s * wOf(t)) / 2 + s * rnd(r, -0.1, 0.05) * wOf(t);
      const outer = s < 0 ? -60 : W + 60;
      const base = (x: number): number => {
        const u = clamp((x - outer) / (edge - outer), 0, 1);
        return lerp(bankY - lift, bankY + 10, Math.pow(u, 2.2));
      };
      const range: [number, number] = s < 0 ? [-60, edge] : [edge, W + 60];
      const sz = lerp(0.4, 1.6, k / (spurs - 1));
      const e = canopyEdge(r, base, [30 * sz, 80 * sz], [12 * sz, 30 * sz], 0.06, range);
      const bank: Pt[] = [];
      for (let i = 0; i <= 8; i++) {
        const tt = lerp(t, 1, i / 8);
        bank.push([cOf(tt) + (s * wOf(tt)) / 2 + s * 6, yOf(tt) + 4]);
      }
      const d =
        s < 0
          ? `M-60,${f(H + 40)}${e.d}${lines(bank)}Z`
          : `M${f(at(bank, 8)[0])},${f(at(bank, 8)[1])}${lines([...bank].reverse())}${e.d}L${W + 80},${f(H + 40)}Z`;
      layer(ctx, d, k % 2 ? GREEN_DEEP : GREEN, depth, 0.6);
    }
    if (k < spurs - 1) mist(ctx, bankY, H * 0.05, 0.3);
    side = -side;
  }
  if (r() < 0.5) birds(ctx, int(r, 2, 6), W * rnd(r, 0.2, 0.8), hy * 0.5, 60, 9);
}
