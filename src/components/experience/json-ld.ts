// The experience page's structured data: a Product and TouristTrip with its offer, rating and reviews.
import { imageUrl } from '../../lib/format-image.ts';
import type { OptionEntry } from '../catalogue.ts';

type Image = OptionEntry['images'][number];

export function experienceJsonLd(option: OptionEntry, { canonical, site, images }: { canonical: string; site: URL; images: Image[] }) {
  const rating = option.rating;
  const reviews = option.reviews;
  return {
    '@context': 'https://schema.org',
    '@type': ['Product', 'TouristTrip'],
    name: option.name,
    description: option.summary,
    url: canonical,
    sku: option.slugCode,
    image: images.slice(0, 4).map((i) => new URL(imageUrl(i.url, 1200), site).href),
    brand: { '@type': 'Organization', name: option.operator.name },
    provider: { '@type': 'LocalBusiness', name: option.operator.name },
    touristType: option.tags.suitable.map((t) => t.name),
    ...(option.fromPrice
      ? {
          offers: {
            '@type': 'Offer',
            price: option.fromPrice.amount,
            priceCurrency: option.fromPrice.currency,
            availability: 'https://schema.org/InStock',
            url: canonical,
          },
        }
      : {}),
    ...(rating.average !== null && rating.count > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: rating.average, reviewCount: rating.count, bestRating: 5, worstRating: 1 } }
      : {}),
    ...(reviews.length > 0
      ? {
          review: reviews.map((r) => ({
            '@type': 'Review',
            name: r.title,
            reviewBody: r.body,
            datePublished: r.createdAt.slice(0, 10),
            author: { '@type': 'Person', name: r.authorName },
            reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
          })),
        }
      : {}),
  };
}
