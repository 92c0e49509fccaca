// Profiles, sampled curves and SVG path builders.
import { at, f, lerp, type Pt, rnd, type Rng } from './numbers.ts';
import { H, W } from './svg.ts';

export function mdProfile(r: Rng, n: number, rough: number): number[] {
  const a = new Array<number>(n + 1).fill(0);
  a[0] = r();
  a[n] = r();
  let step = n;
  let amp = 1;
  while (step > 1) {
    const half = step / 2;
    for (let i = half; i < n; i += step) a[i] = (at(a, i - half) + at(a, i + half)) / 2 + (r() - 0.5) * amp;
    amp *= rough;
    step = half;
  }
  return normalize(a);
}

function normalize(a: number[]): number[] {
  const min = Math.min(...a);
  const max = Math.max(...a);
  const span = max - min || 1;
  return a.map((v) => (v - min) / span);
}

/** A smooth rolling height function y(x). */
export function waveFn(r: Rng, baseY: number, amp: number, octaves = 3, wavelength = 1): (x: number) => number {
  const comps = Array.from({ length: octaves }, (_, i) => ({
    k: ((i + 1) * rnd(r, 0.7, 1.5) * Math.PI * 2) / (W * wavelength),
    p: r() * Math.PI * 2,
    a: amp / Math.pow(i + 1, 1.3),
  }));
  return (x) => baseY - comps.reduce((s, c) => s + c.a * Math.sin(c.k * x + c.p), 0);
}

export function sample(fn: (x: number) => number, step = 40, x0 = -60, x1 = W + 60): Pt[] {
  const pts: Pt[] = [];
  for (let x = x0; x < x1 + step; x += step) pts.push([x, fn(x)]);
  return pts;
}

export function lines(pts: readonly Pt[]): string {
  return pts.map(([x, y]) => `L${f(x)},${f(y)}`).join('');
}

/** Catmull-Rom through the points as cubic Béziers (current point must be pts[0]). */
export function smooth(pts: readonly Pt[]): string {
  let d = '';
  for (let i = 0; i < pts.length - 1; i++) {
    const p0 = at(pts, i - 1);
    const p1 = at(pts, i);
    const p2 = at(pts, i + 1);
    const p3 = at(pts, i + 2);
    d += `C${f(p1[0] + (p2[0] - p0[0]) / 6)},${f(p1[1] + (p2[1] - p0[1]) / 6)} ${f(p2[0] - (p3[0] - p1[0]) / 6)},${f(p2[1] - (p3[1] - p1[1]) / 6)} ${f(p2[0])},${f(p2[1])}`;
  }
  return d;
}

export function closedSmooth(pts: readonly Pt[]): string {
  const n = pts.length;
  const get = (i: number): Pt => at(pts, ((i % n) + n) % n);
  const first = get(0);
  let d = `M${f(first[0])},${f(first[1])}`;
  for (let i = 0; i < n; i++) {
    const p0 = get(i - 1);
    const p1 = get(i);
    const p2 = get(i + 1);
    const p3 = get(i + 2);
    d += `C${f(p1[0] + (p2[0] - p0[0]) / 6)},${f(p1[1] + (p2[1] - p0[1]) / 6)} ${f(p2[0] - (p3[0] - p1[0]) / 6)},${f(p2[1] - (p3[1] - p1[1]) / 6)} ${f(p2[0])},${f(p2[1])}`;
  }
  return `${d}Z`;
}

export function area(pts: readonly Pt[], bottom = H + 10, curved = true): string {
  const a = at(pts, 0);
  const b = at(pts, pts.length - 1);
  return `M${f(a[0])},${f(bottom)}L${f(a[0])},${f(a[1])}${curved ? smooth(pts) : lines(pts.slice(1))}L${f(b[0])},${f(bottom)}Z`;
}

export function yAt(pts: readonly Pt[], x: number): number {
  for (let i = 0; i < pts.length - 1; i++) {
    const a = at(pts, i);
    const b = at(pts, i + 1);
    if (x >= a[0] && x <= b[0]) return lerp(a[1], b[1], (x - a[0]) / (b[0] - a[0] || 1));
  }
  return x < at(pts, 0)[0] ? at(pts, 0)[1] : at(pts, pts.length - 1)[1];
}

export function circlePath(cx: number, cy: number, rad: number): string {
  return `M${f(cx - rad)},${f(cy)}a${f(rad)},${f(rad)} 0 1 0 ${f(rad * 2)},0a${f(rad)},${f(rad)} 0 1 0 ${f(-rad * 2)},0Z`;
}
