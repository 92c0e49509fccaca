// Sky, sun, moon, stars, clouds, mist and birds.
import { mix } from './color.ts';
import { circlePath } from './geometry.ts';
import { softGlow } from './glow.ts';
import { clamp, f, gauss, int, rnd } from './numbers.ts';
import { add, type Ctx, H, hlin, lin, newId, radial, W } from './svg.ts';

export function birds(ctx: Ctx, n: number, x: number, y: number, spread: number, size: number): void {
  const { r } = ctx;
  let d = '';
  for (let i = 0; i < n; i++) {
    const bx = x + gauss(r) * spread;
    const by = y + gauss(r) * spread * 0.4;
    const s = size * rnd(r, 0.6, 1.2);
    const flap = rnd(r, 0.2, 0.7);
    d += `M${f(bx - s)},${f(by - s * flap)}Q${f(bx - s * 0.45)},${f(by - s * 0.5)} ${f(bx)},${f(by)}Q${f(bx + s * 0.45)},${f(by - s * 0.5)} ${f(bx + s)},${f(by - s * flap)}`;
  }
  const c = mix(ctx.pal.shade, ctx.pal.haze, 0.25);
  add(ctx, `<path d="${d}" fill="none" stroke="${c}" stroke-width="${f(size * 0.18)}" stroke-linecap="round" stroke-opacity="0.8"/>`);
}


export function placeSun(ctx: Ctx, horizonY: number): void {
  const { r, tod } = ctx;
  const x = W * rnd(r, 0.12, 0.88);
  let y: number;
  let rad: number;
  switch (tod) {
    case 'day':
      y = H * rnd(r, 0.06, 0.24);
      rad = rnd(r, 30, 42);
      break;
    case 'golden':
      y = horizonY - rnd(r, 70, 230);
      rad = rnd(r, 44, 62);
      break;
    case 'dawn':
      y = horizonY - rnd(r, 10, 150);
      rad = rnd(r, 40, 58);
      break;
    case 'dusk':
      y = horizonY - rnd(r, -10, 90);
      rad = rnd(r, 50, 72);
      break;
    case 'night':
      y = H * rnd(r, 0.08, 0.3);
      rad = rnd(r, 22, 36);
      break;
  }
  ctx.sun = { x, y: Math.max(y, rad + 20), rad };
  ctx.lightLeft = x < W / 2;
}

export function sky(ctx: Ctx, horizonY: number, o: { clouds?: boolean; stars?: number; sunDisc?: boolean } = {}): void {
  const p = ctx.pal;
  const hy = clamp(horizonY / H, 0.05, 1);
  add(ctx, `<rect width="${W}" height="${H}" fill="${lin(ctx, [[0, p.top], [hy * 0.55, p.mid], [hy, p.horizon], [1, mix(p.horizon, p.haze, 0.4)]])}"/>`);
  const s = ctx.sun;
  if (ctx.tod === 'night') {
    stars(ctx, horizonY, o.stars ?? 260);
  } else {
    // warm band along the horizon
    const band = ctx.tod === 'day' ? 0.25 : 0.5;
    add(ctx, `<rect y="${f(horizonY - H * 0.35)}" width="${W}" height="${f(H * 0.35)}" fill="${lin(ctx, [[0, p.glow, 0], [1, p.glow, band]])}"/>`);
  }
  const glowR = ctx.tod === 'day' ? W * 0.32 : ctx.tod === 'night' ? W * 0.2 : W * 0.55;
  const glowA = ctx.tod === 'night' ? 0.22 : ctx.tod === 'day' ? 0.5 : 0.75;
  softGlow(ctx, s.x, s.y, glowR, glowR, p.glow, glowA, 2.2);
  if (o.clouds !== false) clouds(ctx, horizonY);
  if (o.sunDisc !== false) {
    if (ctx.tod === 'night') moon(ctx);
    else add(ctx, `<circle cx="${f(s.x)}" cy="${f(s.y)}" r="${f(s.rad)}" fill="${radial(ctx, [[0, '#ffffff'], [0.6, p.sun], [0.96, p.sun], [1, p.sun, 0.6]], s.x, s.y, s.rad)}"/>`);
  }
}

