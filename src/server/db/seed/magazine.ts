// The magazine ("Field Notes"): categories, authors, hand-written and composed articles.
import type { z } from 'zod';
import type { BlogKind as BlogKindSchema } from '../../../contract/blogs.ts';
import type { BlogBlock } from '../schema.ts';
import type { ArticleSeedSchema, BodySeedSchema } from './content-schemas.ts';
import { loadArticles, loadAuthors, loadBlogCategories } from './content-seed.ts';
import type { BestOfRows, Catalogue, ItineraryRow } from './curation.ts';
import { resolveRef } from './curation.ts';
import type { ImagePicker } from './images.ts';
import { BEST_OF } from './itineraries.ts';
import type { OptionDraft } from './option-model.ts';
import { createRng, daysBefore, idFrom, must, REFERENCE_DATE, type Rng } from './prng.ts';
import type { CityBuilt, World } from './world.ts';

export type BodySeed = z.infer<typeof BodySeedSchema>;
export type BlogKind = z.infer<typeof BlogKindSchema>;
export type ArticleSeed = z.infer<typeof ArticleSeedSchema>;

/** Categories in display order, authors by key and the hand-written articles: content-seed/magazine/. */
export const BLOG_CATEGORIES = loadBlogCategories();
export const AUTHORS = loadAuthors();
const CORE_ARTICLES = loadArticles();

export type BlogRow = {
  id: number;
  slug: string;
  title: string;
  kind: BlogKind;
  categoryId: number;
  excerpt: string;
  body: BlogBlock[];
  authorName: string;
  authorBio: string;
  videoId: string | null;
  verdict: string | null;
  countryId: number | null;
  cityId: number | null;
  heroImageId: number;
  publishedAt: Date;
};

export type MagazineRows = {
  categories: { id: number; slug: string; name: string; description: string; position: number }[];
  blogs: BlogRow[];
  blogTags: { blogId: number; tagId: number }[];
  blogOptions: { blogId: number; optionId: number; position: number }[];
  /** When each article was last edited: its publication, or a later revision for some. */
  revisions: { blogId: number; updatedAt: Date }[];
};

const CATEGORY_BY_ACT: Record<string, string> = { wild: 'wildlife', bird: 'wildlife', food: 'food-and-culture', culture: 'food-and-culture', well: 'sustainable-travel', stay: 'sustainable-travel' };

/** Pocket guides and itineraries whose place is known for one thing sit in that section. */
const POCKET_GUIDE_SECTION: Record<string, string> = {
  'hoi-an': 'food-and-culture', 'luang-prabang': 'food-and-culture', kyoto: 'food-and-culture', kathmandu: 'food-and-culture',
  pokhara: 'adventure', 'leh-ladakh': 'adventure', rishikesh: 'adventure', yangshuo: 'adventure',
  'kota-kinabalu': 'wildlife', langkawi: 'wildlife',
};
const ITINERARY_SECTION: Record<string, string> = {
  'two-wild-days-in-singapore': 'wildlife', 'seven-days-in-sabah': 'wildlife', 'nepal-in-eight-days': 'adventure', 'slow-japan-in-ten-days': 'sustainable-travel',
};

const SEASON_TIPS = [
  'Mornings are cooler and clearer everywhere in the region, so plan outdoor time early and rest in the afternoon.',
  'Shoulder months bring fewer visitors and lower prices, with weather that is usually still good.',
  'Even in the wet season, most days have long dry spells; a flexible plan goes a long way.',
];
const CLOSING_TIPS = [
  'Book guided experiences a few days ahead in high season; small operators fill up fast.',
  'Carry small notes for park fees, markets and tips.',
  'A refillable bottle with a filter saves money and plastic.',
  'Ask your guide where they eat: it is almost always the best meal of the trip.',
];

type Ctx = { world: World; cat: Catalogue; picker: ImagePicker };

/**
 * An article's experience reference: a core key, or "city/act" matched on both (unlike
 * collections, an article never falls back to another activity: a firefly boat trip must not
 * link a bike ride). Null when nothing fits: the item stays text only.
 */
function articleRef(cat: Catalogue, ref: string, used: Set<number>): number | null {
  if (!ref.includes('/')) return resolveRef(cat, ref, used);
  const [city, act] = ref.split('/');
  const hit = cat.ranked.find((o) => o.citySlug === city && o.act === act && !used.has(o.id));
  if (!hit) return null;
  used.add(hit.id);
  return hit.id;
}

