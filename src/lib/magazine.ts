// The magazine ("Field Notes"): its addresses, kinds, pagination, reading time, tables of
// contents, related articles, share links and RSS. Pure; the pages under src/pages/magazine
// and the components under src/components/magazine use it at build time.
import { BLOG_KIND_NAMES, BLOG_KINDS, VIDEO_ID_PATTERN, type BlogBlock, type BlogKind, type BlogSummary } from '../contract/blogs.ts';
import { escapeXml } from './seo-sitemap.ts';

// ── Kinds ──────────────────────────────────────────────────────────────────────────────
/** The kind's path segment in `/magazine/{cate}/{kind}`. */
export const KIND_SLUGS: Record<BlogKind, string> = {
  quick_read: 'quick-read',
  complete_guide: 'complete-guide',
  itinerary: 'itinerary',
  list: 'list',
  tried_and_tested: 'tried-and-tested',
  video: 'video',
};

export function kindOfSlug(slug: string): BlogKind | undefined {
  return BLOG_KINDS.find((k) => KIND_SLUGS[k] === slug);
}

/** One of a kind, in running text ("1 Roundup matches …"). */
export const KIND_NOUNS: Record<BlogKind, string> = {
  quick_read: 'Pocket Guide',
  complete_guide: 'Deep Dive',
  itinerary: 'Itinerary',
  list: 'Roundup',
  tried_and_tested: 'Secret Find',
  video: 'Video',
};

/** Plural display names, for headings of kind pages ("Deep Dives in Wildlife"). */
export const KIND_PLURALS: Record<BlogKind, string> = {
  quick_read: 'Pocket Guides',
  complete_guide: 'Deep Dives',
  itinerary: 'Itineraries',
  list: 'Roundups',
  tried_and_tested: 'Secret Finds',
  video: 'Videos',
};

/** One line that tells a reader what each kind is. */
export const KIND_BLURBS: Record<BlogKind, string> = {
  quick_read: 'Short, practical guides: the essentials of a place or a subject in a few minutes.',
  complete_guide: 'Long reads that cover a place or a subject properly, with a table of contents.',
  itinerary: 'Day-by-day routes that join up experiences you can book.',
  list: 'Numbered picks on one theme, each one an experience we would book ourselves.',
  tried_and_tested: 'We went, we paid, we tried it: first-hand reports with our honest verdict.',
  video: 'Short films from the field. Nothing loads from YouTube until you press play.',
};

export const kindName = (kind: BlogKind) => BLOG_KIND_NAMES[kind];

// ── Addresses ──────────────────────────────────────────────────────────────────────────
/**
 * Path words under /magazine that no category slug may take: the article and tag prefixes,
 * the pagination segment, the feed and the architecture's reserved words.
 */
export const MAGAZINE_RESERVED_WORDS = ['a', 'tags', 'page', 'rss.xml', 'tips', 'collections', 'activities', 'places-of-interest'] as const;

/** Throws (failing the build) when a category slug would shadow a magazine route. */
export function assertCategorySlugs(slugs: readonly string[]): void {
  const bad = slugs.filter((s) => (MAGAZINE_RESERVED_WORDS as readonly string[]).includes(s) || /^\d+$/.test(s));
  if (bad.length > 0) throw new Error(`Magazine categories may not use the reserved path words: ${bad.join(', ')}`);
}

const paged = (base: string, page: number) => (page > 1 ? `${base}/page/${page}` : base);

export const magazinePaths = {
  home: (page = 1) => paged('/magazine', page),
  /** The canonical address of an article. */
  article: (slug: string) => `/magazine/a/${slug}`,
  /** The same article inside its category and kind (canonical link to `article`). */
  articleInSection: (cate: string, kind: BlogKind, slug: string) => `/magazine/${cate}/${KIND_SLUGS[kind]}/${slug}`,
  category: (cate: string, page = 1) => paged(`/magazine/${cate}`, page),
  kind: (cate: string, kind: BlogKind, page = 1) => paged(`/magazine/${cate}/${KIND_SLUGS[kind]}`, page),
  tag: (tag: string, page = 1) => paged(`/magazine/tags/${tag}`, page),
  feed: () => '/magazine/rss.xml',
  categoryFeed: (cate: string) => `/magazine/${cate}/rss.xml`,
};

// ── Pagination ─────────────────────────────────────────────────────────────────────────
/** Cards per listing page: divisible by the 1, 2 and 3 columns the grid uses. */
export const ARTICLES_PER_PAGE = 12;

/** Items split into pages of `per`; always at least one page (possibly empty). */
export function pageChunks<T>(items: readonly T[], per: number = ARTICLES_PER_PAGE): T[][] {
  if (per < 1) throw new Error('pageChunks: per must be at least 1');
  const pages: T[][] = [];
  for (let i = 0; i < items.length; i += per) pages.push(items.slice(i, i + per));
  return pages.length > 0 ? pages : [[]];
}

