// The underwater reef scene: corals, sea grass and fish.
import { mix } from '../draw/color.ts';
import { area, circlePath, mdProfile, sample, waveFn, yAt } from '../draw/geometry.ts';
import { f, gauss, int, pick, type Pt, rnd } from '../draw/numbers.ts';
import { add, type Ctx, H, layer, lin, tone, W } from '../draw/svg.ts';

export function sceneReef(ctx: Ctx): void {
  const { r, tod } = ctx;
  ctx.sun = { x: W * rnd(r, 0.2, 0.8), y: -200, rad: 0 };
  ctx.lightLeft = ctx.sun.x < W / 2;
  const surface = tod === 'golden' ? '#9fdcc8' : tod === 'dawn' ? '#9ccbe0' : '#7fe0e0';
  const mid = tod === 'golden' ? '#2a8a9a' : tod === 'dawn' ? '#2f6f9e' : '#1c8db0';
  const deep = tod === 'golden' ? '#0c3d55' : tod === 'dawn' ? '#102c58' : '#0a3a66';
  ctx.pal = { ...ctx.pal, haze: mix(mid, deep, 0.3), shade: '#06203a', darkness: 0.25, light: mix(surface, '#ffffff', 0.4) };
  add(ctx, `<rect width="${W}" height="${H}" fill="${lin(ctx, [[0, surface], [0.3, mid], [1, deep]])}"/>`);
  // surface shimmer
  let sh = '';
  for (let i = 0; i < 40; i++) {
    const y = Math.pow(r(), 1.8) * H * 0.16;
    const x = r() * W;
    const len = rnd(r, 30, 160) * (1 - y / (H * 0.2));
    sh += `M${f(x)},${f(y)}q${f(len / 2)},${f(rnd(r, -8, 8))} ${f(len)},0q${f(-len / 2)},${f(rnd(r, 2, 6))} ${f(-len)},0Z`;
  }
  add(ctx, `<path d="${sh}" fill="#ffffff" fill-opacity="0.35"/>`);
  // light rays fanning down from the surface
  const rays = int(r, 6, 11);
  const src = ctx.sun.x;
  for (let i = 0; i < rays; i++) {
    const x0 = src + rnd(r, -W * 0.5, W * 0.5);
    const w0 = rnd(r, 20, 90);
    const spread = (x0 - src) * rnd(r, 0.6, 1.2);
    const len = H * rnd(r, 0.6, 1.05);
    add(ctx, `<path d="M${f(x0)},-10L${f(x0 + w0)},-10L${f(x0 + w0 + spread + w0 * 1.8)},${f(len)}L${f(x0 + spread)},${f(len)}Z" fill="${lin(ctx, [[0, '#ffffff', rnd(r, 0.12, 0.28)], [1, '#ffffff', 0]])}"/>`);
  }
  // far reef silhouettes
  for (let i = 0; i < 2; i++) {
    const y = H * (0.66 + i * 0.08);
    const prof = mdProfile(r, 32, 0.6);
    const pts: Pt[] = prof.map((h, k) => [-40 + ((W + 80) * k) / 32, y - H * 0.08 * h]);
    layer(ctx, area(pts, H + 10, true), '#2a5a6a', 0.15 + i * 0.2, 0.3);
  }
  fishSchool(ctx, W * rnd(r, 0.25, 0.75), H * rnd(r, 0.3, 0.5), int(r, 18, 40));
  // corals: mid then near
  const colors = ['#ff7a5c', '#ff9ab0', '#b06ad8', '#ffc24a', '#e85a7a', '#4ad0b0', '#ff8f3a'];
  for (let pass = 0; pass < 2; pass++) {
    const depth = pass === 0 ? 0.45 : 0.95;
    const baseY = pass === 0 ? H * rnd(r, 0.78, 0.84) : H * rnd(r, 0.92, 0.98);
    // rock bed
    const bed = sample(waveFn(r, baseY, H * 0.03, 3), 40);
    layer(ctx, area(bed), pass === 0 ? '#3a5a5a' : '#2a3a3a', depth, 0.3);
    const n = pass === 0 ? int(r, 6, 9) : int(r, 4, 7);
    for (let i = 0; i < n; i++) {
      const x = W * rnd(r, -0.02, 1.02);
      const y = yAt(bed, x) + 6;
      const s = H * (pass === 0 ? rnd(r, 0.09, 0.18) : rnd(r, 0.2, 0.36));
      const c = tone(ctx, pick(r, colors), depth);
      const kind = r();
      if (kind < 0.35) branchCoral(ctx, x, y, s, c);
      else if (kind < 0.55) fanCoral(ctx, x, y, s, c);
      else if (kind < 0.8) moundCoral(ctx, x, y, s, c);
      else seaGrass(ctx, x, y, s, tone(ctx, '#5ab86a', depth));
    }
  }
  // bubbles
  let b = '';
  for (let i = 0; i < 14; i++) {
    const x = W * rnd(r, 0.1, 0.9);
    const y = H * rnd(r, 0.1, 0.8);
    const rad = rnd(r, 2, 7);
    b += circlePath(x, y, rad);
  }
  add(ctx, `<path d="${b}" fill="#ffffff" fill-opacity="0.12" stroke="#ffffff" stroke-opacity="0.5" stroke-width="1.2"/>`);
}

