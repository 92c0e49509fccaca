import { describe, expect, it } from 'vitest';
import { fillRoute, internalPath, isDynamicRoute, isIndexableRoute, resolvesTo, routeOfPageFile, shellFamilies } from './seo-routes.ts';

describe.each([
  ['index.astro', '/'],
  ['./index.astro', '/'],
  ['about.astro', '/about'],
  ['./magazine/index.astro', '/magazine'],
  ['/src/pages/countries/[slug].astro', '/countries/[slug]'],
  ['../../pages/magazine/a/[slug].astro', '/magazine/a/[slug]'],
  ['shells/account/index.astro', '/shells/account'],
  ['sitemap.xml.ts', '/sitemap.xml'],
  ['404.astro', '/404'],
])('routeOfPageFile(%s)', (file, route) => {
  it(`is ${route}`, () => expect(routeOfPageFile(file)).toBe(route));
});

describe('fillRoute', () => {
  it('fills parameters', () => expect(fillRoute('/countries/[slug]', { slug: 'nepal' })).toBe('/countries/nepal'));
  it('fills several', () => expect(fillRoute('/[country]/[city]/[id]', { country: 'sg', city: 'singapore', id: 7 })).toBe('/sg/singapore/7'));
  it('drops an empty rest parameter', () => expect(fillRoute('/magazine/[...path]', { path: undefined })).toBe('/magazine'));
  it('keeps a rest parameter with slashes', () => expect(fillRoute('/magazine/[...path]', { path: 'a/b' })).toBe('/magazine/a/b'));
  it('throws for a missing parameter', () => expect(() => fillRoute('/cities/[slug]', {})).toThrow(/slug/));
});

describe('route kinds', () => {
  it.each(['/countries/[slug]', '/[...rest]'])('%s is dynamic', (r) => expect(isDynamicRoute(r)).toBe(true));
  it.each(['/', '/about'])('%s is static', (r) => expect(isDynamicRoute(r)).toBe(false));
  it.each(['/', '/about', '/magazine', '/countries/[slug]'])('%s is indexable', (r) => expect(isIndexableRoute(r)).toBe(true));
  it.each(['/404', '/500', '/shells/account', '/shells', '/drafts/_preview'])('%s is not indexable', (r) => expect(isIndexableRoute(r)).toBe(false));
  it('finds shell families', () => expect(shellFamilies(['/', '/shells/account', '/shells/checkout', '/shellsx'])).toEqual(['account', 'checkout']));
});

describe.each([
  ['/about', '/about'],
  ['/about/', '/about'],
  ['/about?x=1#top', '/about'],
  ['/', '/'],
  ['https://example.com/about', undefined],
  ['//example.com/about', undefined],
  ['mailto:hello@verdant.example', undefined],
  ['#top', undefined],
])('internalPath(%s)', (href, path) => {
  it(`is ${String(path)}`, () => expect(internalPath(href)).toBe(path));
});

describe('resolvesTo', () => {
  const table = { pages: new Set(['/', '/about', '/magazine']), shells: ['account'], dynamic: ['/countries/[slug]'] };
  it.each(['/', '/about', '/about/', '/magazine?page=2', '/account', '/account/trips', '/account/trips/12'])('%s resolves', (href) =>
    expect(resolvesTo(table, href)).toBe(true),
  );
  it.each(['/search', '/gifts', '/reviews/new', '/checkout', '/shells/account', 'https://example.com/', '/accounts'])('%s does not', (href) =>
    expect(resolvesTo(table, href)).toBe(false),
  );
});