function resolveBody(ctx: Ctx, rng: Rng, seeds: readonly BodySeed[], related: Set<number>): BlogBlock[] {
  const used = new Set<number>();
  return seeds.map((b): BlogBlock => {
    switch (b[0]) {
      case 'p': return { type: 'paragraph', text: b[1] };
      case 'h': return { type: 'heading', text: b[1] };
      case 'quote': return b[2] ? { type: 'quote', text: b[1], cite: b[2] } : { type: 'quote', text: b[1] };
      case 'list': return { type: 'list', ordered: b[1], items: b[2] };
      case 'img': return { type: 'image', imageId: ctx.picker.one(rng, b[1]), caption: b[2] };
      case 'item': {
        const id = b[3] ? articleRef(ctx.cat, b[3], used) : null;
        if (id !== null) related.add(id);
        return id !== null ? { type: 'item', title: b[1], text: b[2], optionId: id } : { type: 'item', title: b[1], text: b[2] };
      }
      case 'day': {
        const ids = b[4].map((r) => articleRef(ctx.cat, r, used)).filter((x): x is number => x !== null);
        ids.forEach((x) => related.add(x));
        return { type: 'day', day: b[1], title: b[2], text: b[3], optionIds: ids };
      }
    }
  });
}

type Draft = Omit<BlogRow, 'id' | 'categoryId' | 'authorName' | 'authorBio'> & { category: string; author: string; tags: string[]; related: number[] };

function fromSeed(ctx: Ctx, a: ArticleSeed): Draft {
  const rng = createRng(`article:${a.slug}`);
  const related = new Set<number>();
  const body = resolveBody(ctx, rng, a.body, related);
  for (const r of a.related ?? []) {
    const id = articleRef(ctx.cat, r, new Set());
    if (id !== null) related.add(id);
  }
  return {
    slug: a.slug, title: a.title, kind: a.kind, category: a.category, excerpt: a.excerpt, body, author: a.author, tags: a.tags,
    videoId: a.kind === 'video' ? idFrom(`video:${a.slug}`, 11) : null,
    verdict: a.verdict ?? null,
    countryId: a.country ? must(ctx.world.countryBySlug, a.country).id : a.city ? must(ctx.world.cityBySlug, a.city).country.id : null,
    cityId: a.city ? must(ctx.world.cityBySlug, a.city).id : null,
    heroImageId: ctx.picker.one(rng, a.hero),
    publishedAt: daysBefore(a.age, 8),
    related: [...related],
  };
}

function topInCity(cat: Catalogue, city: CityBuilt, n: number): OptionDraft[] {
  return cat.ranked.filter((o) => o.citySlug === city.seed.slug).slice(0, n);
}

function item(o: OptionDraft): BlogBlock {
  return { type: 'item', title: o.name, text: o.summary, optionId: o.id };
}

function pocketGuide(ctx: Ctx, city: CityBuilt, age: number): Draft {
  const rng = createRng(`pocket:${city.seed.slug}`);
  const s = city.seed;
  const top = topInCity(ctx.cat, city, 3);
  const title = rng.pick([`Pocket Guide: ${s.name}`, `${s.name} in a Nutshell`, `First Time in ${s.name}? Start Here`, `${s.name}: The Essentials`]);
  const body: BlogBlock[] = [
    { type: 'paragraph', text: s.description },
    { type: 'image', imageId: ctx.picker.one(rng, s.themes), caption: `${s.tagline}.` },
    { type: 'heading', text: 'When to go' },
    { type: 'paragraph', text: `The best time to visit is ${s.season}. ${rng.pick(SEASON_TIPS)}` },
    { type: 'heading', text: 'Where to go' },
    { type: 'list', ordered: false, items: s.pois.map((p) => `${p.name}: ${p.description}`) },
  ];
  if (top.length > 0) body.push({ type: 'heading', text: 'What to book' }, ...top.map(item));
  const facts = city.country.seed.facts.find(([k]) => k === 'Good to know');
  body.push({ type: 'heading', text: 'Good to know' }, { type: 'paragraph', text: `${facts ? `${facts[1]}. ` : ''}${rng.pick(CLOSING_TIPS)}` });
  return {
    slug: `pocket-guide-${s.slug}`, title, kind: 'quick_read', category: POCKET_GUIDE_SECTION[s.slug] ?? 'destinations',
    excerpt: `${s.tagline}: when to go, where to go and what to book in ${s.name}.`,
    body, author: rng.pick(['mei-lin', 'tom', 'rizal', 'hana', 'lucy']), tags: rng.sample(['first-timers', 'national-parks', 'budget-friendly', 'travelling-solo', 'family-travel'], 2),
    videoId: null, verdict: null, countryId: city.country.id, cityId: city.id, heroImageId: city.imageId,
    publishedAt: daysBefore(age, 8), related: top.map((o) => o.id),
  };
}

