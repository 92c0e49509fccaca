// Scenes with buildings: city park and temple.
import { mix } from '../draw/color.ts';
import { area, sample, waveFn } from '../draw/geometry.ts';
import { f, f3, int, lerp, pick, rnd, type Rng } from '../draw/numbers.ts';
import { canopy, palm, roundTree } from '../draw/plants.ts';
import { birds, mist, placeSun, sky } from '../draw/sky.ts';
import { add, type Ctx, H, hlin, layer, lin, tone, W } from '../draw/svg.ts';
import { farRanges, GREEN, GREEN_DEEP } from '../draw/terrain.ts';
import { glitter, reflect, ripples } from '../draw/water.ts';

/** A building silhouette and the rectangle (x0, y0, x1) where its windows may go. */
function building(r: Rng, x: number, baseY: number, w: number, h: number): { d: string; body: [number, number, number] } {
  const top = baseY - h;
  const style = r();
  if (style < 0.2) {
    // stepped tower with spire
    let d = '';
    const tiers = int(r, 3, 6);
    for (let i = 0; i < tiers; i++) {
      const tw = w * (1 - (i / tiers) * 0.6);
      const y0 = baseY - (h * i) / tiers;
      const y1 = baseY - (h * (i + 1)) / tiers;
      d += `M${f(x - tw / 2)},${f(y0 + 1)}L${f(x - tw * 0.44)},${f(y1)}L${f(x + tw * 0.44)},${f(y1)}L${f(x + tw / 2)},${f(y0 + 1)}Z`;
    }
    return { d: `${d}M${f(x - 2)},${f(top + 1)}L${f(x)},${f(top - h * 0.15)}L${f(x + 2)},${f(top + 1)}Z`, body: [x - w * 0.38, baseY - h * 0.45, x + w * 0.38] };
  }
  if (style < 0.35) {
    // rounded top
    return { d: `M${f(x - w / 2)},${f(baseY)}L${f(x - w / 2)},${f(top + w * 0.4)}Q${f(x - w / 2)},${f(top)} ${f(x)},${f(top)}Q${f(x + w / 2)},${f(top)} ${f(x + w / 2)},${f(top + w * 0.4)}L${f(x + w / 2)},${f(baseY)}Z`, body: [x - w * 0.4, top + w * 0.45, x + w * 0.4] };
  }
  if (style < 0.5) {
    // slanted roof
    const dir = r() < 0.5 ? 1 : -1;
    return { d: `M${f(x - w / 2)},${f(baseY)}L${f(x - w / 2)},${f(top + (dir > 0 ? w * 0.5 : 0))}L${f(x + w / 2)},${f(top + (dir > 0 ? 0 : w * 0.5))}L${f(x + w / 2)},${f(baseY)}Z`, body: [x - w * 0.4, top + w * 0.55, x + w * 0.4] };
  }
  let d = `M${f(x - w / 2)},${f(baseY)}L${f(x - w / 2)},${f(top)}L${f(x + w / 2)},${f(top)}L${f(x + w / 2)},${f(baseY)}Z`;
  if (r() < 0.35) d += `M${f(x - w * 0.3)},${f(top + 1)}L${f(x - w * 0.3)},${f(top - h * 0.08)}L${f(x + w * 0.3)},${f(top - h * 0.08)}L${f(x + w * 0.3)},${f(top + 1)}Z`;
  if (r() < 0.25) d += `M${f(x - 1.2)},${f(top)}L${f(x - 1.2)},${f(top - h * 0.2)}L${f(x + 1.2)},${f(top - h * 0.2)}L${f(x + 1.2)},${f(top)}Z`;
  return { d, body: [x - w * 0.4, top + 4, x + w * 0.4] };
}

