// Build-time data of the site header: the Destinations, Gifts and About menus, from the content
// collections. Everything here becomes static HTML; the header islands only open and close it.
import type { Image } from '../../contract/common.ts';
import { bestOfPromoLists, destinationsMenu, popularCities, type MenuCountry } from '../../lib/header-destinations.ts';
import { getInitialData, getLinks } from '../catalogue.ts';
import { once, readRecords } from '../content-records.ts';
import { BestOfListDetailSchema } from '../../contract/best-of-lists.ts';
import { CollectionDetailSchema } from '../../contract/collections.ts';

export type MenuLink = { name: string; href: string; detail?: string | undefined };
export type PromoCard = MenuLink & { image: Image | null };

export type HeaderData = {
  destinations: MenuCountry[];
  /**
   * Spec §2: a Best-of promo when `settings.showBestOfListNav` is on, otherwise the three most
   * popular cities. The promo must never lead to a 404, so it shows only once best-of pages
   * are built (`src/pages/best-of/`); until then the menu takes the "otherwise" branch.
   */
  promo: { kind: 'best-of'; title: string; cards: PromoCard[] } | { kind: 'popular'; title: string; cards: PromoCard[] };
  giftCollections: MenuLink[];
  giftGuides: MenuLink[];
  about: MenuLink[];
};

export const GIFTS_HREF = '/gifts';
export const FIELD_NOTES_HREF = '/magazine';

/** Spec §2 About menu; the pages are the information pages of the same names. */
export const ABOUT_LINKS: MenuLink[] = [
  { name: 'Our Story', href: '/about', detail: 'Who we are and how we work' },
  { name: 'Our Mission', href: '/our-mission', detail: 'Better for travellers, people and places' },
  { name: 'Curation Process', href: '/our-curation', detail: 'How an experience earns its place' },
  { name: 'Sustainability 101', href: '/sustainability', detail: 'Our six tags, explained plainly' },
];

/** Route files of best-of pages, if any exist yet (resolved at build time). */
const BEST_OF_ROUTES = Object.keys(import.meta.glob('../../pages/best-of/*.astro'));

export const getHeaderData = once(async (): Promise<HeaderData> => {
  const [initial, links, collections, bestOfLists] = await Promise.all([
    getInitialData(),
    getLinks(),
    readRecords('collections', CollectionDetailSchema),
    readRecords('best_of_lists', BestOfListDetailSchema),
  ]);
  const cityImages = new Map(initial.cities.map((c) => [c.slug, c.image]));
  const countryNames = new Map(initial.countries.map((c) => [c.id, c.name]));

  const bestOf = initial.settings.showBestOfListNav && BEST_OF_ROUTES.length > 0 ? bestOfPromoLists(bestOfLists) : [];
  const promo: HeaderData['promo'] =
    bestOf.length > 0
      ? {
          kind: 'best-of',
          title: 'The best of Asia',
          cards: bestOf.map((l) => ({ name: l.title, href: `/best-of/${l.slug}`, detail: `${l.itemsCount} picks`, image: l.image })),
        }
      : {
          kind: 'popular',
          title: 'Most popular',
          cards: popularCities(initial.cities, links).map((c) => {
            const country = countryNames.get(c.countryId);
            const experiences = `${c.optionsCount} experience${c.optionsCount === 1 ? '' : 's'}`;
            return {
              name: c.name,
              href: c.href,
              detail: country && country !== c.name ? `${country} · ${experiences}` : experiences,
              image: cityImages.get(c.slug) ?? null,
            };
          }),
        };

  const collectionBySlug = new Map(collections.map((c) => [c.slug, c]));
  const giftCollections = initial.giftCollections.flatMap((g) => {
    const detail = collectionBySlug.get(g.slugCode);
    return detail ? [{ name: g.name, href: `/collections/${g.slugCode}`, detail: detail.tagline }] : [];
  });
  const giftGuides = initial.settings.giftGuideNavs.flatMap((nav) => {
    const href = nav.slug ? links.blog(nav.slug) : undefined;
    return href ? [{ name: nav.title, href }] : [];
  });

  return {
    destinations: destinationsMenu(initial.countries, initial.cities, links),
    promo,
    giftCollections,
    giftGuides,
    about: ABOUT_LINKS,
  };
});
