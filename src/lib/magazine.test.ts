import { describe, expect, it } from 'vitest';
import { BLOG_KINDS, type BlogBlock, type BlogSummary } from '../contract/blogs.ts';
import {
  articleJsonLd,
  assertCategorySlugs,
  bodySections,
  headingSlug,
  isVideoId,
  itineraryDays,
  KIND_SLUGS,
  kindOfSlug,
  labelledItem,
  magazinePaths,
  pageChunks,
  pageList,
  readingMinutes,
  relatedArticles,
  rfc822,
  rssXml,
  shareLinks,
  tableOfContents,
  videoEmbedUrl,
  wordCount,
} from './magazine.ts';

describe('kinds', () => {
  it.each(BLOG_KINDS)('%s has a slug that maps back', (kind) => expect(kindOfSlug(KIND_SLUGS[kind])).toBe(kind));
  it('rejects an unknown kind slug', () => expect(kindOfSlug('essay')).toBeUndefined());
  it('uses path-friendly slugs', () => expect(Object.values(KIND_SLUGS).every((s) => /^[a-z-]+$/.test(s))).toBe(true));
});

describe('addresses', () => {
  it.each([
    [magazinePaths.home(), '/magazine'],
    [magazinePaths.home(1), '/magazine'],
    [magazinePaths.home(3), '/magazine/page/3'],
    [magazinePaths.article('x'), '/magazine/a/x'],
    [magazinePaths.articleInSection('wildlife', 'tried_and_tested', 'x'), '/magazine/wildlife/tried-and-tested/x'],
    [magazinePaths.category('wildlife'), '/magazine/wildlife'],
    [magazinePaths.category('wildlife', 2), '/magazine/wildlife/page/2'],
    [magazinePaths.kind('wildlife', 'complete_guide'), '/magazine/wildlife/complete-guide'],
    [magazinePaths.kind('wildlife', 'complete_guide', 2), '/magazine/wildlife/complete-guide/page/2'],
    [magazinePaths.tag('bucket-list'), '/magazine/tags/bucket-list'],
    [magazinePaths.tag('bucket-list', 4), '/magazine/tags/bucket-list/page/4'],
    [magazinePaths.feed(), '/magazine/rss.xml'],
    [magazinePaths.categoryFeed('wildlife'), '/magazine/wildlife/rss.xml'],
  ])('%s', (got, want) => expect(got).toBe(want));

  it('accepts ordinary category slugs', () => expect(() => assertCategorySlugs(['wildlife', 'food-and-culture'])).not.toThrow());
  it.each(['a', 'tags', 'page', 'tips', '2'])('refuses the reserved category slug %s', (slug) =>
    expect(() => assertCategorySlugs(['wildlife', slug])).toThrow(slug),
  );
});

describe('pageChunks', () => {
  it.each([
    [0, 12, [0]],
    [1, 12, [1]],
    [12, 12, [12]],
    [13, 12, [12, 1]],
    [49, 12, [12, 12, 12, 12, 1]],
  ])('%i items by %i', (n, per, sizes) => {
    const pages = pageChunks(Array.from({ length: n }, (_, i) => i), per);
    expect(pages.map((p) => p.length)).toEqual(sizes);
    expect(pages.flat()).toEqual(Array.from({ length: n }, (_, i) => i));
  });
  it('refuses a page size below 1', () => expect(() => pageChunks([1], 0)).toThrow());
});

describe('pageList', () => {
  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 8, [1, 2, 'gap', 8]],
    [4, 8, [1, 2, 3, 4, 5, 'gap', 8]],
    [5, 10, [1, 'gap', 4, 5, 6, 'gap', 10]],
    [8, 8, [1, 'gap', 7, 8]],
  ])('page %i of %i', (current, total, want) => expect(pageList(current, total)).toEqual(want));
});

const body: BlogBlock[] = [
  { type: 'paragraph', text: 'One two three four five.' },
  { type: 'heading', text: 'When to go' },
  { type: 'paragraph', text: 'Six seven.' },
  { type: 'quote', text: 'Eight nine', cite: 'Ten' },
  { type: 'heading', text: 'When to go' },
  { type: 'list', ordered: false, items: ['Eleven twelve', 'Thirteen'] },
  { type: 'image', image: null, caption: 'Fourteen' },
  { type: 'heading', text: 'Where’s the café?' },
  { type: 'item', title: 'Fifteen', text: 'Sixteen seventeen', option: null },
  { type: 'day', day: 3, title: 'Eighteen', text: 'Nineteen twenty', options: [] },
];

