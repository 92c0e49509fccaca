// The words a star rating is read as: the one accessible name of every rating
// on the site, built at build time (src/components/Rating.astro) and by the islands that draw
// ratings in the browser (search result cards, a trip's review).

/** Stars filled for a rating: the average rounded to a whole star, 0–5. */
export function filledStars(rating: number): number {
  return Math.max(0, Math.min(5, Math.round(rating)));
}

/**
 * "4.7 out of 5 stars, 25 reviews" for an average over reviews; "4 out of 5 stars" for one
 * review's own rating (no count).
 */
export function ratingLabel(rating: number, count?: number): string {
  if (count === undefined) return `${Number.isInteger(rating) ? rating : rating.toFixed(1)} out of 5 stars`;
  return `${rating.toFixed(1)} out of 5 stars, ${count.toLocaleString('en-GB')} review${count === 1 ? '' : 's'}`;
}