function deepDive(ctx: Ctx, countryIndex: number, age: number): Draft {
  const country = ctx.world.countries[countryIndex];
  if (!country) throw new Error('no country');
  const c = country.seed;
  const rng = createRng(`deep-dive:${c.slug}`);
  const cities = ctx.world.cities.filter((x) => x.country === country);
  const related: number[] = [];
  const body: BlogBlock[] = c.description.map((text) => ({ type: 'paragraph', text }));
  body.push({ type: 'heading', text: 'Quick facts' }, { type: 'list', ordered: false, items: c.facts.map(([k, v]) => `${k}: ${v}`) });
  cities.forEach((city, i) => {
    body.push({ type: 'heading', text: city.seed.name }, { type: 'paragraph', text: city.seed.description });
    if (i < 3) body.push({ type: 'image', imageId: ctx.picker.one(rng, city.seed.themes), caption: `${city.seed.name}: ${city.seed.tagline.charAt(0).toLowerCase()}${city.seed.tagline.slice(1)}.` });
    const best = topInCity(ctx.cat, city, 1)[0];
    if (best) {
      body.push(item(best));
      related.push(best.id);
    }
  });
  body.push({ type: 'heading', text: 'Before you go' }, { type: 'paragraph', text: rng.pick(CLOSING_TIPS) });
  return {
    slug: `${c.slug}-the-deep-dive`, title: rng.pick([`${c.name}: The Deep Dive`, `The Complete Guide to Outdoor ${c.name}`, `${c.name} for Nature Lovers: A Complete Guide`]),
    kind: 'complete_guide', category: 'destinations', excerpt: `${c.tagline}. Everything you need to plan a trip to ${c.name}’s wild places.`,
    body, author: rng.pick(['tom', 'anjali', 'rizal', 'mei-lin']), tags: ['first-timers', rng.pick(['national-parks', 'bucket-list', 'responsible-travel'])],
    videoId: null, verdict: null, countryId: country.id, cityId: null, heroImageId: country.imageId, publishedAt: daysBefore(age, 8), related,
  };
}

function itineraryArticle(it: ItineraryRow, age: number): Draft {
  const rng = createRng(`itinerary-article:${it.slug}`);
  const body: BlogBlock[] = [
    { type: 'paragraph', text: it.summary },
    ...it.days.map((d): BlogBlock => ({ type: 'day', day: d.day, title: d.title, text: d.description, optionIds: d.optionIds })),
    { type: 'paragraph', text: 'Every experience in this itinerary can be booked on its own, and our team is happy to help you join them up.' },
  ];
  return {
    slug: `itinerary-${it.slug}`, title: it.title, kind: 'itinerary', category: ITINERARY_SECTION[it.slug] ?? 'destinations', excerpt: it.summary, body,
    author: rng.pick(['tom', 'anjali', 'hana', 'mei-lin']), tags: ['bucket-list', rng.pick(['first-timers', 'travelling-solo', 'family-travel'])],
    videoId: null, verdict: null, countryId: it.countryId, cityId: it.cityId, heroImageId: it.imageId, publishedAt: daysBefore(age, 8),
    related: [...new Set(it.days.flatMap((d) => d.optionIds))].slice(0, 12),
  };
}