export function sceneCityPark(ctx: Ctx): void {
  const { r, tod } = ctx;
  const hy = H * rnd(r, 0.55, 0.64);
  placeSun(ctx, hy - H * 0.1);
  const water = r() < 0.5;
  const wy = hy + H * 0.005;
  const start = ctx.out.length;
  sky(ctx, hy);
  const lit = tod === 'dusk' || tod === 'night';
  for (let pass = 0; pass < 2; pass++) {
    const depth = pass === 0 ? 0.22 : 0.55;
    let d = '';
    let x = -30;
    const bodies: [number, number, number][] = [];
    while (x < W + 40) {
      const w = rnd(r, 26, 80) * (pass === 0 ? 0.8 : 1);
      const center = 1 - Math.abs(x / W - 0.5) * 1.2;
      const h = H * rnd(r, 0.05, 0.22) * (pass === 0 ? 1.1 : 1) * (0.6 + center * 0.6) * (r() < 0.08 ? 1.7 : 1);
      const b = building(r, x + w / 2, hy + 2, w, h);
      d += b.d;
      bodies.push(b.body);
      x += w * rnd(r, pass === 0 ? 0.5 : 0.8, 1.3);
    }
    const c = tone(ctx, pass === 0 ? '#6a7a8c' : '#4a5666', depth);
    add(ctx, `<path d="${d}" fill="${lin(ctx, [[0, mix(c, ctx.pal.light, tod === 'golden' ? 0.25 : 0.06)], [1, mix(c, ctx.pal.haze, 0.3)]])}"/>`);
    if (lit || tod === 'golden') {
      const ww = pass === 0 ? 6 : 9;
      const wc = lit ? '#ffd98a' : mix(ctx.pal.glow, '#ffffff', 0.3);
      const on = ['', ''];
      for (const [x0, y0, x1] of bodies) {
        for (let wy = y0 + ww; wy < hy - ww; wy += ww * 1.5) {
          for (let wx = x0 + ww * 0.5; wx < x1 - ww * 0.8; wx += ww) {
            const v = r();
            if (v < (lit ? 0.45 : 0.7)) continue;
            on[v < 0.85 ? 0 : 1] += `M${f(wx)},${f(wy)}h${f(ww * 0.45)}v${f(ww * 0.55)}h${f(-ww * 0.45)}Z`;
          }
        }
      }
      const alpha = lit ? (pass === 0 ? 0.4 : 0.7) : 0.2;
      add(ctx, `<path d="${on[0]}" fill="${wc}" fill-opacity="${f3(alpha * 0.6)}"/><path d="${on[1]}" fill="${wc}" fill-opacity="${f3(alpha)}"/>`);
    }
    if (pass === 0) mist(ctx, hy - H * 0.02, H * 0.08, 0.45);
  }
  if (water) {
    reflect(ctx, start, wy, 0.35);
    if (lit) glitter(ctx, wy, W * rnd(r, 0.3, 0.7), 60, 40);
    ripples(ctx, wy, 40);
  } else {
    layer(ctx, `M-40,${f(hy)}L${W + 40},${f(hy)}L${W + 40},${f(H + 10)}L-40,${f(H + 10)}Z`, '#4a7a3a', 0.6, 0.5);
  }
  // park: tree line, lawn and scattered trees
  const lawnY = H * rnd(r, 0.84, 0.92);
  const treeLine = canopy(r, waveFn(r, water ? H * rnd(r, 0.84, 0.9) : hy + H * 0.1, H * 0.02, 2), [40, 110], [18, 50], H + 10, 0.1);
  layer(ctx, treeLine, '#24502e', 0.8, 0.4);
  add(ctx, `<path d="${area(sample(waveFn(r, lawnY, H * 0.015, 2)))}" fill="${lin(ctx, [[0, tone(ctx, '#6aa04a', 0.95)], [1, tone(ctx, '#3f7a34', 1)]])}"/>`);
  let trees = '';
  const n = int(r, 2, 4);
  for (let i = 0; i < n; i++) {
    const x = W * rnd(r, -0.05, 1.05);
    trees += roundTree(r, x, lawnY + rnd(r, 10, 60), H * rnd(r, 0.3, 0.55));
  }
  add(ctx, `<path d="${trees}" fill="${tone(ctx, '#173a22', 1)}"/>`);
  if (r() < 0.5) birds(ctx, int(r, 2, 5), W * rnd(r, 0.2, 0.8), hy * 0.35, 60, 9);
}

