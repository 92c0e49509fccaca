// Builds the whole demo catalogue in memory (no database): pure and deterministic.
import type { PoolImage } from '../../images/pool.ts';
import { buildBestOf, buildCollections, buildItineraries, catalogue, type BestOfRows, type CollectionRows, type ItineraryRow } from './curation.ts';
import { imagePicker, imageRows, type ImageRow } from './images.ts';
import { buildMagazine, type MagazineRows } from './magazine.ts';
import { CURRENCIES, promotionCodes, SGD_RATES, type CurrencySeed, type PromotionSeed } from './money.ts';
import type { OptionDraft } from './option-model.ts';
import { buildCoreOption, cancelFaq } from './options-build.ts';
import { loadCoreOptions, loadGeneralFaqs } from './content-seed.ts';
import { composeOption } from './options-composed.ts';
import { must } from './prng.ts';
import { reviewsForOption, siteReviews, type ReviewRow, type SiteReviewRow } from './reviews.ts';
import { DEV_USERS } from './users.ts';
import { buildWorld, type World } from './world.ts';

/** The hand-written experiences (content-seed/options/*.yaml), numbered first in file order. */
export const CORE_OPTIONS = loadCoreOptions();
export const DEFAULT_OPTION_COUNT = 320;

export type CatalogueRows = {
  images: ImageRow[];
  world: World;
  options: OptionDraft[];
  coreIds: Map<string, number>;
  reviews: ReviewRow[];
  siteReviews: SiteReviewRow[];
  /** The help centre's site-wide questions (content-seed/faqs.yaml): `faqs` rows without an experience. */
  generalFaqs: { question: string; answer: string; topic: string; position: number }[];
  collections: CollectionRows;
  itineraries: ItineraryRow[];
  bestOf: BestOfRows;
  magazine: MagazineRows;
  currencies: CurrencySeed[];
  rates: { fromCurrency: string; toCurrency: string; rate: string }[];
  promotions: PromotionSeed[];
  settings: { key: string; value: unknown }[];
};

const KINDS = ['stay', 'short_adventure', 'flexible_adventure', 'adventure'] as const;
const CANCELS = ['all_sales_final', 'strict', 'standard', 'moderate'] as const;

/**
 * Makes sure every kind appears with every cancellation policy in the default-size catalogue
 * by re-labelling composed options of over-represented pairs. Only the first 320 options are
 * considered, so larger catalogues start with exactly the same experiences.
 */
function ensureCancelCoverage(scope: OptionDraft[]): void {
  for (const kind of KINDS) {
    for (const cancel of CANCELS) {
      const ofKind = scope.filter((o) => o.kind === kind);
      if (ofKind.some((o) => o.cancelType === cancel)) continue;
      const counts = new Map<string, number>();
      for (const o of ofKind) counts.set(o.cancelType, (counts.get(o.cancelType) ?? 0) + 1);
      const donor = ofKind.filter((o) => !o.core && (counts.get(o.cancelType) ?? 0) > 1).pop();
      if (!donor) continue;
      donor.cancelType = cancel;
      if (cancel === 'all_sales_final') donor.rescheduleType = 'no_reschedule_cancel';
      donor.faqs = donor.faqs.map((f) => (f[0] === cancelFaq(cancel)[0] ? cancelFaq(cancel) : f));
    }
  }
}

export type BuildProgress = (step: string, done?: number, total?: number) => void;

export function buildCatalogue(pool: readonly PoolImage[], total = DEFAULT_OPTION_COUNT, onProgress?: BuildProgress): CatalogueRows {
  if (pool.length === 0) throw new Error('the image pool is empty');
  const images = imageRows(pool);
  const picker = imagePicker(images, pool);
  const world = buildWorld(picker);

  const usedSlugs = new Set<string>();
  const usedNames = new Set<string>();
  const options: OptionDraft[] = [];
  const coreIds = new Map<string, number>();
  for (const core of CORE_OPTIONS) {
    if (coreIds.has(core.key)) throw new Error(`duplicate core key ${core.key}`);
    const o = buildCoreOption(world, picker, core, options.length + 1, usedSlugs);
    coreIds.set(core.key, o.id);
    options.push(o);
  }
  const composed = Math.max(0, total - CORE_OPTIONS.length);
  for (let i = 1; i <= composed; i++) {
    options.push(composeOption(world, picker, i, options.length + 1, usedSlugs, usedNames));
    if (onProgress && (i % 2000 === 0 || i === composed)) onProgress('compose options', i, composed);
  }

  ensureCancelCoverage(options.slice(0, DEFAULT_OPTION_COUNT));

  const pendingUser = must(new Map(DEV_USERS.map((u) => [u.email, u.id])), 'traveller@verdant.test');
  const reviews: ReviewRow[] = [];
  options.forEach((o, i) => {
    const city = must(world.cityBySlug, o.citySlug);
    const op = must(world.operatorBySlug, o.operatorSlug);
    // Only the first few "waiting for a review" records belong to the dev traveller.
    reviews.push(...reviewsForOption(o, city.seed.name, op.seed.name, op.seed.guides, i < 60 ? pendingUser : null));
  });

  const cat = catalogue(options, coreIds);
  const collections = buildCollections(world, cat);
  const itineraries = buildItineraries(world, cat, picker);
  const bestOf = buildBestOf(world, cat);
  const magazine = buildMagazine(world, cat, picker, itineraries, bestOf);

  const blogIdBySlug = new Map(magazine.blogs.map((b) => [b.slug, b.id]));
  const settings = [
    { key: 'showBestOfListNav', value: true },
    {
      key: 'giftGuideNavs',
      value: [
        { blogId: must(blogIdBySlug, 'gift-guide-for-nature-lovers'), title: 'For Nature Lovers' },
        { blogId: must(blogIdBySlug, 'experiences-to-gift-this-festive-season'), title: 'Festive Season Gifts' },
      ],
    },
    { key: 'affiliateCappedAmount', value: { amount: 200, currency: 'SGD' } },
  ];

  return {
    images,
    world,
    options,
    coreIds,
    reviews,
    siteReviews: siteReviews(100),
    generalFaqs: loadGeneralFaqs().map((f, position) => ({ question: f.question, answer: f.answer, topic: f.topic, position })),
    collections,
    itineraries,
    bestOf,
    magazine,
    currencies: CURRENCIES,
    rates: CURRENCIES.map((c) => ({ fromCurrency: 'SGD', toCurrency: c.code, rate: must(new Map(Object.entries(SGD_RATES)), c.code) })),
    promotions: promotionCodes(),
    settings,
  };
}