function roundup(ctx: Ctx, rows: BestOfRows, listIndex: number, age: number): Draft {
  const list = rows.lists[listIndex];
  const seed = BEST_OF[listIndex];
  if (!list || !seed) throw new Error('no list');
  const rng = createRng(`roundup:${list.slug}`);
  const items = rows.items.filter((x) => x.listId === list.id);
  const body: BlogBlock[] = [
    { type: 'paragraph', text: list.intro },
    ...items.map((x): BlogBlock => ({ type: 'item', title: ctx.cat.byId.get(x.optionId)?.name ?? '', text: x.blurb, optionId: x.optionId })),
    { type: 'paragraph', text: 'Every pick is run by a small local operator and has been reviewed by our team. Prices are per person unless stated.' },
  ];
  const act = seed.acts?.[0] ?? 'hike';
  return {
    slug: `roundup-${list.slug}`, title: `The Roundup: ${list.title.replace(/^The /, '')}`, kind: 'list', category: CATEGORY_BY_ACT[act] ?? 'adventure',
    excerpt: list.intro, body, author: rng.pick(['tom', 'anjali', 'rizal', 'lucy', 'hana']), tags: [rng.pick(['bucket-list', 'budget-friendly', 'family-travel'])],
    videoId: null, verdict: null, countryId: list.countryId, cityId: list.cityId, heroImageId: list.imageId, publishedAt: daysBefore(age, 8),
    related: items.map((x) => x.optionId),
  };
}

const VERDICT_OPENERS = ['A beautifully run', 'An outstanding', 'A genuinely special', 'A thoughtful, well-paced'];
const VERDICT_CLOSERS = ['Book early and go with an open mind.', 'Worth every cent.', 'We would go back tomorrow.', 'Bring water, good shoes and curiosity.'];
const KIND_WORDS: Record<string, string> = { stay: 'stay', short_adventure: 'day out', flexible_adventure: 'day out', adventure: 'adventure' };

function triedAndTested(ctx: Ctx, key: string, age: number): Draft {
  const o = must(ctx.cat.byId, must(ctx.cat.coreIds, key));
  const city = must(ctx.world.cityBySlug, o.citySlug);
  const op = must(ctx.world.operatorBySlug, o.operatorSlug);
  const rng = createRng(`tnt:${key}`);
  const authorKey = rng.pick(['tom', 'anjali', 'rizal', 'hana', 'lucy', 'mei-lin']);
  const author = must(new Map(Object.entries(AUTHORS)), authorKey);
  const paragraphs = o.description.split('\n\n');
  const body: BlogBlock[] = [
    { type: 'paragraph', text: `We sent ${author.name.split(' ')[0]} to ${city.seed.name} to try ${o.name} with ${op.seed.name}. Here is the honest verdict.` },
    { type: 'paragraph', text: paragraphs[0] ?? o.summary },
    { type: 'image', imageId: o.imageIds[1] ?? o.imageIds[0] ?? 1, caption: `${o.name}, ${city.seed.name}.` },
    { type: 'heading', text: 'What we loved' },
    { type: 'list', ordered: false, items: o.highlights },
    { type: 'heading', text: 'Good to know' },
    { type: 'paragraph', text: o.faqs.map(([, a]) => a).slice(0, 2).join(' ') },
    item(o),
  ];
  return {
    slug: `tried-and-tested-${o.slugCode.replace(/-[a-z0-9]{4}$/, '')}`, title: `Tried and Tested: ${o.name}`, kind: 'tried_and_tested',
    category: CATEGORY_BY_ACT[o.act] ?? 'adventure', excerpt: o.summary, body, author: authorKey, tags: ['meet-the-locals', rng.pick(['bucket-list', 'responsible-travel'])],
    videoId: null, verdict: `${rng.pick(VERDICT_OPENERS)} ${KIND_WORDS[o.kind] ?? 'experience'} in ${city.seed.name}. ${rng.pick(VERDICT_CLOSERS)}`,
    countryId: city.country.id, cityId: city.id, heroImageId: o.imageIds[0] ?? 1, publishedAt: daysBefore(age, 8), related: [o.id],
  };
}

