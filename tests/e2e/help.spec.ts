// The help centre (/help, issue 24 item 2, ADR 39): every site-wide FAQ grouped by topic in
// plain HTML, and a finder that narrows by topic and words through GET /faqs/filter.
// SCREENSHOTS=1 keeps screenshots at 1280 and 375 px in test-results/help-screens.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const shots = process.env['SCREENSHOTS'] ? 'test-results/help-screens' : null;

/** The whole page, or (with `target`) the screen with `target` scrolled to its top. */
async function shootBoth(page: Page, name: string, target?: string) {
  if (!shots) return;
  const size = page.viewportSize()!;
  const consent = page.getByRole('button', { name: 'Accept all cookies' });
  if (await consent.isVisible()) await consent.click();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    if (target) await page.locator(target).first().evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: !target });
  }
  await page.setViewportSize(size);
}

type FaqList = { faqs: { question: string; topic: string }[]; topics: { topic: string; label: string; count: number }[]; pagination: { total_count: number } };

test('the help centre lists every question by topic, narrows by topic and words, and says when nothing matches @mobile', async ({ page, api, axe }) => {
  const all = await api<FaqList>('/faqs/filter?per=100');
  expect(all.pagination.total_count).toBeGreaterThanOrEqual(15);
  const safety = all.topics.find((t) => t.topic === 'safety')!;

  // Reachable from the footer.
  await page.goto('/');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Help centre', exact: true })).toHaveAttribute('href', '/help');

  await page.goto('/help');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('How can we help?');
  // Static HTML: every question, in a section per topic, with FAQPage structured data.
  for (const t of all.topics) await expect(page.getByRole('heading', { level: 2, name: t.label, exact: true })).toBeVisible();
  await expect(page.locator('.help__faqs details')).toHaveCount(all.pagination.total_count);
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  const faqPage = jsonLd.map((j) => JSON.parse(j) as { '@type': string; mainEntity?: unknown[] }).find((j) => j['@type'] === 'FAQPage');
  expect(faqPage?.mainEntity).toHaveLength(all.pagination.total_count);
  await axe();

  // A topic: the list narrows to that topic's answers, with their count.
  const finder = page.locator('.help-finder');
  const chips = finder.getByRole('group', { name: 'Topics' });
  await chips.getByRole('button', { name: new RegExp(`^${safety.label} ${safety.count}$`) }).click();
  await expect(chips.getByRole('button', { name: new RegExp(`^${safety.label}`) })).toHaveAttribute('aria-pressed', 'true');
  const results = finder.getByRole('list', { name: 'Matching answers' });
  await expect(results.getByRole('listitem')).toHaveCount(safety.count);
  await expect(finder.getByRole('status')).toHaveText(`${safety.count} answers about ${safety.label}`);
  await expect(page.locator('.help__faqs').first()).toBeHidden();
  await expect(results).not.toContainText('Which payment methods can I use?');

  // Words within the topic: the matching answer shows.
  const search = finder.getByRole('searchbox', { name: 'Search the questions' });
  await search.fill('weather');
  await finder.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(finder.getByRole('status')).toHaveText(`1 answer about ${safety.label} for “weather”`);
  const hit = results.getByRole('listitem');
  await expect(hit).toHaveCount(1);
  await expect(hit.getByRole('heading', { name: 'What happens if the weather is bad?' })).toBeVisible();
  await expect(hit).toContainText('you can choose another date or get a full refund');
  await shootBoth(page, 'help-narrowed', '.help__head');
  await axe();

  // All topics with the same words.
  await chips.getByRole('button', { name: /^All topics/ }).click();
  await expect(finder.getByRole('status')).toHaveText(/^\d+ answers? for “weather”$/);
  await expect(results.getByRole('heading', { name: 'What happens if the weather is bad?' })).toBeVisible();

  // Nothing matches: the empty state, and a way back to every question.
  await search.fill('zebra crossing');
  await search.press('Enter');
  await expect(finder.getByRole('heading', { name: 'No answers match “zebra crossing”' })).toBeVisible();
  await expect(finder.getByRole('status')).toHaveText('0 answers for “zebra crossing”');
  await expect(results).toHaveCount(0);
  await expect(finder.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
  await shootBoth(page, 'help-empty', '.help__head');
  await axe();
  await finder.locator('.help-empty').getByRole('button', { name: 'Show all questions' }).click();
  await expect(search).toHaveValue('');
  await expect(page.locator('.help__faqs details')).toHaveCount(all.pagination.total_count);
  await expect(page.locator('.help__faqs').first()).toBeVisible();
});

test('a chip tapped before the finder has loaded is not lost', async ({ page, api }) => {
  const all = await api<FaqList>('/faqs/filter?topic=cancellation&per=100');
  await page.goto('/help');
  // The very first tap wakes the island; the directive replays it once React is there.
  await page.locator('.help-finder').getByRole('button', { name: /^Changes and cancellation/ }).click();
  await expect(page.locator('.help-finder').getByRole('list', { name: 'Matching answers' }).getByRole('listitem')).toHaveCount(all.faqs.length);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('every answer is on the page and opens', async ({ page }) => {
    await page.goto('/help');
    const first = page.locator('.help__faqs details').first();
    await first.locator('summary').click();
    await expect(first.locator('p')).toBeVisible();
    await shootBoth(page, 'help-static');
  });
});
