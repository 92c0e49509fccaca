// The order of an experience page's "Similar experiences" (src/pages/experiences/[slugCode].astro),
// in one place for the page and for the publish pipeline, which works out from it which
// experience pages show a changed one (scripts/lib/site-publisher.ts, issue 14): at 20,000
// experiences a city holds about 300, and each page shows only SIMILAR_SHOWN of them.

/** What the order reads of an experience. */
export type SimilarKey = { name: string; ordersCount: number; activityType?: { slug: string } | null };

/** How many similar experiences a page shows. */
export const SIMILAR_SHOWN = 4;

/** Most booked first, then by name: the order of every experience list of a place. */
export const byOrders = <T extends { ordersCount: number; name: string }>(a: T, b: T) => b.ordersCount - a.ordersCount || a.name.localeCompare(b.name);

/**
 * The similar experiences' order on the page of an experience of `activity`: those of the same
 * kind of activity first, then most booked (a stable sort of a list already in `byOrders`).
 */
export function similarOrder(activity: string | undefined) {
  const rank = (o: SimilarKey) => (o.activityType?.slug === activity ? 0 : 1);
  return (a: SimilarKey, b: SimilarKey) => rank(a) - rank(b) || byOrders(a, b);
}

/**
 * Whether the page of `page` shows `shown` among its first SIMILAR_SHOWN similar experiences of
 * the city, given the city's other experiences (`city`; either of the two in it is skipped).
 * Names that tie keep their file order on the page: a tie counts as not ahead, so the answer errs
 * towards yes (rendering one page too many is harmless, one too few is not).
 */
export function showsAsSimilar<T extends SimilarKey>(page: T, shown: SimilarKey, city: readonly T[]): boolean {
  const order = similarOrder(page.activityType?.slug);
  let ahead = 0;
  for (const o of city) {
    if (o === page || o === shown || order(o, shown) >= 0) continue;
    if (++ahead >= SIMILAR_SHOWN) return false;
  }
  return true;
}
