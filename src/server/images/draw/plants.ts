// Tree and canopy silhouettes: rainforest canopy, pines, round trees, palms, acacias.
import { area, circlePath, yAt } from './geometry.ts';
import { at, f, gauss, int, type Pt, rnd, type Rng } from './numbers.ts';
import { type Ctx, H, layer, W } from './svg.ts';

/** Top edge of a tree-crown silhouette (a chain of rounded bumps), as `L…C…` commands. */
export function canopyEdge(r: Rng, base: (x: number) => number, w: [number, number], h: [number, number], emergent = 0.06, range: [number, number] = [-20, W + 20]): { d: string; x0: number; x1: number } {
  const x0 = range[0] - rnd(r, 0, w[1]);
  let x = x0;
  let y = base(x);
  let d = `L${f(x)},${f(y)}`;
  while (x < range[1]) {
    const bw = rnd(r, w[0], w[1]);
    const tall = r() < emergent ? rnd(r, 1.6, 2.4) : 1;
    const bh = rnd(r, h[0], h[1]) * tall;
    const x2 = x + bw;
    const y2 = base(x2) + rnd(r, -0.15, 0.25) * bh;
    d += `C${f(x + bw * 0.02)},${f(y - bh * 1.3)} ${f(x2 - bw * 0.02)},${f(y2 - bh * 1.3)} ${f(x2)},${f(y2)}`;
    x = x2;
    y = y2;
  }
  return { d, x0, x1: x };
}

/** Tree-crown silhouette along a base line, closed down to `bottom`. */
export function canopy(r: Rng, base: (x: number) => number, w: [number, number], h: [number, number], bottom = H + 10, emergent = 0.06, range: [number, number] = [-20, W + 20]): string {
  const e = canopyEdge(r, base, w, h, emergent, range);
  return `M${f(e.x0)},${f(bottom)}${e.d}L${f(e.x1)},${f(bottom)}Z`;
}

export function pine(r: Rng, x: number, y: number, h: number, w: number): string {
  const tiers = int(r, 3, 5);
  const left: Pt[] = [];
  const right: Pt[] = [];
  for (let t = 0; t < tiers; t++) {
    const y1 = y - h + (h * (t + 1)) / tiers;
    const wOut = (w / 2) * ((t + 1) / tiers) * rnd(r, 0.9, 1.1);
    const wIn = wOut * 0.55;
    right.push([x + wIn, y1 - (h / tiers) * 0.45], [x + wOut, y1]);
    left.push([x - wOut, y1], [x - wIn, y1 - (h / tiers) * 0.45]);
  }
  right.pop();
  left.shift();
  const trunk = Math.max(1.5, w * 0.06);
  const pts: Pt[] = [[x, y - h], ...right, [x + (w / 2) * rnd(r, 0.95, 1.1), y - h * 0.06], [x + trunk, y - h * 0.06], [x + trunk, y + 4], [x - trunk, y + 4], [x - trunk, y - h * 0.06], [x - (w / 2) * rnd(r, 0.95, 1.1), y - h * 0.06], ...left.reverse()];
  return `M${pts.map(([px, py]) => `${f(px)},${f(py)}`).join('L')}Z`;
}

/** A band of pines standing on a (smooth) ground line. */
export function pineForest(ctx: Ctx, ground: readonly Pt[], base: string, depth: number, size: number, density = 1): void {
  const { r } = ctx;
  let d = area(ground);
  let x = -20;
  while (x < W + 20) {
    const h = size * rnd(r, 0.6, 1.25);
    d += pine(r, x, yAt(ground, x) + 2, h, h * rnd(r, 0.32, 0.42));
    x += (size * rnd(r, 0.12, 0.5)) / density;
  }
  layer(ctx, d, base, depth, 0.6);
}

/** Round broadleaf tree (crown of overlapping circles). */
export function roundTree(r: Rng, x: number, y: number, h: number): string {
  const trunkW = h * 0.06;
  let d = `M${f(x - trunkW)},${f(y)}L${f(x - trunkW * 0.7)},${f(y - h * 0.55)}L${f(x + trunkW * 0.7)},${f(y - h * 0.55)}L${f(x + trunkW)},${f(y)}Z`;
  const n = int(r, 4, 7);
  for (let i = 0; i < n; i++) {
    const cr = h * rnd(r, 0.16, 0.26);
    const cx = x + gauss(r) * h * 0.28;
    const cy = y - h * 0.68 + gauss(r) * h * 0.16;
    d += circlePath(cx, cy, cr);
  }
  return d;
}