function video(ctx: Ctx, key: string, age: number): Draft {
  const o = must(ctx.cat.byId, must(ctx.cat.coreIds, key));
  const city = must(ctx.world.cityBySlug, o.citySlug);
  const op = must(ctx.world.operatorBySlug, o.operatorSlug);
  const rng = createRng(`video:${key}`);
  const slug = `watch-${o.slugCode.replace(/-[a-z0-9]{4}$/, '')}`;
  return {
    slug, title: `Watch: ${o.name}`, kind: 'video', category: CATEGORY_BY_ACT[o.act] ?? 'adventure',
    excerpt: `A few minutes in ${city.seed.name} with ${op.seed.name}. ${o.summary}`,
    body: [
      { type: 'paragraph', text: `We followed ${op.seed.name} for a day in ${city.seed.name}. ${o.summary}` },
      { type: 'paragraph', text: rng.pick(['Filmed on location with the operator’s permission; no wildlife was disturbed.', 'Shot over two days with a small crew and natural light.', 'Filmed by our team on a phone and a small mirrorless camera.']) },
      item(o),
    ],
    author: rng.pick(['rizal', 'hana', 'tom']), tags: ['camera-skills'], videoId: idFrom(`video:${slug}`, 11), verdict: null,
    countryId: city.country.id, cityId: city.id, heroImageId: o.imageIds[0] ?? 1, publishedAt: daysBefore(age, 8), related: [o.id],
  };
}

/** About one article in four was revised a few weeks to months after publication. */
function lastEdited(d: Draft): Date {
  const rng = createRng(`revised:${d.slug}`);
  if (rng.next() >= 0.25) return d.publishedAt;
  const later = new Date(d.publishedAt.getTime() + (14 + rng.int(0, 150)) * 86_400_000);
  return later < REFERENCE_DATE ? later : d.publishedAt;
}

const TNT_KEYS = ['sg-ubin-kayak', 'th-cheow-lan', 'vn-hang-en', 'np-poon-hill', 'tw-zhuilu', 'jp-jomon-sugi', 'kh-chi-phat', 'in-ranthambore'];
const VIDEO_KEYS = ['id-batur-sunrise', 'vn-lan-ha-cruise', 'th-railay-climb', 'in-ganga-camp', 'cn-tiger-leaping', 'cn-yulong-cycle'];

export function buildMagazine(world: World, cat: Catalogue, picker: ImagePicker, itineraries: ItineraryRow[], bestOf: BestOfRows): MagazineRows {
  const ctx: Ctx = { world, cat, picker };
  const drafts: Draft[] = CORE_ARTICLES.map((a) => fromSeed(ctx, a));
  // Composed articles, with publication dates spread over the last two years.
  let n = 0;
  const nextAge = () => 5 + ((n++ * 53) % 715);
  for (const city of world.cities) if (city.seed.featured) drafts.push(pocketGuide(ctx, city, nextAge()));
  world.countries.forEach((_, i) => drafts.push(deepDive(ctx, i, nextAge())));
  for (const it of itineraries) drafts.push(itineraryArticle(it, nextAge()));
  bestOf.lists.forEach((_, i) => drafts.push(roundup(ctx, bestOf, i, nextAge())));
  for (const k of TNT_KEYS) drafts.push(triedAndTested(ctx, k, nextAge()));
  for (const k of VIDEO_KEYS) drafts.push(video(ctx, k, nextAge()));

  const categories = BLOG_CATEGORIES.map((c, i) => ({ id: i + 1, ...c, position: i }));
  const catId = new Map(categories.map((c) => [c.slug, c.id]));
  const slugs = new Set<string>();
  const out: MagazineRows = { categories, blogs: [], blogTags: [], blogOptions: [], revisions: [] };
  drafts.forEach((d, i) => {
    if (slugs.has(d.slug)) throw new Error(`duplicate blog slug ${d.slug}`);
    slugs.add(d.slug);
    const id = i + 1;
    const author = must(new Map(Object.entries(AUTHORS)), d.author, 'author');
    out.blogs.push({
      id, slug: d.slug, title: d.title, kind: d.kind, categoryId: must(catId, d.category, 'blog category'), excerpt: d.excerpt, body: d.body,
      authorName: author.name, authorBio: author.bio, videoId: d.videoId, verdict: d.verdict, countryId: d.countryId, cityId: d.cityId,
      heroImageId: d.heroImageId, publishedAt: d.publishedAt,
    });
    for (const t of new Set(d.tags)) out.blogTags.push({ blogId: id, tagId: must(world.tagBySlug, t, 'blog tag').id });
    [...new Set(d.related)].forEach((optionId, position) => out.blogOptions.push({ blogId: id, optionId, position }));
    out.revisions.push({ blogId: id, updatedAt: lastEdited(d) });
  });
  return out;
}
