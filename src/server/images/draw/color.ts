// Hex colour parsing and mixing.
import { clamp, lerp } from './numbers.ts';

export function rgb(c: string): [number, number, number] {
  const n = parseInt(c.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
function hex(r: number, g: number, b: number): string {
  return `#${[r, g, b].map((v) => clamp(Math.round(v), 0, 255).toString(16).padStart(2, '0')).join('')}`;
}
export function mix(a: string, b: string, t: number): string {
  const [ar, ag, ab] = rgb(a);
  const [br, bg, bb] = rgb(b);
  const k = clamp(t, 0, 1);
  return hex(lerp(ar, br, k), lerp(ag, bg, k), lerp(ab, bb, k));
}
