import { describe, expect, it } from 'vitest';
import { isSelectedPage } from '../../src/lib/page-selection.ts';
import { affectedPages, bestOfPromoChanged, mergeSelections, ownPages, referenceNeedle } from './publish-impact.ts';

const option = (city: string, country = 'nepal', code = 'NP', operator = 'phewa-paddle') => ({
  slugCode: 'boat-trip-ab12',
  name: 'Boat trip',
  city: { slug: city, name: city },
  country: { slug: country, code },
  operator: { slug: operator },
  activityType: null,
  tags: { activityType: [], suitable: [], sustainability: [], theme: [] },
});

describe('pages a publish renders', () => {
  it('an experience: its page, its place and operator listings, landing pages, embedding records', () => {
    const sel = affectedPages({
      type: 'options',
      key: 'boat-trip-ab12',
      before: option('pokhara'),
      after: { ...option('kathmandu'), name: 'Boat trip at dawn' },
      referrers: [
        { type: 'collections', key: 'lakes' },
        { type: 'best_of_lists', key: 'best-boat-trips' },
        { type: 'blogs', key: 'a-week-in-pokhara' },
      ],
    });
    expect(sel.pages).toEqual(['/experiences/boat-trip-ab12', '/operators/phewa-paddle']);
    expect(sel.trees).toEqual(['/best-of/best-boat-trips', '/cities/kathmandu', '/cities/pokhara', '/collections/lakes', '/countries/nepal', '/magazine', '/np/kathmandu', '/np/pokhara']);
    for (const p of ['/cities/pokhara/activities', '/cities/pokhara/tags/theme__water', '/np/pokhara/boat-trips', '/best-of/best-boat-trips/boat-trip-ab12', '/magazine/page/3']) {
      expect(isSelectedPage(sel, p), p).toBe(true);
    }
    for (const p of ['/cities/chitwan', '/experiences/other-xy99', '/collections/lakes-and-rivers', '/countries/nepali']) {
      expect(isSelectedPage(sel, p), p).toBe(false);
    }
  });

  it('an experience kept in its place, activity, tags and operator: only the listings that show it', () => {
    const tagged = (themes: string[]) => ({
      ...option('pokhara'),
      activityType: { kind: 'activity_type', slug: 'boat-trips' },
      tags: { activityType: [{ kind: 'activity_type', slug: 'boat-trips' }], suitable: [{ kind: 'suitable', slug: 'families' }], sustainability: [], theme: themes.map((slug) => ({ kind: 'theme', slug })) },
    });
    const referrers = [{ type: 'collections' as const, key: 'lakes' }];
    const renamed = affectedPages({ type: 'options', key: 'boat-trip-ab12', before: tagged(['water']), after: { ...tagged(['water']), name: 'Boat trip at dawn', fromPrice: 40 }, referrers });
    for (const p of [
      '/experiences/boat-trip-ab12', '/operators/phewa-paddle', '/cities/pokhara', '/cities/pokhara/activities', '/cities/pokhara/collections', '/cities/pokhara/places-of-interest',
      '/countries/nepal', '/countries/nepal/activities', '/cities/pokhara/tags/boat-trips', '/cities/pokhara/tags/water', '/cities/pokhara/tags/families', '/countries/nepal/tags/water',
      '/np/pokhara/boat-trips', '/np/pokhara/boat-trips/families', '/np/pokhara/water', '/np/pokhara/lakes', '/np/pokhara/lakes/sunrise', '/collections/lakes',
    ]) expect(isSelectedPage(renamed, p), p).toBe(true);
    // Listings that do not hold it: their experiences, counts and tags are the same.
    for (const p of ['/cities/pokhara/tags/kids', '/countries/nepal/tags/hiking', '/np/pokhara/hiking', '/np/pokhara/forests', '/cities/kathmandu']) expect(isSelectedPage(renamed, p), p).toBe(false);
    // A tag more: the place's tag pages and counts change, so its places' trees again.
    const retagged = affectedPages({ type: 'options', key: 'boat-trip-ab12', before: tagged(['water']), after: tagged(['water', 'sunrise']), referrers });
    expect(retagged.trees).toEqual(expect.arrayContaining(['/cities/pokhara', '/countries/nepal', '/np/pokhara']));
    // Another operator, or one published or unpublished: the same.
    expect(affectedPages({ type: 'options', key: 'boat-trip-ab12', before: tagged(['water']), after: { ...tagged(['water']), operator: { slug: 'lake-oars' } }, referrers }).trees).toContain('/cities/pokhara');
    expect(affectedPages({ type: 'options', key: 'boat-trip-ab12', before: undefined, after: tagged(['water']), referrers }).trees).toContain('/cities/pokhara');
  });

  it('a collection: its pages, its place and the places (and landing pages) of its experiences, before and after', () => {
    const col = (held: ReturnType<typeof option>[]) => ({ slug: 'lakes', city: null, country: { slug: 'nepal', code: 'NP' }, options: held });
    const sel = affectedPages({ type: 'collections', key: 'lakes', before: col([option('pokhara')]), after: col([option('chitwan')]), referrers: [] });
    expect(sel.pages).toEqual([]);
    expect(sel.trees).toEqual(['/cities/chitwan', '/cities/pokhara', '/collections/lakes', '/countries/nepal', '/np/chitwan', '/np/pokhara']);
    expect(isSelectedPage(sel, '/np/pokhara/lakes')).toBe(true);
    expect(isSelectedPage(sel, '/cities/kathmandu')).toBe(false);
  });

  it('a best-of list: its page and its picks’ pages, under the old address too after a rename', () => {
    const sel = affectedPages({ type: 'best_of_lists', key: 'best-treks', before: { slug: 'best-hikes' }, after: { slug: 'best-treks' }, referrers: [] });
    expect(sel.trees).toEqual(['/best-of/best-treks']);
    expect(isSelectedPage(sel, '/best-of/best-treks/boat-trip-ab12')).toBe(true);
    expect(isSelectedPage(affectedPages({ type: 'best_of_lists', key: 'best-hikes', referrers: [] }), '/best-of/best-hikes')).toBe(true);
  });

  it('the header’s best-of promo (the newest three lists with picks) changes when one of them does, not otherwise', () => {
    const list = (id: number, title = `List ${id}`, itemsCount = 5) => ({ id, slug: `list-${id}`, title, itemsCount, image: null });
    const all = [list(1), list(2), list(3), list(4)];
    expect(bestOfPromoChanged(all, [list(1, 'A new title'), list(2), list(3), list(4)])).toBe(false);
    expect(bestOfPromoChanged(all, [list(1), list(2), list(3), list(4, 'A new title')])).toBe(true);
    // One of the three unpublished (gone) or emptied: the next one moves in.
    expect(bestOfPromoChanged(all, [list(1), list(2), list(3)])).toBe(true);
    expect(bestOfPromoChanged(all, [list(1), list(2), list(3), list(4, 'List 4', 0)])).toBe(true);
  });

  it('an experience that moved city leaves the old city listings too', () => {
    const sel = affectedPages({ type: 'options', key: 'boat-trip-ab12', before: option('pokhara'), after: option('chitwan'), referrers: [] });
    expect(sel.trees).toEqual(expect.arrayContaining(['/cities/pokhara', '/cities/chitwan', '/np/pokhara', '/np/chitwan']));
  });

  it('an unpublished experience: its page and every listing it was on', () => {
    const sel = affectedPages({ type: 'options', key: 'boat-trip-ab12', before: option('pokhara'), after: undefined, referrers: [{ type: 'suppliers', key: 'phewa-paddle' }] });
    expect(sel.pages).toContain('/experiences/boat-trip-ab12');
    expect(sel.trees).toEqual(expect.arrayContaining(['/cities/pokhara', '/countries/nepal']));
    expect(sel.pages).toContain('/operators/phewa-paddle');
  });

  it('a new article re-renders the magazine (listings paginate), not the rest', () => {
    const sel = affectedPages({ type: 'blogs', key: 'new-story', after: { slug: 'new-story' }, referrers: [] });
    expect(sel).toEqual({ pages: [], trees: ['/magazine'] });
  });

  it('a city re-renders its country and the experiences that show it', () => {
    const sel = affectedPages({
      type: 'cities',
      key: 'pokhara',
      before: { slug: 'pokhara', country: { slug: 'nepal', code: 'NP' } },
      after: { slug: 'pokhara', country: { slug: 'nepal', code: 'NP' } },
      referrers: [{ type: 'options', key: 'boat-trip-ab12' }],
    });
    expect(sel.trees).toEqual(['/cities/pokhara', '/countries/nepal', '/np/pokhara']);
    expect(sel.pages).toEqual(['/experiences/boat-trip-ab12']);
  });

  it('merging drops trees and pages inside other trees', () => {
    expect(mergeSelections([{ pages: ['/magazine/a/x', '/about'], trees: ['/magazine/tags', '/magazine'] }])).toEqual({ pages: ['/about'], trees: ['/magazine'] });
  });

  it('finds references by the key as the cache writes it', () => {
    expect(referenceNeedle('options', 'a-b1')).toBe('"slugCode": "a-b1"');
    expect(referenceNeedle('tags', 'theme/water')).toBe('"slug": "water"');
    // A magazine tag's own pages are its listing; other tags show under every place.
    expect(ownPages('tags', 'blog/field-notes')).toEqual({ pages: [], trees: ['/magazine/tags/field-notes'] });
    expect(ownPages('tags', 'theme/water')).toEqual({ pages: [], trees: ['/countries', '/cities'] });
  });
});