describe('reading', () => {
  it('counts the words of every block', () => expect(wordCount(body)).toBe(29));
  it.each([
    [[], 1],
    [[{ type: 'paragraph', text: 'word '.repeat(220) }], 1],
    [[{ type: 'paragraph', text: 'word '.repeat(221) }], 2],
    [[{ type: 'paragraph', text: 'word '.repeat(1100) }], 5],
  ] as [BlogBlock[], number][])('reading time %#', (blocks, minutes) => expect(readingMinutes(blocks)).toBe(minutes));

  it.each([
    ['When to go', 'when-to-go'],
    ['Where’s the café?', 'wheres-the-cafe'],
    ['  Day 1: Sigiriya & Dambulla ', 'day-1-sigiriya-dambulla'],
    ['???', 'section'],
  ])('heading %s → #%s', (text, slug) => expect(headingSlug(text)).toBe(slug));

  it('gives headings unique ids, avoiding reserved ones', () => {
    expect(tableOfContents(body, ['wheres-the-cafe'])).toEqual([
      { id: 'when-to-go', text: 'When to go', index: 1 },
      { id: 'when-to-go-2', text: 'When to go', index: 4 },
      { id: 'wheres-the-cafe-2', text: 'Where’s the café?', index: 7 },
    ]);
  });

  it('cuts the body into sections at its headings', () => {
    const sections = bodySections(body);
    expect(sections.map((s) => [s.heading?.id ?? null, s.blocks.map((b) => b.index)])).toEqual([
      [null, [0]],
      ['when-to-go', [2, 3]],
      ['when-to-go-2', [5, 6]],
      ['wheres-the-cafe', [8, 9]],
    ]);
  });

  it('drops an empty opening section', () => expect(bodySections(body.slice(1))[0]?.heading?.id).toBe('when-to-go'));
  it('counts itinerary days by the last day', () => expect(itineraryDays(body)).toBe(3));
});

describe('labelledItem', () => {
  it.each([
    ['Capital: Kuala Lumpur', 'Capital', 'Kuala Lumpur'],
    ['Campuhan Ridge Walk: A paved ridge path: best at dawn.', 'Campuhan Ridge Walk', 'A paved ridge path: best at dawn.'],
    ['What to bring: gloves, a warm hat and walking poles', 'What to bring', 'gloves, a warm hat and walking poles'],
    ['Leech socks (yes, really)', null, 'Leech socks (yes, really)'],
    ['Is there any riding? If so: walk away.', null, 'Is there any riding? If so: walk away.'],
    ['Time zone: UTC+8', 'Time zone', 'UTC+8'],
    ['A: b', null, 'A: b'],
    ['This label is far too long to be a label at all, really: text', null, 'This label is far too long to be a label at all, really: text'],
  ])('%s', (text, label, rest) => expect(labelledItem(text)).toEqual({ label, text: rest }));
});

