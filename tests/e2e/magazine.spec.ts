// Field Notes: every route from the demo catalogue, a layout per article kind, the filters, the
// pagefind search, the privacy-friendly video, the RSS feeds and the 404s.
import type { Page } from '@playwright/test';
import { BLOG_KINDS, type BlogDetail, type BlogFilterItemsResponse, type BlogKind, type BlogSummary } from '../../src/contract/blogs.ts';
import { camelizeKeys } from '../../src/lib/key-case.ts';
import { ARTICLES_PER_PAGE, KIND_PLURALS, KIND_SLUGS } from '../../src/lib/magazine.ts';
import { expect, test } from './fixtures.ts';

type Api = <T = Record<string, unknown>>(path: string) => Promise<T>;

async function allBlogs(api: Api): Promise<BlogSummary[]> {
  const out: BlogSummary[] = [];
  for (let page = 1; ; page++) {
    const { blogs, pagination } = camelizeKeys<{ blogs: BlogSummary[]; pagination: { isLastPage: boolean } }>(await api(`/blogs?per=100&page=${page}`));
    out.push(...blogs);
    if (pagination.isLastPage) return out;
  }
}

const facets = async (api: Api, query = '') => camelizeKeys<BlogFilterItemsResponse>(await api(`/blogs/filter_items${query}`));
const detail = async (api: Api, slug: string) => camelizeKeys<BlogDetail>(await api(`/blogs/${slug}`));
const pages = (n: number) => Math.max(1, Math.ceil(n / ARTICLES_PER_PAGE));
const DATE = /^\d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}$/;

/** Consent given, newsletter seen: no overlay covers what the tests click. */
async function quietOverlays(page: Page) {
  await page.addInitScript(() => {
    localStorage.setItem('consentMode', JSON.stringify({ necessaryCookie: true, performanceCookie: false, functionalCookie: false, targetingCookie: false }));
  });
}

test('every magazine route renders from the demo catalogue', async ({ request, api }) => {
  test.setTimeout(180_000);
  const blogs = await allBlogs(api);
  expect(blogs.length).toBeGreaterThanOrEqual(60);
  expect(new Set(blogs.map((b) => b.kind))).toEqual(new Set(BLOG_KINDS));

  const ok = async (path: string, text?: string) => {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(200);
    if (text) expect(await res.text(), path).toContain(text);
  };
  const missing = async (path: string) => expect((await request.get(path, { maxRedirects: 0 })).status(), path).toBe(404);
  const escaped = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

  // Articles at their canonical address and inside their section and format.
  for (const b of blogs) {
    await ok(`/magazine/a/${b.slug}`, escaped(b.title));
    await ok(`/magazine/${b.category.slug}/${KIND_SLUGS[b.kind]}/${b.slug}`);
  }
  // The front page and its later pages.
  await ok('/magazine', 'Field Notes');
  for (let p = 2; p <= pages(blogs.length); p++) await ok(`/magazine/page/${p}`);
  await missing(`/magazine/page/${pages(blogs.length) + 1}`);
  // Sections, formats within them, tags, each with its pages.
  const all = await facets(api);
  for (const c of all.categories.filter((x) => x.count > 0)) {
    await ok(`/magazine/${c.slug}`, escaped(c.name));
    for (let p = 2; p <= pages(c.count); p++) await ok(`/magazine/${c.slug}/page/${p}`);
    await missing(`/magazine/${c.slug}/page/${pages(c.count) + 1}`);
    for (const k of (await facets(api, `?category=${c.slug}`)).kinds) {
      if (k.count > 0) await ok(`/magazine/${c.slug}/${KIND_SLUGS[k.kind]}`);
      else await missing(`/magazine/${c.slug}/${KIND_SLUGS[k.kind]}`);
    }
  }
  for (const t of all.tags) {
    await ok(`/magazine/tags/${t.slug}`, escaped(t.name));
    for (let p = 2; p <= pages(t.count); p++) await ok(`/magazine/tags/${t.slug}/page/${p}`);
  }
});

test('unknown magazine addresses answer the 404 page with status 404', async ({ page, api }) => {
  const [b] = await allBlogs(api);
  const elsewhere = (await facets(api)).categories.find((c) => c.slug !== b!.category.slug)!.slug;
  for (const path of [
    '/magazine/a/never-written',
    '/magazine/no-such-section',
    `/magazine/${b!.category.slug}/essay`,
    `/magazine/${b!.category.slug}/${KIND_SLUGS[b!.kind]}/never-written`,
    `/magazine/${elsewhere}/${KIND_SLUGS[b!.kind]}/${b!.slug}`,
    '/magazine/tags/no-such-tag',
    '/magazine/page/999',
    '/magazine/no-such-section/rss.xml',
  ]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText('This trail has gone cold');
  }
});