/** Page numbers to show: first, last and the current one's neighbours, with gaps between. */
export function pageList(current: number, total: number): (number | 'gap')[] {
  const keep = new Set([1, total, current - 1, current, current + 1].filter((n) => n >= 1 && n <= total));
  const out: (number | 'gap')[] = [];
  let last = 0;
  for (const n of [...keep].sort((a, b) => a - b)) {
    if (n - last === 2) out.push(n - 1);
    else if (n - last > 2) out.push('gap');
    out.push(n);
    last = n;
  }
  return out;
}

// ── Reading ────────────────────────────────────────────────────────────────────────────
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** Words a reader reads in the body (not the cards of linked experiences). */
export function wordCount(blocks: readonly BlogBlock[]): number {
  let n = 0;
  for (const b of blocks) {
    switch (b.type) {
      case 'paragraph':
      case 'heading':
        n += words(b.text);
        break;
      case 'rich':
        // Sanitised HTML (src/lib/rich-text.ts): its tags are not words.
        n += words(b.html.replace(/<[^>]*>/g, ' '));
        break;
      case 'quote':
        n += words(b.text) + words(b.cite ?? '');
        break;
      case 'list':
        n += b.items.reduce((a, item) => a + words(item), 0);
        break;
      case 'image':
        n += words(b.caption);
        break;
      case 'item':
      case 'day':
        n += words(b.title) + words(b.text);
        break;
    }
  }
  return n;
}

/** Reading time in whole minutes (at 220 words a minute, at least 1). */
export function readingMinutes(blocks: readonly BlogBlock[], wordsPerMinute = 220): number {
  return Math.max(1, Math.ceil(wordCount(blocks) / wordsPerMinute));
}

export const readingTime = (minutes: number) => `${minutes} min read`;

/**
 * A list item written "Label: text" (a place and what it is, a fact and its value) as its two
 * parts, so the label can be set in bold; anything else has no label.
 */
export function labelledItem(text: string): { label: string | null; text: string } {
  const m = /^([^:.!?]{2,40}):\s+(\S.*)$/s.exec(text);
  return m ? { label: m[1]!, text: m[2]! } : { label: null, text };
}

