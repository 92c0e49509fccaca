// Information pages (src/content/info/*.md): the front matter's schema, the pages' place in the
// site (breadcrumb name, parent, table of contents) and the pure helpers InfoPage uses on the
// rendered Markdown: splitting it at `<!-- dynamic: name -->` markers, unlinking addresses
// that are not built, and choosing a hero image from the generated pool by theme.
import { z } from 'zod';

/** Landscape themes of the generated image pool (see src/content/info/README.md). */
export const HERO_THEMES = [
  'rainforest',
  'mountain',
  'coast',
  'island',
  'rice_terraces',
  'river',
  'lake',
  'savanna',
  'desert',
  'reef',
  'city_park',
  'temple',
  'night_sky',
  'cave',
] as const;
export type HeroTheme = (typeof HERO_THEMES)[number];

export const InfoFrontMatterSchema = z.object({
  title: z.string().min(1),
  seoTitle: z.string().min(1).max(55, 'seoTitle: at most 55 characters (the layout appends " | Verdant")'),
  description: z.string().min(50).max(160),
  eyebrow: z.string().min(1),
  lede: z.string().min(1),
  heroTheme: z.enum(HERO_THEMES),
  updated: z.iso.date(),
  cta: z.object({ label: z.string().min(1), href: z.string().startsWith('/') }).optional(),
});
export type InfoFrontMatter = z.infer<typeof InfoFrontMatterSchema>;

/** Dynamic parts the Markdown may ask for with `<!-- dynamic: name -->`. */
export const DYNAMIC_PARTS = ['contact-form', 'company-code', 'corporate-inquiry-form', 'promotion-codes', 'invite-link', 'site-reviews', 'sitemap-links', 'footprint-factors'] as const;
export type DynamicPart = (typeof DYNAMIC_PARTS)[number];

/** Every information page route (the Markdown file `<id>.md` is the page `/<id>`). */
export const INFO_PAGE_IDS = [
  'about',
  'our-mission',
  'our-curation',
  'sustainability',
  'our-carbon-commitment',
  'how-we-estimate-footprint',
  'better-for-travellers',
  'better-for-local-communities',
  'better-for-the-environment',
  'our-quality',
  'tried-and-tested',
  'customer-reviews',
  'contact',
  'corporate-experiences',
  'promotions',
  'invite',
  'creators-community',
  'creator-tnc',
  'host-tnc',
  'privacy',
  'terms',
  'covid-policy',
  'sitemap',
] as const;
export type InfoPageId = (typeof INFO_PAGE_IDS)[number];

type InfoPageMeta = {
  /** Short name in breadcrumbs and the human sitemap. */
  crumb: string;
  /** The page a visitor would expect above this one in the trail. */
  parent?: InfoPageId;
  /** Long legal pages get a table of contents. */
  toc?: boolean;
};

export const INFO_PAGES: Record<InfoPageId, InfoPageMeta> = {
  about: { crumb: 'Our story' },
  'our-mission': { crumb: 'Our mission', parent: 'about' },
  'our-curation': { crumb: 'Curation process', parent: 'about' },
  sustainability: { crumb: 'Sustainability 101', parent: 'about' },
  'our-carbon-commitment': { crumb: 'Carbon commitment', parent: 'sustainability' },
  'how-we-estimate-footprint': { crumb: 'How we estimate footprints', parent: 'our-carbon-commitment' },
  'better-for-travellers': { crumb: 'Better for travellers', parent: 'our-mission' },
  'better-for-local-communities': { crumb: 'Better for local communities', parent: 'our-mission' },
  'better-for-the-environment': { crumb: 'Better for the environment', parent: 'our-mission' },
  'our-quality': { crumb: 'Our quality', parent: 'about' },
  'tried-and-tested': { crumb: 'Tried and tested', parent: 'our-quality' },
  'customer-reviews': { crumb: 'Customer reviews' },
  contact: { crumb: 'Contact us' },
  'corporate-experiences': { crumb: 'Corporate experiences' },
  promotions: { crumb: 'Current promotions' },
  invite: { crumb: 'Invite a friend' },
  'creators-community': { crumb: 'Creators community' },
  'creator-tnc': { crumb: 'Creator terms', parent: 'creators-community', toc: true },
  'host-tnc': { crumb: 'Operator terms', toc: true },
  privacy: { crumb: 'Privacy policy', toc: true },
  terms: { crumb: 'Terms and conditions', toc: true },
  'covid-policy': { crumb: 'COVID-19 policy' },
  sitemap: { crumb: 'Sitemap' },
};

