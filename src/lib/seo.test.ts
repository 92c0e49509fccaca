import { describe, expect, it } from 'vitest';
import { breadcrumbJsonLd, jsonLdText, MAX_SEO_TITLE, organizationJsonLd, ratingAggregate, ratingDistribution, TITLE_SUFFIX } from './seo.ts';

describe.each([
  [[5, 5, 4], { average: 4.7, count: 3 }],
  [[5, 4, 4, 5], { average: 4.5, count: 4 }],
  [[1], { average: 1, count: 1 }],
  [[4, 5, 5, 5, 5, 5, 5, 5, 5, 5], { average: 4.9, count: 10 }],
  [[3, 4], { average: 3.5, count: 2 }],
  [[4, 4, 5], { average: 4.3, count: 3 }],
])('ratingAggregate(%j)', (ratings, expected) => {
  it(`is ${expected.average} from ${expected.count}`, () => expect(ratingAggregate(ratings)).toEqual(expected));
});

describe('ratingAggregate', () => {
  it('is null without ratings', () => expect(ratingAggregate([])).toBeNull());
  it('ignores values that are not numbers', () => expect(ratingAggregate([5, Number.NaN, 4])).toEqual({ average: 4.5, count: 2 }));
  it('rounds the mean of 100 ratings to one decimal', () => {
    const ratings = [...Array<number>(69).fill(5), ...Array<number>(31).fill(4)];
    expect(ratingAggregate(ratings)).toEqual({ average: 4.7, count: 100 });
  });
});

describe('ratingDistribution', () => {
  it('counts each number of stars, five first', () =>
    expect(ratingDistribution([5, 5, 4, 1])).toEqual([
      { stars: 5, count: 2 },
      { stars: 4, count: 1 },
      { stars: 3, count: 0 },
      { stars: 2, count: 0 },
      { stars: 1, count: 1 },
    ]));
});

describe('organizationJsonLd', () => {
  const site = new URL('https://verdant.example');

  it('names the organisation with absolute addresses, contact point, address and profiles', () => {
    const data = organizationJsonLd({ site, logoPath: '/favicon.svg', aggregate: null });
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Verdant',
      url: 'https://verdant.example/',
      logo: 'https://verdant.example/favicon.svg',
      address: { '@type': 'PostalAddress', addressCountry: 'SG', postalCode: '139951' },
      contactPoint: { '@type': 'ContactPoint', email: 'hello@verdant.example', url: 'https://verdant.example/contact' },
    });
    expect(data['sameAs']).toEqual(expect.arrayContaining([expect.stringMatching(/^https:\/\//)]));
  });

  it('has no aggregateRating without reviews', () => {
    expect(organizationJsonLd({ site, logoPath: '/favicon.svg', aggregate: null })).not.toHaveProperty('aggregateRating');
    expect(organizationJsonLd({ site, logoPath: '/favicon.svg', aggregate: { average: 5, count: 0 } })).not.toHaveProperty('aggregateRating');
  });

  it('carries the aggregate it is given', () => {
    expect(organizationJsonLd({ site, logoPath: '/favicon.svg', aggregate: { average: 4.7, count: 100 } })['aggregateRating']).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.7,
      reviewCount: 100,
      bestRating: 5,
      worstRating: 1,
    });
  });
});

describe('breadcrumbJsonLd', () => {
  const site = 'https://verdant.example';
  const items = [{ name: 'Home', href: '/' }, { name: 'Our story', href: '/about' }, { name: 'Our mission' }];

  it('lists the crumbs in order with absolute addresses', () => {
    expect(breadcrumbJsonLd(items, site)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://verdant.example/' },
        { '@type': 'ListItem', position: 2, name: 'Our story', item: 'https://verdant.example/about' },
        { '@type': 'ListItem', position: 3, name: 'Our mission' },
      ],
    });
  });

  it('gives the current page its address when known', () => {
    const list = breadcrumbJsonLd(items, site, '/our-mission')['itemListElement'] as { item?: string }[];
    expect(list[2]?.item).toBe('https://verdant.example/our-mission');
  });
});

describe('jsonLdText', () => {
  it('cannot close its script element', () => {
    const text = jsonLdText({ name: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});

describe('titles', () => {
  it('fit a search result with the suffix', () => expect(MAX_SEO_TITLE + TITLE_SUFFIX.length).toBeLessThanOrEqual(65));
});
