// The /ambassador shell's routes (spec §2) and the performance chart's geometry: pure, tested.

export const AMBASSADOR_SECTIONS = ['signup', 'status', 'dashboard', 'performance', 'payouts', 'popular-products', 'bank-details', 'bank-details/add'] as const;
export type AmbassadorSection = (typeof AMBASSADOR_SECTIONS)[number];

/** The section of an /ambassador/* path the shell serves, or 'unknown'. */
export function ambassadorSection(pathname: string): AmbassadorSection | 'unknown' {
  const rest = pathname.replace(/^\/ambassador\/?/, '').replace(/\/+$/, '');
  return (AMBASSADOR_SECTIONS as readonly string[]).includes(rest) ? (rest as AmbassadorSection) : 'unknown';
}

/** Sections only an approved ambassador may use. */
export const APPROVED_ONLY: readonly AmbassadorSection[] = ['dashboard', 'performance', 'payouts', 'popular-products', 'bank-details', 'bank-details/add'];

export type Bar = { x: number; y: number; width: number; height: number };

/** Bars for `values` in a `width` × `height` box, with a gap, at most `maxWidth` wide and centred in their slot; the tallest bar fills the height. */
export function bars(values: readonly number[], width: number, height: number, gap = 2, maxWidth = 40): Bar[] {
  const n = values.length;
  if (n === 0) return [];
  const max = Math.max(1, ...values.map((v) => Math.max(0, v)));
  const slot = width / n;
  const w = Math.min(maxWidth, Math.max(1, slot - gap));
  return values.map((v, i) => {
    const h = (Math.max(0, v) / max) * height;
    return { x: i * slot + (slot - w) / 2, y: height - h, width: w, height: h };
  });
}

/** A few evenly spread tick indexes (first and last included) for an axis of `n` points. */
export function tickIndexes(n: number, want = 5): number[] {
  if (n <= 0) return [];
  if (n <= want) return Array.from({ length: n }, (_, i) => i);
  const step = (n - 1) / (want - 1);
  return Array.from({ length: want }, (_, i) => Math.round(i * step));
}