export const isInfoPageId = (id: string): id is InfoPageId => (INFO_PAGE_IDS as readonly string[]).includes(id);

export type Crumb = { name: string; href?: string | undefined };

/** Home › parents › this page (the last crumb is the page itself, without a link). */
export function infoBreadcrumbs(id: InfoPageId): Crumb[] {
  const trail: Crumb[] = [];
  let meta: InfoPageMeta = INFO_PAGES[id];
  trail.unshift({ name: meta.crumb });
  const seen = new Set<string>([id]);
  while (meta.parent && !seen.has(meta.parent)) {
    seen.add(meta.parent);
    const parent = INFO_PAGES[meta.parent];
    trail.unshift({ name: parent.crumb, href: `/${meta.parent}` });
    meta = parent;
  }
  return [{ name: 'Home', href: '/' }, ...trail];
}

export type HtmlPart = { kind: 'html'; html: string } | { kind: 'dynamic'; name: string };

const MARKER = /<!--\s*dynamic:\s*([a-z0-9-]+)\s*-->/g;

/** Splits rendered HTML at its `<!-- dynamic: name -->` markers, keeping their order. */
export function splitAtMarkers(html: string): HtmlPart[] {
  const parts: HtmlPart[] = [];
  let last = 0;
  for (const m of html.matchAll(MARKER)) {
    const before = html.slice(last, m.index);
    if (before.trim()) parts.push({ kind: 'html', html: before });
    parts.push({ kind: 'dynamic', name: m[1]! });
    last = m.index + m[0].length;
  }
  const rest = html.slice(last);
  if (rest.trim()) parts.push({ kind: 'html', html: rest });
  return parts;
}

/** The dynamic markers a Markdown body uses. */
export function markersIn(html: string): string[] {
  return [...html.matchAll(MARKER)].map((m) => m[1]!);
}

const ANCHOR = /<a\s+href="(\/[^"]*)"([^>]*)>([\s\S]*?)<\/a>/g;

/**
 * Replaces links to site addresses that do not resolve with their text, so copy written
 * ahead of a feature (a page not built yet) never leads to a 404. External links stay.
 */
export function unlinkUnresolved(html: string, resolves: (href: string) => boolean): string {
  return html.replace(ANCHOR, (whole, href: string, _rest: string, text: string) => (resolves(href.replace(/&amp;/g, '&')) ? whole : text));
}

/**
 * A paragraph written as short lines (an address) keeps its line breaks; Markdown would run
 * them together. Paragraphs with inline markup or a long line are left as they are.
 */
export function keepShortLines(html: string, maxLine = 60): string {
  return html.replace(/<p>([^<]*\n[^<]*)<\/p>/g, (whole, text: string) => {
    const lines = text.split('\n').map((l) => l.trim());
    return lines.every((l) => l.length > 0 && l.length <= maxLine) ? `<p>${lines.join('<br>')}</p>` : whole;
  });
}

const stripTags = (html: string) => html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim();

/**
 * Makes each table readable on a phone: wrapped in a focusable region that scrolls sideways if
 * it must (named after its columns, "Table: Policy, What it means", numbered when two tables
 * share columns, as landmarks need distinct names), each cell labelled with its column's heading
 * (`data-label`, shown when rows stack as cards), and explicit table roles so stacking with
 * CSS keeps the table's semantics.
 */
