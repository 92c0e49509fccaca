import { firstCity, firstCountry, firstOption, richestArticle } from './catalogue.ts';
import { expect, test } from './fixtures.ts';

test('every internal link on each template resolves', async ({ page, request, api }) => {
  test.setTimeout(120_000);
  const [country, city, option, blog] = await Promise.all([firstCountry(api), firstCity(api), firstOption(api), richestArticle(api)]);
  const pages = ['/', `/countries/${country.slug}`, `/cities/${city.slug}`, `/experiences/${option.slugCode}`, `/magazine/a/${blog.slug}`, '/magazine', '/no-such-page'];
  const links = new Set<string>();
  for (const path of pages) {
    await page.goto(path);
    for (const href of await page.locator('a[href^="/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))) {
      links.add(href.split('#')[0]!);
    }
  }
  const broken: string[] = [];
  for (const href of links) {
    if (!href) continue;
    const res = await request.get(href, { maxRedirects: 0 });
    if (res.status() !== 200) broken.push(`${href} → ${res.status()}`);
  }
  expect(broken).toEqual([]);
});