/** URL fragment for a heading: "When to go?" → "when-to-go". */
export function headingSlug(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[’'"]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'section';
}

export type TocEntry = { id: string; text: string; index: number };

/** The headings of a body with unique ids (none of them `reserved`), in order. */
export function tableOfContents(blocks: readonly BlogBlock[], reserved: readonly string[] = []): TocEntry[] {
  const used = new Set(reserved);
  const out: TocEntry[] = [];
  blocks.forEach((b, index) => {
    if (b.type !== 'heading') return;
    const base = headingSlug(b.text);
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    out.push({ id, text: b.text, index });
  });
  return out;
}

export type BodySection = { heading: TocEntry | null; blocks: { block: BlogBlock; index: number }[] };

/** The body cut at its headings: an untitled opening section, then one per heading. */
export function bodySections(blocks: readonly BlogBlock[], toc: readonly TocEntry[] = tableOfContents(blocks)): BodySection[] {
  const byIndex = new Map(toc.map((t) => [t.index, t]));
  const sections: BodySection[] = [{ heading: null, blocks: [] }];
  blocks.forEach((block, index) => {
    const heading = byIndex.get(index);
    if (heading) sections.push({ heading, blocks: [] });
    else sections[sections.length - 1]!.blocks.push({ block, index });
  });
  return sections.filter((s) => s.heading !== null || s.blocks.length > 0);
}

/** Day blocks of an itinerary: how many days the route spans (the last day's number). */
export function itineraryDays(blocks: readonly BlogBlock[]): number {
  return blocks.reduce((max, b) => (b.type === 'day' ? Math.max(max, b.day) : max), 0);
}

export const isVideoId = (id: string | null | undefined): id is string => typeof id === 'string' && VIDEO_ID_PATTERN.test(id);

/** The privacy-enhanced player, started by the reader's click (so autoplay is wanted). */
export function videoEmbedUrl(id: string): string {
  if (!isVideoId(id)) throw new Error(`Not a video id: ${id}`);
  return `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`;
}

// ── Related articles ───────────────────────────────────────────────────────────────────
type Relatable = Pick<BlogSummary, 'slug' | 'kind' | 'category' | 'tags' | 'city' | 'country' | 'publishedAt'>;

/** How much `b` has in common with `a`: shared tags, place, category and kind. */
export function relatedness(a: Relatable, b: Relatable): number {
  const tags = new Set(a.tags.map((t) => t.id));
  let score = 3 * b.tags.filter((t) => tags.has(t.id)).length;
  if (a.city && b.city?.id === a.city.id) score += 4;
  else if (a.country && b.country?.id === a.country.id) score += 2;
  if (b.category.id === a.category.id) score += 2;
  if (b.kind === a.kind) score += 1;
  return score;
}

/** The `n` articles most related to `blog` (newest first among equals), never itself. */
export function relatedArticles<T extends Relatable>(blog: Relatable, all: readonly T[], n = 3): T[] {
  return all
    .filter((b) => b.slug !== blog.slug)
    .map((b) => ({ b, score: relatedness(blog, b) }))
    .sort((x, y) => y.score - x.score || y.b.publishedAt.localeCompare(x.b.publishedAt) || x.b.slug.localeCompare(y.b.slug))
    .slice(0, n)
    .map((x) => x.b);
}

// ── Sharing ────────────────────────────────────────────────────────────────────────────
export type ShareNetwork = 'whatsapp' | 'facebook' | 'x' | 'linkedin' | 'email';
export type ShareLink = { network: ShareNetwork; label: string; href: string };

/** Plain links to each network's share page: nothing loads from them until clicked. */
export function shareLinks(url: string, title: string): ShareLink[] {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { network: 'whatsapp', label: 'WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}` },
    { network: 'facebook', label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { network: 'x', label: 'X', href: `https://twitter.com/intent/tweet?text=${t}&url=${u}` },
    { network: 'linkedin', label: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { network: 'email', label: 'Email', href: `mailto:?subject=${t}&body=${encodeURIComponent(`${title}\n\n${url}`)}` },
  ];
}

// ── RSS 2.0 ────────────────────────────────────────────────────────────────────────────
export type FeedChannel = {
  title: string;
  description: string;
  /** Absolute URL of the page the feed belongs to. */
  link: string;
  /** Absolute URL of the feed itself. */
  self: string;
};

export type FeedItem = {
  title: string;
  /** Absolute URL; also the item's permanent guid. */
  link: string;
  description: string;
  /** ISO date-time. */
  publishedAt: string;
  author: string;
  categories: readonly string[];
};

/** RFC 822 date as RSS wants it: "Mon, 23 Nov 2026 09:00:00 GMT". */
export function rfc822(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) throw new Error(`rfc822: not a date: ${iso}`);
  return d.toUTCString();
}

/** An RSS 2.0 document (with atom:link self and dc:creator), items in the order given. */
export function rssXml(channel: FeedChannel, items: readonly FeedItem[]): string {
  const e = escapeXml;
  const newest = items.reduce<string | undefined>((m, i) => (m === undefined || i.publishedAt > m ? i.publishedAt : m), undefined);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    `<title>${e(channel.title)}</title>`,
    `<link>${e(channel.link)}</link>`,
    `<description>${e(channel.description)}</description>`,
    '<language>en-gb</language>',
    `<atom:link href="${e(channel.self)}" rel="self" type="application/rss+xml"/>`,
    ...(newest ? [`<lastBuildDate>${rfc822(newest)}</lastBuildDate>`] : []),
    ...items.map((i) =>
      [
        '<item>',
        `<title>${e(i.title)}</title>`,
        `<link>${e(i.link)}</link>`,
        `<guid isPermaLink="true">${e(i.link)}</guid>`,
        `<pubDate>${rfc822(i.publishedAt)}</pubDate>`,
        `<dc:creator>${e(i.author)}</dc:creator>`,
        ...i.categories.map((c) => `<category>${e(c)}</category>`),
        `<description>${e(i.description)}</description>`,
        '</item>',
      ].join(''),
    ),
    '</channel>',
    '</rss>',
    '',
  ];
  return lines.join('\n');
}

// ── Structured data ────────────────────────────────────────────────────────────────────
type ArticleFacts = Pick<BlogSummary, 'title' | 'excerpt' | 'publishedAt' | 'authorName' | 'category' | 'tags' | 'videoId'> & { updatedAt: string };

/**
 * schema.org Article for an article page (`url` its canonical address). A video article whose
 * id is valid also describes its film as a VideoObject.
 */
export function articleJsonLd(blog: ArticleFacts, opts: { url: string; site: URL | string; image?: string | undefined; words: number }): Record<string, unknown> {
  const abs = (path: string) => new URL(path, opts.site).href;
  const video = isVideoId(blog.videoId)
    ? {
        video: {
          '@type': 'VideoObject',
          name: blog.title,
          description: blog.excerpt,
          uploadDate: blog.publishedAt,
          embedUrl: `https://www.youtube-nocookie.com/embed/${blog.videoId}`,
          ...(opts.image ? { thumbnailUrl: [opts.image] } : {}),
        },
      }
    : {};
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: blog.title.length > 110 ? `${blog.title.slice(0, 109)}…` : blog.title,
    description: blog.excerpt,
    url: opts.url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': opts.url },
    ...(opts.image ? { image: [opts.image] } : {}),
    datePublished: blog.publishedAt,
    dateModified: blog.updatedAt > blog.publishedAt ? blog.updatedAt : blog.publishedAt,
    author: { '@type': 'Person', name: blog.authorName },
    publisher: { '@type': 'Organization', '@id': abs('/#organization'), name: 'Verdant', logo: { '@type': 'ImageObject', url: abs('/favicon.svg') } },
    articleSection: blog.category.name,
    keywords: blog.tags.map((t) => t.name).join(', '),
    wordCount: opts.words,
    inLanguage: 'en-GB',
    isAccessibleForFree: true,
    ...video,
  };
}