export function formatTables(html: string): string {
  const names = new Map<string, number>();
  return html.replace(/<table>([\s\S]*?)<\/table>/g, (_whole, inner: string) => {
    const head = /<thead>([\s\S]*?)<\/thead>/.exec(inner)?.[1] ?? '';
    const labels = [...head.matchAll(/<th[^>]*>([\s\S]*?)<\/th>/g)].map((m) => stripTags(m[1]!).replace(/"/g, '&quot;'));
    const body = inner
      .replace(/<(thead|tbody)>/g, '<$1 role="rowgroup">')
      .replace(/<tr>([\s\S]*?)<\/tr>/g, (_row, cells: string) => {
        let i = 0;
        const labelled = cells
          .replace(/<th(\s[^>]*)?>/g, (_m, attrs: string | undefined) => `<th${attrs ?? ''} role="columnheader">`)
          .replace(/<td(\s[^>]*)?>/g, (_m, attrs: string | undefined) => {
            const label = labels[i++];
            return `<td${attrs ?? ''} role="cell"${label ? ` data-label="${label}"` : ''}>`;
          });
        return `<tr role="row">${labelled}</tr>`;
      });
    const name = labels.length > 0 ? `Table: ${labels.join(', ')}` : 'Table';
    const seen = (names.get(name) ?? 0) + 1;
    names.set(name, seen);
    return `<section class="table-scroll" aria-label="${seen > 1 ? `${name} (${seen})` : name}" tabindex="0"><table role="table">${body}</table></section>`;
  });
}

type PoolImage = { url: string; name: string };

/** Words the pool's image names use for each theme (names read "Coral reef at dawn (1)"). */
const THEME_WORDS: Record<HeroTheme, RegExp> = {
  rainforest: /rainforest|jungle/i,
  mountain: /mountain/i,
  coast: /coast|beach/i,
  island: /island/i,
  rice_terraces: /rice terrace/i,
  river: /river/i,
  lake: /\blake/i,
  savanna: /savanna|grassland/i,
  desert: /desert|dune/i,
  reef: /reef|coral/i,
  city_park: /city park/i,
  temple: /temple/i,
  night_sky: /night sky|starry/i,
  cave: /\bcave/i,
};

/** Whether a pool image shows `theme`: by its name, or by its pool file (`pool/<theme>-001.jpg`). */
export function imageShowsTheme(image: PoolImage, theme: HeroTheme): boolean {
  return THEME_WORDS[theme].test(image.name) || new RegExp(`/pool/${theme}-\\d+\\.`).test(decodeURIComponent(image.url));
}

/**
 * The hero image for a theme: a daylight one first (text sits beside it, but a night scene
 * reads as a dark block unless the theme is the night sky), then by address so a build is
 * stable. Null when the pool has none of that theme.
 */
export function pickHeroImage<T extends PoolImage>(images: readonly T[], theme: HeroTheme): T | null {
  const matching = images.filter((i) => imageShowsTheme(i, theme));
  const night = (i: T) => (theme !== 'night_sky' && /night/i.test(i.name) ? 1 : 0);
  return [...matching].sort((a, b) => night(a) - night(b) || a.url.localeCompare(b.url))[0] ?? null;
}

/** Every distinct image-shaped object (url, name, width, height, alt) inside `value`. */
export function collectImages<T extends { url: string; name: string; width: number; height: number; alt: string }>(value: unknown): T[] {
  const found = new Map<string, T>();
  const visit = (v: unknown) => {
    if (Array.isArray(v)) {
      for (const item of v) visit(item);
    } else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (typeof o['url'] === 'string' && typeof o['name'] === 'string' && typeof o['width'] === 'number' && typeof o['height'] === 'number' && typeof o['alt'] === 'string') {
        if (!found.has(o['url'])) found.set(o['url'], o as T);
        return;
      }
      for (const child of Object.values(o)) visit(child);
    }
  };
  visit(value);
  return [...found.values()];
}