function fishSchool(ctx: Ctx, cx: number, cy: number, n: number): void {
  const { r } = ctx;
  const dir = r() < 0.5 ? 1 : -1;
  let d = '';
  for (let i = 0; i < n; i++) {
    const x = cx + gauss(r) * 220;
    const y = cy + gauss(r) * 90;
    const s = rnd(r, 8, 16);
    d += `M${f(x + dir * s)},${f(y)}Q${f(x)},${f(y - s * 0.45)} ${f(x - dir * s * 0.8)},${f(y)}L${f(x - dir * s * 1.25)},${f(y - s * 0.35)}L${f(x - dir * s * 1.15)},${f(y)}L${f(x - dir * s * 1.25)},${f(y + s * 0.35)}L${f(x - dir * s * 0.8)},${f(y)}Q${f(x)},${f(y + s * 0.45)} ${f(x + dir * s)},${f(y)}Z`;
  }
  add(ctx, `<path d="${d}" fill="${tone(ctx, '#c8e4f0', 0.5)}" fill-opacity="0.85"/>`);
}

function branchCoral(ctx: Ctx, x: number, y: number, s: number, color: string): void {
  const { r } = ctx;
  const levels: string[] = ['', '', '', '', ''];
  const grow = (px: number, py: number, ang: number, len: number, lvl: number): void => {
    const ex = px + Math.cos(ang) * len;
    const ey = py + Math.sin(ang) * len;
    levels[lvl] += `M${f(px)},${f(py)}Q${f(px + Math.cos(ang + 0.3) * len * 0.5)},${f(py + Math.sin(ang + 0.3) * len * 0.5)} ${f(ex)},${f(ey)}`;
    if (lvl >= 4) return;
    const kids = int(r, 2, 3);
    for (let k = 0; k < kids; k++) grow(ex, ey, ang + rnd(r, -0.6, 0.6), len * rnd(r, 0.6, 0.8), lvl + 1);
  };
  const trunks = int(r, 2, 3);
  for (let t = 0; t < trunks; t++) grow(x + rnd(r, -s * 0.2, s * 0.2), y, -Math.PI / 2 + rnd(r, -0.5, 0.5), s * 0.32, 0);
  levels.forEach((d, i) => {
    if (d) add(ctx, `<path d="${d}" fill="none" stroke="${color}" stroke-width="${f((s * 0.07) / (1 + i * 0.45))}" stroke-linecap="round"/>`);
  });
}

