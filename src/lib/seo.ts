// Search-engine metadata shared by pages: the organisation's facts, its structured data
// (schema.org JSON-LD) and the rating aggregate computed from real reviews.

export const SITE_NAME = 'Verdant';
/** What BaseLayout appends to every page's own title. */
export const TITLE_SUFFIX = ` | ${SITE_NAME}`;
/** Longest page title before the suffix, so the whole title fits a search result (~60). */
export const MAX_SEO_TITLE = 55;

/** The company behind the storefront, as the legal pages and the contact page state it. */
export const ORGANIZATION = {
  name: SITE_NAME,
  legalName: 'Verdant Pte. Ltd.',
  email: 'hello@verdant.example',
  licence: 'TA03317, Licensed by the Singapore Tourism Board',
  address: {
    streetAddress: '71 Ayer Rajah Crescent, #02-14',
    addressLocality: 'Singapore',
    postalCode: '139951',
    addressCountry: 'SG',
  },
  description: 'Outdoor, wildlife and eco-tourism experiences across Asia, run by local, independent operators.',
  /** The brand's public profiles: the footer's social links (SiteFooter.astro) name the same. */
  sameAs: ['https://www.instagram.com/verdant', 'https://www.facebook.com/verdant', 'https://www.tiktok.com/@verdant', 'https://www.youtube.com/@verdant'],
} as const;

export type Aggregate = { average: number; count: number };

/** Mean rating rounded to one decimal (as pages show it) and count; null without ratings. */
export function ratingAggregate(ratings: readonly number[]): Aggregate | null {
  const valid = ratings.filter((r) => Number.isFinite(r));
  if (valid.length === 0) return null;
  const sum = valid.reduce((a, b) => a + b, 0);
  return { average: Math.round((sum / valid.length) * 10) / 10, count: valid.length };
}

/** How many ratings gave each number of stars, 5 down to 1. */
export function ratingDistribution(ratings: readonly number[]): { stars: number; count: number }[] {
  return [5, 4, 3, 2, 1].map((stars) => ({ stars, count: ratings.filter((r) => Math.round(r) === stars).length }));
}

const absolute = (path: string, site: URL | string) => new URL(path, site).href;

export type JsonLdObject = Record<string, unknown>;

/** schema.org Organization with contact point, address, profiles and, when given, its rating. */
export function organizationJsonLd(opts: { site: URL | string; logoPath: string; aggregate: Aggregate | null }): JsonLdObject {
  const { site, logoPath, aggregate } = opts;
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': absolute('/#organization', site),
    name: ORGANIZATION.name,
    legalName: ORGANIZATION.legalName,
    url: absolute('/', site),
    logo: absolute(logoPath, site),
    description: ORGANIZATION.description,
    email: ORGANIZATION.email,
    address: { '@type': 'PostalAddress', ...ORGANIZATION.address },
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer support',
      email: ORGANIZATION.email,
      url: absolute('/contact', site),
      availableLanguage: ['English'],
      hoursAvailable: {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '09:00',
        closes: '18:00',
      },
    },
    sameAs: [...ORGANIZATION.sameAs],
    ...(aggregate && aggregate.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: aggregate.average,
            reviewCount: aggregate.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

export type Crumb = { name: string; href?: string | undefined };

/**
 * schema.org BreadcrumbList for a trail. The last crumb (the current page, shown without a
 * link) gets `currentPath` as its address when given; other crumbs without one have no `item`.
 */
export function breadcrumbJsonLd(items: readonly Crumb[], site: URL | string, currentPath?: string): JsonLdObject {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((c, i) => {
      const href = c.href ?? (i === items.length - 1 ? currentPath : undefined);
      return { '@type': 'ListItem', position: i + 1, name: c.name, ...(href ? { item: absolute(href, site) } : {}) };
    }),
  };
}

/** JSON for a `<script type="application/ld+json">`: `<` escaped so text can never close the script. */
export function jsonLdText(data: JsonLdObject | JsonLdObject[]): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** schema.org FAQPage: each question with its accepted answer (the help centre, /help). */
export function faqPageJsonLd(faqs: readonly { question: string; answer: string }[]): JsonLdObject {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faqs.map((f) => ({ '@type': 'Question', name: f.question, acceptedAnswer: { '@type': 'Answer', text: f.answer } })),
  };
}