/** What each kind's own layout shows. */
const KIND_CHECKS: Record<BlogKind, (page: Page, blog: BlogDetail) => Promise<void>> = {
  quick_read: async (page) => {
    await expect(page.locator('.article-head--quick_read .article-head__pocket-img img')).toBeVisible();
    await expect(page.locator('.blocks--pocket')).toBeVisible();
  },
  complete_guide: async (page, blog) => {
    const headings = blog.body.filter((b) => b.type === 'heading').length;
    // The sticky contents on wide screens, the folding box on phones: both list every chapter.
    for (const nav of ['Contents', 'In this guide']) await expect(page.locator(`nav[aria-label="${nav}"] a`)).toHaveCount(headings);
    const href = await page.locator('nav[aria-label="Contents"] a').nth(1).getAttribute('href');
    await expect(page.locator(`.blocks h2${href}`)).toHaveCount(1);
    await expect(page.locator('.byline')).toContainText(`${headings} chapters`);
  },
  itinerary: async (page, blog) => {
    const days = blog.body.filter((b) => b.type === 'day');
    await expect(page.getByText('The route at a glance')).toBeVisible();
    for (const d of days) await expect(page.locator(`.glance a[href="#day-${d.day}"]`)).toHaveCount(1);
    await expect(page.locator('.blocks__day')).toHaveCount(days.length);
    // Each listed experience is linked from its day.
    const first = days.find((d) => d.type === 'day' && d.options.length > 0);
    if (first?.type === 'day') await expect(page.locator(`#day-${first.day} a[href="/experiences/${first.options[0]!.slugCode}"]`)).toHaveCount(1);
  },
  list: async (page, blog) => {
    const picks = blog.body.filter((b) => b.type === 'item');
    await expect(page.locator('.blocks__num')).toHaveCount(picks.length);
    await expect(page.locator('.blocks__num').first()).toHaveText('01');
    await expect(page.locator('#pick-1')).toBeAttached();
    const linked = picks.find((p) => p.type === 'item' && p.option);
    if (linked?.type === 'item' && linked.option) await expect(page.locator(`.blocks--roundup a[href="/experiences/${linked.option.slugCode}"]`).first()).toBeAttached();
  },
  tried_and_tested: async (page, blog) => {
    const verdict = page.getByRole('complementary', { name: 'Our verdict' });
    await expect(verdict).toContainText(blog.verdict!);
    await expect(page.locator('.byline')).toContainText(`Tried and tested by ${blog.author.name}`);
  },
  video: async (page, blog) => {
    await expect(page.locator(`iframe[title="Video: ${blog.title}"]`)).toHaveAttribute('srcdoc', /youtube-nocookie\.com\/embed\//);
    await expect(page.locator('iframe[src]')).toHaveCount(0);
  },
};

for (const kind of BLOG_KINDS) {
  test(`a ${kind} article has its own layout, byline, share links, related reading and Article data @mobile`, async ({ page, api, axe, baseURL }) => {
    await quietOverlays(page);
    const summary = (await allBlogs(api)).find((b) => b.kind === kind)!;
    const blog = await detail(api, summary.slug);
    const res = await page.goto(`/magazine/a/${blog.slug}`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(blog.title);
    await expect(page.locator(`article.article--${kind}`)).toBeVisible();
    await expect(page.locator('.article-head__kind')).toHaveText(blog.kindName);

    const byline = page.locator('.byline');
    await expect(byline).toContainText(blog.author.name);
    await expect(byline).toContainText(/\d+ min read/);
    await expect(byline.locator('time').first()).toHaveText(DATE);
    await expect(byline.locator('time').first()).toHaveAttribute('datetime', blog.publishedAt);

    await KIND_CHECKS[kind](page, blog);

    const canonical = new URL(`/magazine/a/${blog.slug}`, baseURL).href;
    for (const [network, host] of [
      ['WhatsApp', 'https://wa.me/'],
      ['Facebook', 'https://www.facebook.com/sharer/'],
      ['X', 'https://twitter.com/intent/tweet'],
      ['LinkedIn', 'https://www.linkedin.com/sharing/'],
    ] as const) {
      const link = page.locator('.share').getByRole('link', { name: new RegExp(`^${network}`) });
      await expect(link).toHaveAttribute('href', new RegExp(`^${host.replace(/[.?]/g, '\\$&')}.*${encodeURIComponent(canonical).replace(/[.?]/g, '\\$&')}`));
    }
    for (const t of blog.tags) await expect(page.locator(`.tag-list a[href="/magazine/tags/${t.slug}"]`)).toHaveText(t.name);
    await expect(page.getByRole('heading', { name: 'Keep reading' })).toBeVisible();
    await expect(page.locator('section[aria-labelledby="more-title"] article')).toHaveCount(3);

    const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t) as Record<string, unknown>);
    expect(ld.find((d) => d['@type'] === 'Article')).toMatchObject({ headline: blog.title, url: canonical, datePublished: blog.publishedAt, author: { name: blog.author.name } });
    expect(ld.find((d) => d['@type'] === 'BreadcrumbList')).toBeDefined();
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveCount(2);
    await axe();
  });
}