function fanCoral(ctx: Ctx, x: number, y: number, s: number, color: string): void {
  const { r } = ctx;
  const n = int(r, 12, 20);
  let d = '';
  const tilt = rnd(r, -0.3, 0.3);
  for (let i = 0; i < n; i++) {
    const a = -Math.PI / 2 + tilt + ((i / (n - 1)) * 2 - 1) * 0.9;
    const len = s * rnd(r, 0.8, 1);
    d += `M${f(x)},${f(y)}Q${f(x + Math.cos(a) * len * 0.4)},${f(y + Math.sin(a) * len * 0.6)} ${f(x + Math.cos(a) * len)},${f(y + Math.sin(a) * len)}`;
  }
  for (let k = 1; k <= 3; k++) {
    const rad = (s * k) / 3.6;
    const a0 = -Math.PI / 2 + tilt - 0.9;
    const a1 = -Math.PI / 2 + tilt + 0.9;
    d += `M${f(x + Math.cos(a0) * rad)},${f(y + Math.sin(a0) * rad)}A${f(rad)},${f(rad)} 0 0 1 ${f(x + Math.cos(a1) * rad)},${f(y + Math.sin(a1) * rad)}`;
  }
  add(ctx, `<path d="${d}" fill="none" stroke="${color}" stroke-width="${f(Math.max(1.2, s * 0.012))}" stroke-linecap="round"/>`);
  add(ctx, `<path d="M${f(x)},${f(y)}L${f(x + Math.cos(-Math.PI / 2 + tilt - 0.9) * s * 0.95)},${f(y + Math.sin(-Math.PI / 2 + tilt - 0.9) * s * 0.95)}A${f(s * 0.95)},${f(s * 0.95)} 0 0 1 ${f(x + Math.cos(-Math.PI / 2 + tilt + 0.9) * s * 0.95)},${f(y + Math.sin(-Math.PI / 2 + tilt + 0.9) * s * 0.95)}Z" fill="${color}" fill-opacity="0.22"/>`);
}

function moundCoral(ctx: Ctx, x: number, y: number, s: number, color: string): void {
  const { r } = ctx;
  const w = s * rnd(r, 0.9, 1.4);
  const h = s * rnd(r, 0.45, 0.7);
  add(ctx, `<path d="M${f(x - w / 2)},${f(y)}C${f(x - w / 2)},${f(y - h * 1.2)} ${f(x + w / 2)},${f(y - h * 1.2)} ${f(x + w / 2)},${f(y)}Z" fill="${lin(ctx, [[0, mix(color, '#ffffff', 0.2)], [1, mix(color, ctx.pal.shade, 0.45)]])}"/>`);
  let d = '';
  for (let k = 1; k <= 4; k++) {
    const t = k / 5;
    d += `M${f(x - (w / 2) * (1 - t * 0.9))},${f(y - 1)}C${f(x - (w / 2) * (1 - t))},${f(y - h * 1.15 * (1 - t * 0.7))} ${f(x + (w / 2) * (1 - t))},${f(y - h * 1.15 * (1 - t * 0.7))} ${f(x + (w / 2) * (1 - t * 0.9))},${f(y - 1)}`;
  }
  add(ctx, `<path d="${d}" fill="none" stroke="${mix(color, ctx.pal.shade, 0.35)}" stroke-width="${f(Math.max(1, s * 0.015))}" stroke-opacity="0.6"/>`);
}

function seaGrass(ctx: Ctx, x: number, y: number, s: number, color: string): void {
  const { r } = ctx;
  let d = '';
  const n = int(r, 6, 12);
  for (let i = 0; i < n; i++) {
    const bx = x + gauss(r) * s * 0.25;
    const h = s * rnd(r, 0.7, 1.4);
    const sway = rnd(r, -0.4, 0.4) * h;
    d += `M${f(bx)},${f(y)}C${f(bx + sway * 0.2)},${f(y - h * 0.4)} ${f(bx - sway * 0.5)},${f(y - h * 0.7)} ${f(bx + sway)},${f(y - h)}`;
  }
  add(ctx, `<path d="${d}" fill="none" stroke="${color}" stroke-width="${f(Math.max(2, s * 0.03))}" stroke-linecap="round"/>`);
}
