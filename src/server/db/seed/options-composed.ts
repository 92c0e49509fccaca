// Composed experiences: city × operator × activity kit × variant, written from varied parts.
// Each composed option is seeded by its own index, so option N is the same whatever the total.
import { loadKits } from './content-seed.ts';
import type { ImagePicker } from './images.ts';
import { type Ctx, fill, type Kit, type StepT, type Variant } from './kit-types.ts';
import { roundLocal, sgdRate } from './money.ts';
import type { CancelType, Difficulty, Kind, LocationSeed, OptionDraft, Pricing, StepSeed } from './option-model.ts';
import { cancelFaq, priceFields, slugCodeFor, steps, tagIds, transportItems } from './options-build.ts';
import { capitalise, createRng, must, type Rng } from './prng.ts';
import type { Act, Suitable } from './types.ts';
import { themesFor, type CityBuilt, type OperatorBuilt, type World } from './world.ts';

const KIT_FILE = loadKits();
/** Composition kits by activity (content-seed/kits.yaml). */
export const KITS = new Map<Act, Kit>(KIT_FILE.kits.map((k) => [k.act, k]));
/** Room sets for composed stays; price is a multiple of the double-room price. */
const ROOM_SETS = KIT_FILE.roomSets;

/** Local price level relative to Singapore. */
const MARKET: Record<string, number> = {
  singapore: 1, malaysia: 0.8, indonesia: 0.65, thailand: 0.75, vietnam: 0.65, 'sri-lanka': 0.65, nepal: 0.6,
  india: 0.6, taiwan: 0.9, china: 0.85, japan: 1.15, cambodia: 0.7, laos: 0.7,
};

const CANCEL_WEIGHTS: Record<Kind, [CancelType, number][]> = {
  short_adventure: [['standard', 40], ['moderate', 25], ['strict', 20], ['all_sales_final', 15]],
  flexible_adventure: [['standard', 40], ['moderate', 30], ['strict', 15], ['all_sales_final', 15]],
  adventure: [['strict', 45], ['moderate', 30], ['standard', 15], ['all_sales_final', 10]],
  stay: [['moderate', 40], ['strict', 35], ['standard', 15], ['all_sales_final', 10]],
};

const OPERATOR_LINES = [
  '{operator} has run trips around {area} since {founded}, and its team of {team} includes {guide} and {guide2}.',
  'You will be guided by {guide} of {operator}, a small local team founded in {founded}.',
  '{operator} is a local business of {team} people; {guide} leads most departures and knows {place} better than anyone.',
  'Your hosts are {operator}, who have shown visitors {area} since {founded}. Expect {guide} or {guide2} to lead the way.',
];

const OPERATOR_LINES_SELF = [
  '{operator} has run trips around {area} since {founded} and is on call by phone all day.',
  'Run by {operator}, a local team of {team} founded in {founded}; their office is open for questions before you set off.',
];

const DIFFICULTY_LINES: Record<Difficulty, string[]> = {
  easy: [
    'The pace is relaxed and suitable for most ages and fitness levels.',
    'No experience is needed, and the day is easy-going from start to finish.',
    'It is gentle enough for children and grandparents alike.',
  ],
  moderate: [
    'A reasonable level of fitness is needed, but there are plenty of rests along the way.',
    'Some effort is involved, so wear good shoes and bring water.',
    'Most active people will find it comfortable; tell us about any concerns when you book.',
  ],
  challenging: [
    'This is a demanding trip: you should be fit, sure-footed and used to long days outdoors.',
    'Expect a hard, rewarding day that needs good fitness and a sense of adventure.',
  ],
};

const GENERIC_FAQS: [string, string][] = [
  ['What should I bring?', 'Water bottle, sun protection, insect repellent, a light rain layer and a small amount of cash.'],
  ['Is the experience suitable for vegetarians?', 'Yes. Let us know your dietary needs when booking and meals will be adapted.'],
  ['Which languages do guides speak?', 'All guides speak English; other languages are listed on this page.'],
  ['Can I bring my children?', 'Check the minimum age on this page; children must be accompanied by an adult.'],
];

const MEETUP_WORDS: Partial<Record<Act, string[]>> = {
  kayak: ['launch point', 'jetty'],
  dive: ['jetty', 'dive centre'],
  boat: ['pier', 'jetty'],
  raft: ['put-in', 'river base'],
  hike: ['trailhead', 'main entrance'],
  bird: ['visitor centre', 'main entrance'],
  wild: ['park entrance', 'visitor centre'],
  cave: ['cave entrance', 'base camp'],
  climb: ['crag', 'climbing base'],
};

function daypart(start: string | undefined): [string, string] {
  if (!start) return ['morning', 'Morning'];
  const h = Number(start.slice(0, 2));
  const p = h < 6 ? 'dawn' : h < 11 ? 'morning' : h < 16 ? 'afternoon' : h < 19 ? 'sunset' : 'night';
  return [p, capitalise(p)];
}

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven'];