test('an article inside its section and format names the canonical address and stays out of search', async ({ page, api, baseURL }) => {
  const [b] = await allBlogs(api);
  await page.goto(`/magazine/${b!.category.slug}/${KIND_SLUGS[b!.kind]}/${b!.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(b!.title);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new URL(`/magazine/a/${b!.slug}`, baseURL).href);
  await expect(page.locator('[data-pagefind-body]')).toHaveCount(0);
  await page.goto(`/magazine/a/${b!.slug}`);
  await expect(page.locator('[data-pagefind-body]')).toHaveCount(1);
});

test('sections, formats and tags filter the listings through their own pages @mobile', async ({ page, api, axe }) => {
  await quietOverlays(page);
  const all = await facets(api);
  const section = all.categories.find((c) => c.count > ARTICLES_PER_PAGE) ?? all.categories.find((c) => c.count > 0)!;
  await page.goto('/magazine');
  await page.getByRole('navigation', { name: 'Magazine sections' }).getByRole('link', { name: new RegExp(`^${section.name}`) }).click();
  await expect(page).toHaveURL(new RegExp(`/magazine/${section.slug}/?$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(section.name);
  await expect(page.locator('.listing__count')).toContainText(`${section.count} stories`);
  await expect(page.locator('.listing__body article')).toHaveCount(Math.min(section.count, ARTICLES_PER_PAGE));

  // A format within the section lists exactly that format's articles.
  const kinds = (await facets(api, `?category=${section.slug}`)).kinds.filter((k) => k.count > 0);
  const kind = kinds[kinds.length - 1]!;
  await page.getByRole('navigation', { name: `Formats in ${section.name}` }).getByRole('link', { name: `${KIND_PLURALS[kind.kind]} ${kind.count}` }).click();
  await expect(page).toHaveURL(new RegExp(`/magazine/${section.slug}/${KIND_SLUGS[kind.kind]}/?$`));
  const expected = camelizeKeys<{ blogs: BlogSummary[] }>(await api(`/blogs?category=${section.slug}&kind=${kind.kind}&per=${ARTICLES_PER_PAGE}`)).blogs;
  await expect(page.locator('.listing__body article h2')).toHaveText(expected.map((b) => b.title));
  await axe();

  // Later pages of a long section.
  if (section.count > ARTICLES_PER_PAGE) {
    await page.goto(`/magazine/${section.slug}`);
    await page.getByRole('link', { name: 'Older' }).click();
    await expect(page).toHaveURL(new RegExp(`/magazine/${section.slug}/page/2/?$`));
    const second = camelizeKeys<{ blogs: BlogSummary[] }>(await api(`/blogs?category=${section.slug}&per=${ARTICLES_PER_PAGE}&page=2`)).blogs;
    await expect(page.locator('.listing__body article h2')).toHaveText(second.map((b) => b.title));
    await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  }

  // A tag page lists the tagged articles.
  const tag = all.tags[0]!;
  await page.goto(`/magazine/tags/${tag.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tag.name);
  const tagged = camelizeKeys<{ blogs: BlogSummary[] }>(await api(`/blogs?tag=${tag.slug}&per=${ARTICLES_PER_PAGE}`)).blogs;
  await expect(page.locator('.listing__body article h2')).toHaveText(tagged.map((b) => b.title));
});

test('the finder filters every story by section, format and tag together @mobile', async ({ page, api, axe }) => {
  await quietOverlays(page);
  const all = await facets(api);
  // A combination with results: the section and tag of a recent roundup.
  const { blogs } = camelizeKeys<{ blogs: BlogSummary[] }>(await api('/blogs?kind=list&per=100'));
  const sample = blogs.find((b) => b.tags.length > 0)!;
  const tag = sample.tags[0]!;
  const want = camelizeKeys<{ blogs: BlogSummary[] }>(await api(`/blogs?kind=list&category=${sample.category.slug}&tag=${tag.slug}&per=100`)).blogs;

  await page.goto('/magazine');
  await page.getByLabel('Section', { exact: true }).selectOption(sample.category.slug);
  await page.getByLabel('Format', { exact: true }).selectOption(KIND_SLUGS.list);
  await page.getByLabel('Tag', { exact: true }).selectOption(tag.slug);
  const status = page.locator('[data-finder-status]');
  await expect(status).toHaveText(`${want.length} ${want.length === 1 ? 'Roundup' : 'Roundups'} in ${sample.category.name} tagged ${tag.name}`);
  const found = page.locator('[data-finder-list] h3 a');
  await expect(found).toHaveCount(Math.min(want.length, 12));
  expect(new Set(await found.allTextContents())).toEqual(new Set(want.slice(0, 12).map((b) => b.title)));
  await expect(page).toHaveURL(new RegExp(`\\?category=${sample.category.slug}&kind=list&tag=${tag.slug}#find$`));
  await expect(page.locator('[data-finder-hides]')).toBeHidden();
  await axe();

  // The address restores the same filters; "Clear search" brings the front page back.
  await page.reload();
  await expect(status).toHaveText(new RegExp(`^${want.length} `));
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page.locator('[data-finder-results]')).toBeHidden();
  await expect(page.locator('[data-finder-hides]')).toBeVisible();
  await expect(page).toHaveURL(/\/magazine\/?$/);

  // One format alone: every story of it, newest first, twelve at a time.
  const videos = all.kinds.find((k) => k.kind === 'video')!;
  await page.getByLabel('Format', { exact: true }).selectOption(KIND_SLUGS.video);
  await expect(status).toHaveText(`${videos.count} Videos`);
  const newest = camelizeKeys<{ blogs: BlogSummary[] }>(await api('/blogs?kind=video&per=12')).blogs;
  await expect(found).toHaveText(newest.map((b) => b.title));
});

test('the finder searches the text of every article: a word from one article body finds only it', async ({ page }) => {
  await quietOverlays(page);
  const pagefind: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/pagefind/')) pagefind.push(r.url());
  });
  await page.goto('/magazine');
  expect(pagefind, 'no search code before the reader searches').toEqual([]);
  await page.getByRole('searchbox', { name: 'Search the text of every story' }).fill('bioluminescence');
  await expect(page.locator('[data-finder-status]')).toHaveText('1 story matches “bioluminescence”');
  const result = page.locator('[data-finder-list] article');
  await expect(result).toHaveCount(1);
  await expect(result.getByRole('link')).toHaveAttribute('href', '/magazine/a/where-the-water-glows');
  await expect(result.locator('mark').first()).toHaveText(/bioluminescence/i);
  await expect(page).toHaveURL(/\?q=bioluminescence#find$/);

  await page.getByRole('searchbox').fill('qwxzv');
  await expect(page.locator('[data-finder-status]')).toHaveText('No stories match “qwxzv”. Try fewer words or clear a filter.');
  await expect(result).toHaveCount(0);

  await page.getByRole('searchbox').fill('bioluminescence');
  await result.getByRole('link').click();
  await expect(page).toHaveURL(/\/magazine\/a\/where-the-water-glows\/?$/);
});

