// Turns authored experiences into option drafts: prices in minor units, slugs, tags, images.
import { transportPer } from '../../../lib/pricing.ts';
import type { TransportItem } from '../schema.ts';
import type { ImagePicker } from './images.ts';
import { sgdRate, toMinor } from './money.ts';
import type { CancelType, CoreOption, OptionDraft, Pricing, RoomSeed, StepSeed } from './option-model.ts';
import { createRng, must, shortCode, slugify } from './prng.ts';
import type { Act, Suitable, Sustainability } from './types.ts';
import { themesFor, type World } from './world.ts';

export const CANCEL_ANSWERS: Record<CancelType, string> = {
  all_sales_final: 'This booking is non-refundable once confirmed.',
  strict: 'Free cancellation up to 7 days before the start date; after that the booking is non-refundable.',
  standard: 'Free cancellation up to 1 day (24 hours) before the start date.',
  moderate: 'Free cancellation up to 3 days before the start date.',
};

export function cancelFaq(cancel: CancelType): [string, string] {
  return ['What is the cancellation policy?', CANCEL_ANSWERS[cancel]];
}

/** kebab name (trimmed at a word boundary) + a short stable code; unique within `used`. */
export function slugCodeFor(name: string, key: string, used: Set<string>): string {
  let base = slugify(name);
  if (base.length > 60) base = base.slice(0, 60).replace(/-[^-]*$/, '');
  for (let attempt = 0; ; attempt++) {
    const slug = `${base}-${shortCode(attempt === 0 ? key : `${key}#${attempt}`)}`;
    if (!used.has(slug)) {
      used.add(slug);
      return slug;
    }
  }
}

type PriceFields = Pick<OptionDraft,
  'priceUnit' | 'groupPriceType' | 'useChildPrices' | 'hasLocalPrice' | 'adultPrice' | 'childPrice' | 'localAdultPrice' |
  'localChildPrice' | 'groupPrice' | 'groupIncludedPax' | 'additionalPaxPrice' | 'minPax' | 'rooms' | 'fromSgd'>;

export function priceFields(p: Pricing, currency: string): PriceFields {
  const m = (v: number) => toMinor(v, currency);
  const rate = sgdRate(currency);
  const none = { adultPrice: null, childPrice: null, localAdultPrice: null, localChildPrice: null, groupPrice: null, groupIncludedPax: null, additionalPaxPrice: null, minPax: null, rooms: [] as RoomSeed[] };
  switch (p.unit) {
    case 'per_person':
      return {
        ...none,
        priceUnit: 'per_person',
        groupPriceType: null,
        useChildPrices: p.child !== undefined,
        hasLocalPrice: p.localAdult !== undefined,
        adultPrice: m(p.adult),
        childPrice: p.child === undefined ? null : m(p.child),
        localAdultPrice: p.localAdult === undefined ? null : m(p.localAdult),
        localChildPrice: p.localChild === undefined ? null : m(p.localChild),
        fromSgd: p.adult / rate,
      };
    case 'per_group':
      if (p.model === 'addon') {
        return {
          ...none,
          priceUnit: 'per_group',
          groupPriceType: 'price_per_group_with_additional_pax_addon',
          useChildPrices: false,
          hasLocalPrice: false,
          groupPrice: m(p.group),
          groupIncludedPax: p.included,
          additionalPaxPrice: m(p.extra),
          fromSgd: p.group / p.included / rate,
        };
      }
      // Min-pax model: a per-guest price billed for at least minPax guests. groupPrice is the
      // price of the minimum party; each guest beyond it adds additionalPaxPrice.
      return {
        ...none,
        priceUnit: 'per_group',
        groupPriceType: 'price_per_group_with_min_pax',
        useChildPrices: false,
        hasLocalPrice: false,
        groupPrice: m(p.perPax * p.minPax),
        groupIncludedPax: p.minPax,
        additionalPaxPrice: m(p.perPax),
        minPax: p.minPax,
        fromSgd: p.perPax / rate,
      };
    case 'per_room': {
      const rooms = p.rooms.map((r) => ({ ...r, price: m(r.price) }));
      const cheapest = Math.min(...p.rooms.map((r) => r.price / r.guests));
      return { ...none, priceUnit: 'per_room', groupPriceType: null, useChildPrices: false, hasLocalPrice: false, rooms, fromSgd: cheapest / rate };
    }
  }
}