/** Palm tree silhouette: curved trunk and feathery drooping fronds. */
export function palm(r: Rng, x: number, y: number, h: number, lean: number): string {
  const topX = x + lean * h * 0.35;
  const topY = y - h;
  const cX = x + lean * h * 0.05;
  const cY = y - h * 0.5;
  const tw = h * 0.03;
  let d = `M${f(x - tw)},${f(y)}Q${f(cX - tw)},${f(cY)} ${f(topX - tw * 0.6)},${f(topY)}L${f(topX + tw * 0.6)},${f(topY)}Q${f(cX + tw)},${f(cY)} ${f(x + tw)},${f(y)}Z`;
  const fronds = int(r, 7, 10);
  for (let i = 0; i < fronds; i++) {
    const ang = -Math.PI / 2 + ((i / (fronds - 1)) * 2 - 1) * rnd(r, 1.45, 1.75);
    const len = h * rnd(r, 0.32, 0.45);
    const ex = topX + Math.cos(ang) * len;
    const ey = topY + Math.sin(ang) * len * 0.6 + len * 0.45;
    const cx = topX + Math.cos(ang) * len * 0.55;
    const cy = topY + Math.sin(ang) * len * 0.75 - len * 0.1;
    d += frond(topX, topY, cx, cy, ex, ey, len);
  }
  return d;
}

export function frond(x0: number, y0: number, cx: number, cy: number, x1: number, y1: number, len: number): string {
  const n = 11;
  const spine: Pt[] = [];
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    spine.push([(1 - t) * (1 - t) * x0 + 2 * t * (1 - t) * cx + t * t * x1, (1 - t) * (1 - t) * y0 + 2 * t * (1 - t) * cy + t * t * y1]);
  }
  const upper = spine.map(([px, py]) => `${f(px)},${f(py - len * 0.012)}`);
  const lower: string[] = [];
  for (let i = n; i >= 1; i--) {
    const [px, py] = at(spine, i);
    const [qx, qy] = at(spine, i - 1);
    const dx = px - qx;
    const dy = py - qy;
    const l = Math.hypot(dx, dy) || 1;
    const leaf = len * 0.22 * Math.sin((Math.PI * i) / (n + 1)) + len * 0.03;
    const nx = -dy / l;
    const ny = dx / l;
    const s = ny < 0 ? -1 : 1; // leaflets hang down
    lower.push(`${f(px + nx * leaf * s * 0.6 + dx * 0.4)},${f(py + ny * leaf * s + Math.abs(leaf) * 0.5)}`, `${f(qx)},${f(qy)}`);
  }
  return `M${upper.join('L')}L${lower.join('L')}Z`;
}

/** Umbrella acacia: forked trunk and a flat, layered crown. */
export function acacia(r: Rng, x: number, y: number, h: number): string {
  const w = h * rnd(r, 1.4, 2.1);
  const crownY = y - h * rnd(r, 0.72, 0.82);
  const tw = h * 0.035;
  let d = `M${f(x - tw)},${f(y)}L${f(x - tw * 0.6)},${f(y - h * 0.35)}L${f(x - w * 0.22)},${f(crownY + 4)}L${f(x - w * 0.2 + tw)},${f(crownY + 4)}L${f(x)},${f(y - h * 0.4)}L${f(x + w * 0.18)},${f(crownY + 4)}L${f(x + w * 0.2 + tw)},${f(crownY + 4)}L${f(x + tw * 0.8)},${f(y - h * 0.3)}L${f(x + tw)},${f(y)}Z`;
  const layers = int(r, 1, 2);
  for (let l = 0; l < layers; l++) {
    const lw = w * (l === 0 ? 1 : rnd(r, 0.5, 0.7));
    const cy = crownY - l * h * 0.12;
    const cx = x + (l === 0 ? 0 : rnd(r, -0.2, 0.2) * w);
    const th = h * rnd(r, 0.1, 0.16);
    d += `M${f(cx - lw / 2)},${f(cy + th * 0.3)}`;
    const bumps = int(r, 5, 8);
    for (let i = 0; i < bumps; i++) {
      const x2 = cx - lw / 2 + (lw * (i + 1)) / bumps;
      const yTop = cy - th * (0.6 + 0.4 * Math.sin((Math.PI * (i + 0.5)) / bumps)) * rnd(r, 0.8, 1.2);
      d += `Q${f(x2 - lw / bumps / 2)},${f(yTop - th * 0.6)} ${f(x2)},${f(cy - th * 0.25 * rnd(r, 0, 1))}`;
    }
    d += `Q${f(cx + lw * 0.2)},${f(cy + th * 0.7)} ${f(cx)},${f(cy + th * 0.5)}Q${f(cx - lw * 0.25)},${f(cy + th * 0.75)} ${f(cx - lw / 2)},${f(cy + th * 0.3)}Z`;
  }
  return d;
}