test('the video loads nothing from YouTube, and no article script runs, until the reader presses play', async ({ page, api, baseURL }) => {
  await quietOverlays(page);
  const video = (await allBlogs(api)).find((b) => b.kind === 'video')!;
  const site = new URL(baseURL!).origin;
  const outside: string[] = [];
  const scripts = new Set<string>();
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.protocol.startsWith('http') && url.origin !== site) outside.push(r.url());
    if (r.resourceType() === 'script') scripts.add(url.pathname);
  });
  // A stand-in for the player: the test never depends on the internet.
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><html lang="en"><title>Player</title><p id="player">Playing</p></html>' }),
  );

  // The site-wide scripts every page has (header, overlays, prices): the baseline. The header's
  // island code is fetched at a first sign of a visitor (src/lib/first-sign.ts, ADR 0048: a
  // pointer move here), at an idle moment within 2 s.
  await page.goto('/about', { waitUntil: 'networkidle' });
  await page.mouse.move(40, 40);
  await page.mouse.move(300, 200);
  await page.waitForTimeout(2500);
  await page.waitForLoadState('networkidle');
  const baseline = new Set(scripts);
  expect(baseline.size, 'the header code is in the baseline').toBeGreaterThan(5);
  scripts.clear();

  await page.goto(`/magazine/a/${video.slug}`, { waitUntil: 'networkidle' });
  await page.mouse.wheel(0, 600);
  await page.waitForTimeout(500);
  expect(outside, 'no request leaves the site before play').toEqual([]);
  expect([...scripts].filter((s) => !baseline.has(s)), 'no script of the article').toEqual([]);

  const frame = page.frameLocator(`iframe[title="Video: ${video.title}"]`);
  const embed = page.waitForRequest((r) => r.url().startsWith(`https://www.youtube-nocookie.com/embed/${video.videoId}`));
  await frame.getByRole('link', { name: `Play video: ${video.title}` }).click();
  expect((await embed).url()).toBe(`https://www.youtube-nocookie.com/embed/${video.videoId}?autoplay=1&rel=0`);
  await expect(frame.locator('#player')).toHaveText('Playing');
});