function moon(ctx: Ctx): void {
  const { r } = ctx;
  const s = ctx.sun;
  const c = ctx.pal.sun;
  if (r() < 0.45) {
    // crescent: two arcs of different radii
    const k = rnd(r, 0.55, 0.8);
    const tilt = rnd(r, -0.6, 0.6);
    add(ctx, `<path transform="rotate(${f((tilt * 180) / Math.PI)} ${f(s.x)} ${f(s.y)})" d="M${f(s.x)},${f(s.y - s.rad)}A${f(s.rad)},${f(s.rad)} 0 1 1 ${f(s.x)},${f(s.y + s.rad)}A${f(s.rad * k)},${f(s.rad)} 0 1 0 ${f(s.x)},${f(s.y - s.rad)}Z" fill="${c}"/>`);
    return;
  }
  let d = '';
  for (let i = 0; i < 5; i++) d += circlePath(s.x + gauss(r) * s.rad * 0.45, s.y + gauss(r) * s.rad * 0.45, s.rad * rnd(r, 0.12, 0.3));
  add(ctx, `<circle cx="${f(s.x)}" cy="${f(s.y)}" r="${f(s.rad)}" fill="${c}"/><path d="${d}" fill="#9aa0b8" fill-opacity="0.18"/>`);
}

export function stars(ctx: Ctx, horizonY: number, n: number): void {
  const { r } = ctx;
  const buckets = ['', '', '', ''];
  for (let i = 0; i < n; i++) {
    const x = r() * W;
    const y = Math.pow(r(), 1.3) * horizonY * 0.98;
    const big = r();
    const rad = 0.5 + Math.pow(big, 8) * 2.2;
    const b = clamp(Math.floor(r() * 3 + (big > 0.9 ? 1 : 0)), 0, 3);
    buckets[b] += circlePath(x, y, rad);
  }
  const alphas = [0.35, 0.55, 0.8, 1];
  buckets.forEach((d, i) => {
    if (d) add(ctx, `<path d="${d}" fill="#f4f2ff" fill-opacity="${alphas[i] ?? 1}"/>`);
  });
}

export function clouds(ctx: Ctx, horizonY: number): void {
  const { r, tod } = ctx;
  const p = ctx.pal;
  if (tod === 'day' && r() < 0.85) {
    const n = int(r, 2, 5);
    for (let i = 0; i < n; i++) {
      const w = rnd(r, 180, 460);
      cumulus(ctx, rnd(r, -50, W + 50), rnd(r, 0.25, 0.85) * horizonY, w, w * rnd(r, 0.28, 0.4));
    }
    return;
  }
  const n = tod === 'night' ? int(r, 0, 2) : int(r, 2, 7);
  for (let i = 0; i < n; i++) {
    const w = rnd(r, 220, 760);
    const h = rnd(r, 8, 26);
    const x = rnd(r, -100, W);
    const y = rnd(r, 0.15, 0.9) * horizonY;
    const c = mix(p.cloud, p.cloudShade, clamp(1 - y / horizonY, 0, 1) * 0.6);
    const a = tod === 'night' ? 0.35 : rnd(r, 0.45, 0.85);
    const fill = hlin(ctx, [[0, c, 0], [0.25, c, a], [0.75, c, a], [1, c, 0]]);
    add(ctx, `<ellipse cx="${f(x + w / 2)}" cy="${f(y)}" rx="${f(w / 2)}" ry="${f(h)}" fill="${fill}"/>`);
    if (r() < 0.6) add(ctx, `<ellipse cx="${f(x + w * rnd(r, 0.3, 0.7))}" cy="${f(y - h * 1.2)}" rx="${f(w * 0.3)}" ry="${f(h * 0.6)}" fill="${fill}"/>`);
  }
}

function cumulus(ctx: Ctx, cx: number, cy: number, w: number, h: number): void {
  const { r } = ctx;
  const n = int(r, 5, 9);
  let d = '';
  for (let i = 0; i < n; i++) {
    const t = (i + 0.5) / n;
    const rad = h * (0.3 + 0.7 * Math.sin(Math.PI * t)) * rnd(r, 0.7, 1.1);
    d += circlePath(cx - w / 2 + w * t + gauss(r) * w * 0.04, cy - rad * rnd(r, 0.35, 0.75), rad);
  }
  const clipId = newId(ctx, 'c');
  ctx.defs.push(`<clipPath id="${clipId}"><rect x="${f(cx - w)}" y="${f(cy - h * 3)}" width="${f(w * 2)}" height="${f(h * 3)}"/></clipPath>`);
  const p = ctx.pal;
  const fill = lin(ctx, [[0, p.cloud], [0.6, mix(p.cloud, p.cloudShade, 0.25)], [1, p.cloudShade]], { x1: 0, y1: cy - h * 1.5, x2: 0, y2: cy });
  add(ctx, `<path clip-path="url(#${clipId})" d="${d}" fill="${fill}"/>`);
}

export function mist(ctx: Ctx, y: number, h: number, alpha: number, color?: string): void {
  const c = color ?? ctx.pal.haze;
  add(ctx, `<rect y="${f(y - h / 2)}" width="${W}" height="${f(h)}" fill="${lin(ctx, [[0, c, 0], [0.5, c, alpha], [1, c, 0]])}"/>`);
}