function stupa(r: Rng, x: number, baseY: number, s: number): string {
  const w = s * 0.9;
  const step = s * 0.08;
  let d = '';
  for (let i = 0; i < 3; i++) {
    const sw = w * (1 - i * 0.12);
    d += `M${f(x - sw / 2)},${f(baseY - i * step + 1)}L${f(x - sw / 2)},${f(baseY - (i + 1) * step)}L${f(x + sw / 2)},${f(baseY - (i + 1) * step)}L${f(x + sw / 2)},${f(baseY - i * step + 1)}Z`;
  }
  const by = baseY - 3 * step;
  const bw = w * 0.62;
  const bh = s * rnd(r, 0.32, 0.42);
  const top = by - bh;
  const spire = s * rnd(r, 0.35, 0.55);
  d += `M${f(x - bw / 2)},${f(by + 1)}C${f(x - bw / 2)},${f(by - bh * 0.6)} ${f(x - bw * 0.18)},${f(top + bh * 0.1)} ${f(x - bw * 0.1)},${f(top)}L${f(x - 1)},${f(top - spire)}L${f(x + 1)},${f(top - spire)}L${f(x + bw * 0.1)},${f(top)}C${f(x + bw * 0.18)},${f(top + bh * 0.1)} ${f(x + bw / 2)},${f(by - bh * 0.6)} ${f(x + bw / 2)},${f(by + 1)}Z`;
  return d;
}

function pagoda(r: Rng, x: number, baseY: number, s: number): string {
  const tiers = int(r, 3, 6);
  let d = '';
  let y = baseY;
  const w0 = s * 0.7;
  const th = (s * 0.85) / tiers;
  for (let i = 0; i < tiers; i++) {
    const w = w0 * (1 - (i / tiers) * 0.55);
    const bodyW = w * 0.62;
    const bodyH = th * 0.45;
    d += `M${f(x - bodyW / 2)},${f(y + 1)}L${f(x - bodyW / 2)},${f(y - bodyH)}L${f(x + bodyW / 2)},${f(y - bodyH)}L${f(x + bodyW / 2)},${f(y + 1)}Z`;
    const ry = y - bodyH;
    const rh = th * 0.55;
    const ov = w * 0.12;
    d += `M${f(x - w / 2 - ov)},${f(ry - rh * 0.25)}Q${f(x - w / 2)},${f(ry + 2)} ${f(x - w * 0.38)},${f(ry + 1)}L${f(x + w * 0.38)},${f(ry + 1)}Q${f(x + w / 2)},${f(ry + 2)} ${f(x + w / 2 + ov)},${f(ry - rh * 0.25)}Q${f(x + w * 0.3)},${f(ry - rh * 0.5)} ${f(x + w * 0.18)},${f(ry - rh)}L${f(x - w * 0.18)},${f(ry - rh)}Q${f(x - w * 0.3)},${f(ry - rh * 0.5)} ${f(x - w / 2 - ov)},${f(ry - rh * 0.25)}Z`;
    y = ry - rh + 1;
  }
  d += `M${f(x - 1.5)},${f(y + 1)}L${f(x)},${f(y - s * 0.22)}L${f(x + 1.5)},${f(y + 1)}Z`;
  return d;
}

function balloon(ctx: Ctx, x: number, y: number, s: number, depth: number): void {
  const { r } = ctx;
  const c = tone(ctx, pick(r, ['#d9603a', '#e8a23a', '#c8443a', '#e07a4a']), depth);
  add(ctx, `<path d="M${f(x)},${f(y + s * 0.95)}C${f(x - s * 0.35)},${f(y + s * 0.6)} ${f(x - s * 0.62)},${f(y + s * 0.2)} ${f(x - s * 0.6)},${f(y - s * 0.15)}A${f(s * 0.6)},${f(s * 0.6)} 0 0 1 ${f(x + s * 0.6)},${f(y - s * 0.15)}C${f(x + s * 0.62)},${f(y + s * 0.2)} ${f(x + s * 0.35)},${f(y + s * 0.6)} ${f(x)},${f(y + s * 0.95)}Z" fill="${hlin(ctx, [[0, mix(c, ctx.pal.shade, 0.25)], [0.4, mix(c, ctx.pal.light, 0.35)], [1, mix(c, ctx.pal.shade, 0.35)]])}"/><rect x="${f(x - s * 0.1)}" y="${f(y + s * 1.02)}" width="${f(s * 0.2)}" height="${f(s * 0.16)}" fill="${tone(ctx, '#3a2a1a', depth)}"/>`);
}