export function tagIds(world: World, acts: readonly Act[], suitable: readonly Suitable[], sustainability: readonly Sustainability[], themeTags: readonly string[]): number[] {
  const ids = new Set<number>();
  for (const a of acts) ids.add(world.actTagId(a));
  for (const s of [...suitable, ...sustainability, ...themeTags]) ids.add(must(world.tagBySlug, s, 'tag').id);
  return [...ids];
}

export function transportItems(items: readonly [string, number][] | undefined, currency: string): TransportItem[] {
  return (items ?? []).map(([name, price], i) => ({ id: `pickup-${i + 1}`, kind: 'pickup', name, price: toMinor(price, currency), per: transportPer(name) }));
}

export function steps(seeds: readonly StepSeed[]) {
  return seeds.map(([time, title, description]) => (time ? { time, title, description } : { title, description }));
}

/** A hand-written core experience → draft. */
export function buildCoreOption(world: World, picker: ImagePicker, core: CoreOption, id: number, usedSlugs: Set<string>): OptionDraft {
  const op = must(world.operatorBySlug, core.operator, 'operator');
  const city = op.city;
  const currency = op.city.country.seed.currency;
  const rng = createRng(`core:${core.key}`);
  const places = core.places.map((s) => must(world.poiBySlug, s, 'place'));
  for (const p of places) if (p.city !== city) throw new Error(`${core.key}: place ${p.seed.slug} is not in ${city.seed.slug}`);
  const acts = [core.act, ...(core.alsoActs ?? [])];
  const sustainability = core.sustainability ?? op.seed.sustainability;
  const faqs = [...core.faqs];
  if (!faqs.some(([q]) => /cancel/i.test(q))) faqs.push(cancelFaq(core.cancel));
  const prices = priceFields(core.pricing, currency);
  const views = rng.int(1800, 9000);
  return {
    id,
    slugCode: slugCodeFor(core.name, core.key, usedSlugs),
    operatorId: op.id,
    cityId: city.id,
    activityTypeId: world.actTagId(core.act),
    name: core.name,
    kind: core.kind,
    ...prices,
    durationMinutes: core.minutes ?? null,
    durationDays: core.days ?? null,
    durationNights: core.nights ?? null,
    cancelType: core.cancel,
    rescheduleType: core.reschedule ?? 'allow_reschedule_cancel',
    bookType: core.requestToBook ? 'request_to_book' : 'instant',
    minQtyForPrice: core.minQty ?? 1,
    maxQtyForPrice: core.maxQty ?? Math.min(core.capacity ?? 10, 10),
    yachtTrip: core.yacht ?? false,
    tripType: core.trip ?? 'join_in',
    priceCurrency: currency,
    capacity: core.capacity ?? 12,
    startTimes: core.startTimes,
    summary: core.summary,
    description: core.description.join('\n\n'),
    highlights: core.highlights,
    itinerary: steps(core.itinerary),
    inclusions: core.inclusions,
    exclusions: core.exclusions,
    transportItems: transportItems(core.transport, currency),
    languages: core.languages ?? op.seed.languages.slice(0, 3),
    minAge: core.minAge ?? null,
    difficulty: core.difficulty,
    published: core.published ?? true,
    viewsCount: views,
    ordersCount: Math.round(views * (0.04 + rng.next() * 0.05)),
    imageIds: picker.pick(rng, [...core.imageThemes, ...themesFor(city.seed, acts)], rng.int(4, 6)),
    tagIds: tagIds(world, acts, core.suitable, sustainability, core.themeTags ?? []),
    placeIds: places.map((p) => p.id),
    locations: core.locations,
    faqs,
    act: core.act,
    countrySlug: city.country.seed.slug,
    citySlug: city.seed.slug,
    operatorSlug: op.seed.slug,
    suitable: core.suitable,
    sustainability,
    themeTags: core.themeTags ?? [],
    core: true,
  };
}