function addMinutes(start: string, minutes: number): string {
  const total = (Number(start.slice(0, 2)) * 60 + Number(start.slice(3, 5)) + minutes + 24 * 60) % (24 * 60);
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

function composeSteps(variant: Variant, ctx: Ctx, start: string | undefined, minutes: number | null, days: number | null): StepSeed[] {
  const t = (s: StepT): StepSeed => {
    const [when, title, text] = s;
    let time: string | null = null;
    if (typeof when === 'string') time = when;
    else if (typeof when === 'number' && start) time = addMinutes(start, when < 0 ? (minutes ?? 0) + when : when);
    return [time, fill(title, ctx), fill(text, ctx)];
  };
  if (!days || days < 2 || variant.kind !== 'adventure') return variant.steps.map(t);
  const first = variant.steps[0];
  const last = variant.steps[variant.steps.length - 1];
  const middles = variant.steps.slice(1, -1);
  const out: StepSeed[] = [];
  if (first) out.push(t(first));
  for (let d = 2; d < days && middles.length > 0; d++) {
    const m = middles[(d - 2) % middles.length];
    if (m) out.push(t([m[0], m[1].replace(/^Day \d+/, `Day ${d}`), m[2]]));
  }
  if (last && last !== first) out.push(t([last[0], last[1].replace(/^Last day/, `Day ${days}`), last[2]]));
  return out;
}

function pricingFor(rng: Rng, variant: Variant, currency: string, market: number, family: boolean): Pricing {
  const [lo, hi] = variant.sgd;
  const sgd = (lo + rng.next() * (hi - lo)) * market;
  const local = (v: number) => roundLocal(v * sgdRate(currency), currency);
  const base = local(sgd);
  switch (variant.model) {
    case 'pp': {
      const p: Pricing = { unit: 'per_person', adult: base };
      if (family && rng.chance(0.65)) p.child = roundLocal(base * (0.55 + rng.next() * 0.2), currency);
      if (rng.chance(0.15)) {
        p.localAdult = roundLocal(base * 0.7, currency);
        if (p.child !== undefined) p.localChild = roundLocal(p.child * 0.7, currency);
      }
      return p;
    }
    case 'addon': {
      const included = rng.pick([2, 2, 2, 4]);
      return { unit: 'per_group', model: 'addon', group: base, included, extra: roundLocal((base / included) * (0.35 + rng.next() * 0.2), currency) };
    }
    case 'minpax':
      return { unit: 'per_group', model: 'min_pax', perPax: base, minPax: rng.pick([2, 2, 3, 4]) };
    case 'room': {
      const set = ROOM_SETS[variant.rooms ?? 'lodge'];
      return { unit: 'per_room', rooms: set.map((r) => ({ type: r.type, privacy: r.privacy, name: r.name, guests: r.guests, qty: r.qty, price: roundLocal(base * r.factor, currency) })) };
    }
  }
}

function pickActivity(rng: Rng, op: OperatorBuilt, city: CityBuilt): Act {
  const both = op.seed.acts.filter((a) => city.seed.acts.includes(a) && KITS.has(a));
  const list = both.length > 0 ? both : op.seed.acts.filter((a) => KITS.has(a));
  return rng.pick(list.length > 0 ? list : city.seed.acts);
}

/** Weighted by featured status and by how much there is to do. */
function cityWeights(world: World): [CityBuilt, number][] {
  return world.cities.map((c) => [c, (c.seed.featured ? 3 : 1.5) + c.seed.acts.length / 6]);
}

/**
 * Option `index` of the composed catalogue. `usedNames` (city|name) steers neighbouring cards
 * away from identical names; options are composed in order, so the result stays deterministic.
 */
export function composeOption(world: World, picker: ImagePicker, index: number, id: number, usedSlugs: Set<string>, usedNames: Set<string>): OptionDraft {
  const rng = createRng(`composed:${index}`);
  const city = rng.weighted(cityWeights(world));
  const op = rng.pick(city.operators);
  const act = pickActivity(rng, op, city);
  const kit = KITS.get(act) ?? must(KITS, 'hike', 'kit');
  const variants = kit.variants.filter((v) =>
    (!v.requiresThemes || v.requiresThemes.some((t) => city.seed.themes.includes(t))) && (!v.onlyIn || v.onlyIn.includes(city.seed.slug)));
  const variant = rng.weighted((variants.length > 0 ? variants : kit.variants).map((v) => [v, v.weight] as const));
  const country = city.country.seed;
  const currency = country.currency;

  const actPois = city.pois.filter((p) => p.seed.acts.includes(act));
  const poi = actPois.length > 0 ? rng.pick(actPois) : null;
  const other = city.pois.filter((p) => p !== poi);
  const poi2 = other.length > 0 ? rng.pick(other) : null;
  const guides = rng.shuffle(op.seed.guides);
  const times = rng.pick(variant.times);
  const start = times[0];
  const [dp, Dp] = daypart(start);

  const minutes = variant.minutes ? Math.round(rng.int(variant.minutes[0], variant.minutes[1]) / 30) * 30 : null;
  const days = variant.days ? rng.int(variant.days[0], variant.days[1]) : null;
  const nights = variant.kind === 'stay' ? rng.int(variant.nights?.[0] ?? 1, variant.nights?.[1] ?? 1) : days ? days - 1 : null;

  const ctx: Ctx = {
    place: poi?.seed.name ?? city.seed.name,
    place2: poi2?.seed.name ?? city.seed.name,
    area: city.seed.name,
    country: country.name,
    scene: city.seed.scene,
    season: city.seed.season,
    guide: guides[0] ?? 'your guide',
    guide2: guides[1] ?? guides[0] ?? 'a colleague',
    operator: op.seed.name,
    founded: String(op.seed.founded),
    team: String(op.seed.team),
    daypart: dp,
    Daypart: Dp,
    days: String(days ?? 1),
    Days: capitalise(NUMBER_WORDS[days ?? 1] ?? String(days)),
    nights: String(nights ?? 0),
  };

  const difficulty = rng.pick(variant.difficulty);
  const kind = variant.kind;
  const cancel = rng.weighted(CANCEL_WEIGHTS[kind]);
  const family = (variant.childFriendly ?? false) && difficulty !== 'challenging';
  const pricing = pricingFor(rng, variant, currency, MARKET[country.slug] ?? 1, family);
  const prices = priceFields(pricing, currency);
  let name = fill(rng.pick(variant.names), ctx);
  for (let attempt = 0; attempt < 6 && usedNames.has(`${city.seed.slug}|${name}`); attempt++) {
    name = fill(rng.pick(variant.names), { ...ctx, place: rng.pick([ctx.place, city.seed.name]) });
  }
  usedNames.add(`${city.seed.slug}|${name}`);

  const opener = fill(rng.pick(kit.openers), ctx);
  const [m1, m2] = rng.sample(variant.middles ?? kit.middles, 2).map((s) => fill(s, ctx));
  const opLine = fill(rng.pick(variant.selfGuided ? OPERATOR_LINES_SELF : OPERATOR_LINES), ctx);
  const diffLine = rng.pick(DIFFICULTY_LINES[difficulty]);
  const description = [opener, [m1, m2].filter(Boolean).join(' '), `${opLine} ${diffLine}`].join('\n\n');

  const pool = variant.selfGuided ? kit.highlights.filter((h) => !/guide|support vehicle/i.test(h)) : kit.highlights;
  const highlights = rng.sample(pool, rng.int(4, variant.selfGuided ? 5 : 6)).map((h) => fill(h, ctx));
  if (variant.selfGuided) highlights.unshift('Choose your own day and start time');
  const inclusions = variant.selfGuided
    ? kit.inclusions.filter((x) => !/guide|instructor|host/i.test(x)).concat('Phone support on the day')
    : [kit.inclusions[0] ?? 'Local guide', ...rng.sample(kit.inclusions.slice(1), rng.int(2, 4))];
  const exclusions = rng.sample(kit.exclusions, Math.min(kit.exclusions.length, rng.int(1, 2)));

  // Where it starts.
  const meetWord = rng.pick(MEETUP_WORDS[act] ?? ['meeting point', 'office']);
  const jitter = () => (rng.next() - 0.5) * 0.01;
  const meet: LocationSeed = poi
    ? { kind: 'meetup', name: `${poi.seed.name} ${meetWord}`, address: `${poi.seed.name}, ${city.seed.name}, ${country.name}`, note: `Look for ${ctx.guide} with the ${op.seed.name} flag.`, lat: poi.seed.lat + jitter(), lng: poi.seed.lng + jitter() }
    : { kind: 'meetup', name: `${op.seed.name} office`, address: `${op.seed.name}, ${city.seed.name}, ${country.name}`, lat: city.seed.lat + jitter(), lng: city.seed.lng + jitter() };
  const locations: LocationSeed[] = [meet];
  let transport: [string, number][] | undefined;
  if (kind !== 'flexible_adventure' && rng.chance(0.35)) {
    locations.push({ kind: 'pickup', name: `Hotels in central ${city.seed.name}`, address: `Your hotel in ${city.seed.name}`, note: 'Pickup time is confirmed the day before.', lat: city.seed.lat, lng: city.seed.lng });
    const free = rng.chance(0.4);
    transport = [[free ? `Free pickup from central ${city.seed.name} hotels` : `Hotel pickup and drop-off in ${city.seed.name}`, free ? 0 : roundLocal(rng.int(8, 25) * sgdRate(currency), currency)]];
  }
  if (rng.chance(0.3)) locations.push({ ...meet, kind: 'return', note: '' });

  const faqs: [string, string][] = [...rng.sample(kit.faqs, 2), rng.pick(GENERIC_FAQS), cancelFaq(cancel)];

  // Tags.
  let suitable: Suitable[] = [...kit.suitable];
  if (variant.trip === 'private') suitable.push('groups', 'couples');
  if (family && prices.useChildPrices) suitable.push('kids', 'families');
  if (difficulty === 'challenging') suitable = suitable.filter((s) => s !== 'kids' && s !== 'families' && s !== 'seniors');
  if (difficulty === 'easy' && rng.chance(0.4)) suitable.push('seniors');
  suitable = [...new Set(suitable)];
  const themeTags = new Set(kit.themeTags);
  if (start && start < '06:30') themeTags.add('sunrise-and-stargazing');
  if (!city.seed.featured && rng.chance(0.4)) themeTags.add('off-the-beaten-path');
  if (difficulty === 'challenging') themeTags.add('adrenaline');
  if (city.seed.themes.includes('rainforest') && ['hike', 'wild', 'bird', 'camp'].includes(act)) themeTags.add('jungle-and-rainforest');
  if (city.seed.themes.includes('mountain') && ['hike', 'camp', 'climb', 'photo'].includes(act)) themeTags.add('mountain-escapes');
  const sustainability = op.seed.sustainability.filter(() => rng.chance(0.85));
  if (['hike', 'kayak', 'cycle'].includes(act) && !sustainability.includes('low_carbon') && rng.chance(0.3)) sustainability.push('low_carbon');

  const capacity = rng.int(variant.capacity[0], variant.capacity[1]);
  const perRoom = variant.model === 'room';
  const maxQty = perRoom ? Math.min(4, capacity) : variant.model === 'pp' ? Math.min(capacity, rng.pick([8, 10, 12, 16])) : capacity;
  const minQty = variant.model === 'pp' && variant.trip !== 'private' && rng.chance(0.12) ? 2 : 1;
  const views = rng.int(40, 4000);
  const languages = ['English', ...op.seed.languages.filter((l) => l !== 'English').slice(0, rng.int(0, 2))];
  const requestToBook = rng.chance(kind === 'adventure' ? 0.3 : kind === 'stay' ? 0.25 : 0.08);
  const reschedule = cancel === 'all_sales_final' ? (rng.chance(0.7) ? 'no_reschedule_cancel' : 'allow_reschedule_cancel') : rng.chance(0.08) ? 'no_reschedule_cancel' : 'allow_reschedule_cancel';

  return {
    id,
    slugCode: slugCodeFor(name, `composed:${index}`, usedSlugs),
    operatorId: op.id,
    cityId: city.id,
    activityTypeId: world.actTagId(act),
    name,
    kind,
    ...prices,
    durationMinutes: kind === 'short_adventure' || kind === 'flexible_adventure' ? minutes : null,
    durationDays: kind === 'adventure' ? days : null,
    durationNights: nights,
    cancelType: cancel,
    rescheduleType: reschedule,
    bookType: requestToBook ? 'request_to_book' : 'instant',
    minQtyForPrice: Math.min(minQty, maxQty),
    maxQtyForPrice: Math.max(maxQty, minQty),
    yachtTrip: variant.yacht === true && (act === 'boat' || act === 'dive'),
    tripType: variant.trip ?? (variant.model === 'pp' && rng.chance(0.1) ? 'private' : 'join_in'),
    priceCurrency: currency,
    capacity,
    startTimes: times,
    summary: fill(rng.pick(variant.summaries), ctx),
    description,
    highlights,
    itinerary: steps(composeSteps(variant, ctx, start, minutes, days)),
    inclusions,
    exclusions,
    transportItems: transportItems(transport, currency),
    languages,
    minAge: variant.minAge ?? null,
    difficulty,
    published: index % 47 !== 13,
    viewsCount: views,
    ordersCount: Math.round(views * (0.01 + rng.next() * 0.06)),
    imageIds: picker.pick(rng, [...kit.imageThemes.filter((t) => city.seed.themes.includes(t)), ...themesFor(city.seed, [act])], rng.int(3, 6)),
    tagIds: tagIds(world, [act], suitable, sustainability, [...themeTags]),
    placeIds: [poi, rng.chance(0.3) ? poi2 : null].filter((p) => p !== null).map((p) => p.id),
    locations,
    faqs,
    act,
    countrySlug: country.slug,
    citySlug: city.seed.slug,
    operatorSlug: op.seed.slug,
    suitable,
    sustainability,
    themeTags: [...themeTags],
    core: false,
  };
}