describe('video ids (spec §5)', () => {
  it.each(['dQw4w9WgXcQ', 'a-b_c-d_e-f', '___________', '01234567890'])('%s is valid', (id) => expect(isVideoId(id)).toBe(true));
  it.each(['', 'short', 'dQw4w9WgXcQQ', 'dQw4w9WgXc!', 'dQw4w9 gXcQ', 'dQw4w9WgXc\n', null, undefined])('%j is not', (id) =>
    expect(isVideoId(id)).toBe(false),
  );
  it('builds the privacy-enhanced embed address', () =>
    expect(videoEmbedUrl('dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0'));
  it('refuses to embed a bad id', () => expect(() => videoEmbedUrl('"><script>')).toThrow());
});

const ref = (id: number) => ({ id, slug: `s${id}`, name: `N${id}` });
function summary(slug: string, over: Partial<BlogSummary> = {}): BlogSummary {
  return {
    id: 1,
    slug,
    title: slug,
    kind: 'quick_read',
    kindName: 'Pocket Guide',
    excerpt: '',
    category: ref(1),
    heroImage: null,
    authorName: 'A',
    videoId: null,
    country: null,
    city: null,
    tags: [],
    publishedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

describe('relatedArticles', () => {
  const tag = (id: number) => ({ id, slug: `t${id}`, kind: 'blog' as const, name: `T${id}` });
  const country = { id: 1, slug: 'malaysia', name: 'Malaysia', code: 'MY' };
  const me = summary('me', { tags: [tag(1), tag(2)], country, city: { id: 9, slug: 'sabah', name: 'Sabah', countryId: 1 }, category: ref(2) });
  const all = [
    me,
    summary('nothing', { publishedAt: '2026-06-01T00:00:00.000Z', category: ref(3) }),
    summary('two-tags', { tags: [tag(1), tag(2)], category: ref(3) }),
    summary('same-city', { city: { id: 9, slug: 'sabah', name: 'Sabah', countryId: 1 }, country, category: ref(3) }),
    summary('same-country-older', { country, category: ref(3), publishedAt: '2025-01-01T00:00:00.000Z' }),
    summary('same-country-newer', { country, category: ref(3), publishedAt: '2026-03-01T00:00:00.000Z' }),
  ];
  it('ranks by what they share, newest first among equals, never itself', () => {
    expect(relatedArticles(me, all, 4).map((b) => b.slug)).toEqual(['two-tags', 'same-city', 'same-country-newer', 'same-country-older']);
  });
  it('fills with the newest when nothing is shared', () => expect(relatedArticles(summary('x', { category: ref(7) }), all, 1)[0]?.slug).toBe('nothing'));
});

describe('shareLinks', () => {
  const links = shareLinks('https://verdant.example/magazine/a/x?y=1', 'Fireflies & more');
  it('encodes the address and the title', () => {
    expect(links.map((l) => l.network)).toEqual(['whatsapp', 'facebook', 'x', 'linkedin', 'email']);
    for (const l of links) expect(l.href).toContain('https%3A%2F%2Fverdant.example%2Fmagazine%2Fa%2Fx%3Fy%3D1');
    expect(links.find((l) => l.network === 'x')?.href).toContain('text=Fireflies%20%26%20more');
  });
  it('only links to https pages and mail', () => expect(links.every((l) => /^(https:\/\/|mailto:)/.test(l.href))).toBe(true));
});

describe('rss', () => {
  it('formats RFC 822 dates', () => expect(rfc822('2026-11-23T09:05:00.000Z')).toBe('Mon, 23 Nov 2026 09:05:00 GMT'));
  it('refuses a bad date', () => expect(() => rfc822('soon')).toThrow());

  it('writes an escaped RSS 2.0 channel', () => {
    const xml = rssXml(
      { title: 'Field Notes', description: 'Stories & guides', link: 'https://v.example/magazine', self: 'https://v.example/magazine/rss.xml' },
      [
        { title: 'A <b> & "c"', link: 'https://v.example/magazine/a/a', description: 'x < y', publishedAt: '2026-01-02T00:00:00Z', author: 'Mei', categories: ['Wildlife'] },
        { title: 'B', link: 'https://v.example/magazine/a/b', description: '', publishedAt: '2026-03-04T00:00:00Z', author: 'Tom', categories: [] },
      ],
    );
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    expect(xml).toContain('<title>A &lt;b&gt; &amp; &quot;c&quot;</title>');
    expect(xml).toContain('<description>Stories &amp; guides</description>');
    expect(xml).toContain('<atom:link href="https://v.example/magazine/rss.xml" rel="self" type="application/rss+xml"/>');
    expect(xml).toContain('<lastBuildDate>Wed, 04 Mar 2026 00:00:00 GMT</lastBuildDate>');
    expect(xml).toContain('<guid isPermaLink="true">https://v.example/magazine/a/b</guid>');
    expect(xml).toContain('<category>Wildlife</category>');
    expect(xml.match(/<item>/g)).toHaveLength(2);
  });

  it('writes an empty channel without a build date', () => {
    const xml = rssXml({ title: 'T', description: 'D', link: 'https://v.example/', self: 'https://v.example/rss.xml' }, []);
    expect(xml).not.toContain('<item>');
    expect(xml).not.toContain('lastBuildDate');
  });
});

describe('articleJsonLd', () => {
  const base = { ...summary('x', { title: 'Fireflies', excerpt: 'Living light', authorName: 'Mei Lin', category: ref(2) }), updatedAt: '2026-02-01T00:00:00.000Z' };
  const opts = { url: 'https://v.example/magazine/a/x', site: 'https://v.example', image: 'https://v.example/_image?url=a&w=1200', words: 812 };
  it('describes the article', () => {
    expect(articleJsonLd(base, opts)).toMatchObject({
      '@type': 'Article',
      headline: 'Fireflies',
      url: opts.url,
      mainEntityOfPage: { '@id': opts.url },
      image: [opts.image],
      datePublished: '2026-01-01T00:00:00.000Z',
      dateModified: '2026-02-01T00:00:00.000Z',
      author: { '@type': 'Person', name: 'Mei Lin' },
      publisher: { '@id': 'https://v.example/#organization' },
      articleSection: 'N2',
      wordCount: 812,
    });
  });
  it('never dates a change before publication', () =>
    expect(articleJsonLd({ ...base, updatedAt: '2025-01-01T00:00:00.000Z' }, opts)['dateModified']).toBe('2026-01-01T00:00:00.000Z'));
  it('cuts a headline to 110 characters', () => expect(String(articleJsonLd({ ...base, title: 'w'.repeat(130) }, opts)['headline'])).toHaveLength(110));
  it('adds the film of a video article with a valid id only', () => {
    expect(articleJsonLd({ ...base, videoId: 'dQw4w9WgXcQ' }, opts)['video']).toMatchObject({ '@type': 'VideoObject', embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' });
    expect(articleJsonLd({ ...base, videoId: 'bad' }, opts)['video']).toBeUndefined();
  });
});