export function sceneTemple(ctx: Ctx): void {
  const { r, tod } = ctx;
  const hy = H * rnd(r, 0.5, 0.62);
  placeSun(ctx, hy);
  sky(ctx, hy);
  if ((tod === 'dawn' || tod === 'golden') && r() < 0.6) {
    const n = int(r, 2, 7);
    for (let i = 0; i < n; i++) {
      const t = r();
      balloon(ctx, W * rnd(r, 0.05, 0.95), hy * rnd(r, 0.2, 0.8), lerp(10, 34, t), lerp(0.1, 0.5, t));
    }
  }
  farRanges(ctx, hy, int(r, 1, 2), { amp: H * 0.1, depth0: 0.04, depth1: 0.18 });
  const style = r() < 0.55 ? 'plain' : 'hill';
  if (style === 'plain') {
    const layers = 3;
    for (let i = 0; i < layers; i++) {
      const t = i / (layers - 1);
      const depth = lerp(0.25, 0.8, t);
      const baseY = lerp(hy + H * 0.04, H * 0.8, Math.pow(t, 1.2));
      const fn = waveFn(r, baseY, H * 0.01, 2);
      let d = '';
      const n = int(r, 1, 4) + (i === 1 ? 1 : 0);
      for (let k = 0; k < n; k++) {
        const x = W * rnd(r, 0.05, 0.95);
        const s = H * lerp(0.07, 0.26, t) * rnd(r, 0.7, 1.2);
        d += r() < 0.75 ? stupa(r, x, fn(x) + 4, s) : pagoda(r, x, fn(x) + 4, s);
      }
      add(ctx, `<path d="${d}" fill="${tone(ctx, '#6a4030', depth)}"/>`);
      layer(ctx, canopy(r, fn, [lerp(14, 60, t), lerp(40, 120, t)], [lerp(4, 16, t), lerp(12, 40, t)], H + 10, 0.05), GREEN_DEEP, depth, 0.6);
      mist(ctx, baseY + H * 0.05, H * 0.07, rnd(r, 0.35, 0.6));
    }
  } else {
    const hx = W * rnd(r, 0.25, 0.75);
    const peak = hy - H * rnd(r, 0.02, 0.1);
    const fn = (x: number): number => peak + Math.pow(Math.abs(x - hx) / (W * 0.5), 1.6) * H * 0.3;
    const s = H * rnd(r, 0.25, 0.36);
    add(ctx, `<path d="${r() < 0.6 ? pagoda(r, hx, fn(hx) + 6, s) : stupa(r, hx, fn(hx) + 6, s * 0.8)}" fill="${tone(ctx, '#4a2a20', 0.6)}"/>`);
    layer(ctx, canopy(r, fn, [30, 70], [10, 30], H + 10, 0.05), GREEN, 0.6, 0.6);
    mist(ctx, hy + H * 0.2, H * 0.12, 0.5);
  }
  // foreground palms
  const n = int(r, 1, 3);
  let d = '';
  const px = r() < 0.5 ? W * rnd(r, 0, 0.2) : W * rnd(r, 0.8, 1);
  for (let i = 0; i < n; i++) d += palm(r, px + (i - 1) * rnd(r, 50, 120), H + 10, H * rnd(r, 0.45, 0.8), rnd(r, -0.6, 0.6));
  d += canopy(r, waveFn(r, H * 0.97, 10, 2), [60, 140], [20, 50], H + 10, 0);
  add(ctx, `<path d="${d}" fill="${tone(ctx, '#132a1a', 1)}"/>`);
}
