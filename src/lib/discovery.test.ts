import { describe, expect, it } from 'vitest';
import type { TagRef } from '../contract/tags.ts';
import { MIN_TAG_OPTIONS, byActivityType, placeTabs, tagIndex, tagsOf, type TaggedOption } from './discovery.ts';

let id = 0;
const tag = (slug: string, kind: TagRef['kind'] = 'theme', name = slug): TagRef => ({ id: ++id, slug, kind, name });
const kayaking = tag('kayaking', 'activity_type', 'Kayaking');
const hiking = tag('hiking', 'activity_type', 'Hiking');
const families = tag('families', 'suitable', 'Families');
const lowCarbon = tag('low_carbon', 'sustainability', 'Low Carbon');

type O = TaggedOption & { name: string };
const option = (name: string, activityType: TagRef | null, more: Partial<TaggedOption['tags']> = {}): O => ({
  name,
  activityType,
  tags: { activityType: activityType ? [activityType] : [], suitable: [], sustainability: [], theme: [], ...more },
});

describe('tagsOf', () => {
  it('lists the activity type and every tag once', () => {
    const o = option('A', kayaking, { suitable: [families], sustainability: [lowCarbon] });
    expect(tagsOf(o).map((t) => t.slug)).toEqual(['kayaking', 'families', 'low_carbon']);
  });
});

describe('tagIndex', () => {
  const options = [
    option('A', kayaking, { suitable: [families], sustainability: [lowCarbon] }),
    option('B', kayaking, { suitable: [families] }),
    option('C', hiking, { sustainability: [lowCarbon] }),
    option('D', kayaking, { theme: [tag('tags'), tag('rare')] }),
  ];

  it(`has a page for tags shared by at least ${MIN_TAG_OPTIONS} experiences, in kind order then most used`, () => {
    const { tags, optionsByTag } = tagIndex(options, (t) => `About ${t.name}`);
    expect(tags.map((t) => [t.slug, t.optionsCount])).toEqual([
      ['kayaking', 3],
      ['families', 2],
      ['low_carbon', 2],
    ]);
    expect(tags[0]?.description).toBe('About Kayaking');
    expect(optionsByTag.get('kayaking')?.map((o) => o.name)).toEqual(['A', 'B', 'D']);
    // One experience alone makes no page, and a reserved path word never does.
    expect(optionsByTag.get('rare')).toHaveLength(1);
    expect(tags.some((t) => t.slug === 'rare' || t.slug === 'tags')).toBe(false);
  });

  it('names a slug shared by two kinds after the first kind', () => {
    const asTheme = tag('birds', 'theme', 'Birds (theme)');
    const asActivity = tag('birds', 'activity_type', 'Birdwatching');
    const { tags } = tagIndex([option('A', null, { theme: [asTheme] }), option('B', asActivity)]);
    expect(tags).toHaveLength(1);
    expect(tags[0]).toMatchObject({ slug: 'birds', kind: 'activity_type', name: 'Birdwatching', optionsCount: 2 });
  });

  it('stays linear on a large place', () => {
    const many = Array.from({ length: 20_000 }, (_, i) => option(`O${i}`, i % 2 ? kayaking : hiking, { suitable: [families] }));
    const started = performance.now();
    const { tags } = tagIndex(many);
    expect(tags.map((t) => t.optionsCount)).toEqual([10_000, 10_000, 20_000]);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('byActivityType', () => {
  it('groups by activity type, biggest first, those without one last', () => {
    const groups = byActivityType([option('A', hiking), option('B', null), option('C', kayaking), option('D', kayaking)]);
    expect(groups.map((g) => [g.tag?.slug ?? null, g.options.map((o) => o.name)])).toEqual([
      ['kayaking', ['C', 'D']],
      ['hiking', ['A']],
      [null, ['B']],
    ]);
  });
});

describe('placeTabs', () => {
  it('offers only the sub-pages that have something to list', () => {
    expect(placeTabs({ href: '/cities/ubud', options: [1, 2], collections: [], places: [1] })).toEqual([
      { key: 'overview', name: 'Overview', href: '/cities/ubud' },
      { key: 'activities', name: 'Experiences', href: '/cities/ubud/activities', count: 2 },
      { key: 'places-of-interest', name: 'Places of interest', href: '/cities/ubud/places-of-interest', count: 1 },
    ]);
  });
});