test('the RSS feeds are valid XML with every article, linked from the pages', async ({ page, request, api, baseURL }) => {
  const blogs = await allBlogs(api);
  const parse = (xml: string) =>
    page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      if (doc.getElementsByTagName('parsererror').length > 0) throw new Error(`not well-formed XML: ${doc.getElementsByTagName('parsererror')[0]?.textContent}`);
      const rss = doc.documentElement;
      const items = [...doc.getElementsByTagName('item')].map((i) => ({
        title: i.getElementsByTagName('title')[0]?.textContent ?? '',
        link: i.getElementsByTagName('link')[0]?.textContent ?? '',
        guid: i.getElementsByTagName('guid')[0]?.textContent ?? '',
        pubDate: i.getElementsByTagName('pubDate')[0]?.textContent ?? '',
      }));
      const channel = doc.getElementsByTagName('channel')[0]!;
      const self = channel.getElementsByTagNameNS('http://www.w3.org/2005/Atom', 'link')[0]?.getAttribute('href');
      return { root: rss.nodeName, version: rss.getAttribute('version'), title: channel.getElementsByTagName('title')[0]?.textContent, self, items };
    }, xml);

  await page.goto('/magazine');
  const feedLink = page.locator('link[rel="alternate"][type="application/rss+xml"]');
  await expect(feedLink).toHaveAttribute('href', '/magazine/rss.xml');
  const res = await request.get('/magazine/rss.xml');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/xml/);
  const feed = await parse(await res.text());
  expect(feed).toMatchObject({ root: 'rss', version: '2.0', self: new URL('/magazine/rss.xml', baseURL).href });
  expect(feed.items.map((i) => i.link)).toEqual(blogs.map((b) => new URL(`/magazine/a/${b.slug}`, baseURL).href));
  expect(feed.items.map((i) => i.title)).toEqual(blogs.map((b) => b.title));
  for (const i of feed.items) {
    expect(i.guid).toBe(i.link);
    expect(Number.isNaN(Date.parse(i.pubDate)), i.pubDate).toBe(false);
  }

  // One feed per section, linked from the section's page and its articles.
  const section = blogs[0]!.category;
  await page.goto(`/magazine/${section.slug}`);
  await expect(page.locator(`link[rel="alternate"][href="/magazine/${section.slug}/rss.xml"]`)).toHaveCount(1);
  await page.goto(`/magazine/a/${blogs[0]!.slug}`);
  await expect(page.locator(`link[rel="alternate"][href="/magazine/${section.slug}/rss.xml"]`)).toHaveCount(1);
  const own = await parse(await (await request.get(`/magazine/${section.slug}/rss.xml`)).text());
  expect(own.title).toBe(`Field Notes: ${section.name}`);
  expect(own.items.map((i) => i.link)).toEqual(blogs.filter((b) => b.category.slug === section.slug).map((b) => new URL(`/magazine/a/${b.slug}`, baseURL).href));
});

test('the magazine front page and a listing are accessible, with the finder open @mobile', async ({ page, axe }) => {
  await quietOverlays(page);
  await page.goto('/magazine/page/2');
  await expect(page.locator('.listing__body article')).toHaveCount(ARTICLES_PER_PAGE);
  await axe();
  await page.goto('/magazine?q=river');
  await expect(page.locator('[data-finder-status]')).toHaveText(/stories match “river”/);
  await axe();
});
