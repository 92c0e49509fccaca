// Seeded PRNG, random draws and number formatting for the landscape drawings.

export type Rng = () => number;
export type Pt = [number, number];

// One seeded generator and string hash for the whole server: the demo catalogue's (seed/prng.ts).
export { hashString, mulberry32 } from '../../db/seed/prng.ts';

export const f = (n: number): string => String(Math.round(n * 10) / 10);
export const f3 = (n: number): string => String(Math.round(n * 1000) / 1000);
export const clamp = (v: number, lo: number, hi: number): number => Math.max(lo, Math.min(hi, v));
export const lerp = (a: number, b: number, t: number): number => a + (b - a) * t;

export function rnd(r: Rng, a: number, b: number): number {
  return a + (b - a) * r();
}
export function int(r: Rng, a: number, b: number): number {
  return Math.floor(rnd(r, a, b + 1));
}
export function pick<T>(r: Rng, arr: readonly T[]): T {
  const v = arr[Math.floor(r() * arr.length)];
  if (v === undefined) throw new Error('pick from empty list');
  return v;
}
/** Roughly normal in [-1, 1]. */
export function gauss(r: Rng): number {
  return (r() + r() + r() - 1.5) / 1.5;
}
export function at<T>(arr: readonly T[], i: number): T {
  const v = arr[clamp(i, 0, arr.length - 1)];
  if (v === undefined) throw new Error('index into empty list');
  return v;
}
