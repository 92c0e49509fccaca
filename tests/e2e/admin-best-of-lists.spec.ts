// Best-of lists in the back-office (issue 14, ADR 0035), one journey: an admin finds a list,
// rewrites its intro and its number one's reason, previews the draft, publishes, the public page
// shows both once the run is live; unpublishing takes the page and its sitemap entry away.
// Screens of the list and the editor at 1280 and 375 px with SCREENSHOTS=1.
import { camelizeKeys } from '../../src/lib/key-case.ts';
import { loginAs } from './accounts.ts';
import { API_KEY, expect, test } from './fixtures.ts';

const auth = { authorization: `Bearer ${API_KEY}` };
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('an admin edits a best-of list, previews, publishes, and unpublishes it', async ({ page, axe }) => {
  // Three filtered builds (preview, publish, unpublish), each about a minute on a quiet machine.
  test.setTimeout(1_500_000);
  const res = await page.request.get('/api/v1/best_of_lists?per=100', { headers: auth });
  const { bestOfLists } = camelizeKeys<{ bestOfLists: { id: number; slug: string; title: string; itemsCount: number }[] }>(await res.json());
  // The oldest list with picks: not one of the header's newest three, so its publishes stay incremental.
  const list = bestOfLists.filter((l) => l.itemsCount > 1).at(-1)!;
  await loginAs(page, 'admin@verdant.test');
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Back-office' }).getByRole('link', { name: 'Best-of lists' }).click();
  await expect(page).toHaveURL(/\/admin\/best-of-lists$/);
  await page.getByRole('button', { name: 'Accept all cookies' }).click();
  const shots = async (name: string) => {
    if (!process.env['SCREENSHOTS']) return;
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.screenshot({ path: `test-results/admin-screens/${name}-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  };
  await expect(page.locator('.adm-rowlink').first()).toBeVisible();
  await shots('best-of-lists');
  await page.getByRole('searchbox', { name: 'Search best-of lists' }).fill(list.title);
  const row = page.getByRole('link', { name: new RegExp(escape(list.title)) });
  await expect(row).toHaveCount(1);
  await row.click();
  await expect(page.getByRole('heading', { level: 1, name: list.title })).toBeVisible();
  await axe();
  const picks = page.getByRole('group', { name: 'Picks' });
  await picks.getByRole('searchbox', { name: 'Add an experience' }).fill('kayak');
  await expect(picks.getByRole('list', { name: 'Matching experiences' }).getByRole('button').first()).toBeVisible();
  await shots('best-of-list');
  await picks.getByRole('searchbox', { name: 'Add an experience' }).fill('');

  const stamp = Date.now();
  const intro = `The editors’ ranking, checked again this season (${stamp}).`;
  const why = `Still our number one: the guides know every bend of the river (${stamp}).`;
  await page.getByRole('group', { name: 'Basics' }).getByLabel('Intro').fill(intro);
  // A reason too short is refused beside its field; the draft keeps what was typed.
  const reason = picks.getByRole('textbox', { name: 'Why it is number 1' });
  await reason.fill('Great.');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(picks.getByText('Say why it made the list (at least 10 characters)')).toBeVisible();
  await reason.fill(why);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved' })).toBeVisible();
  // Not live yet.
  await expect(page.request.get(`/best-of/${list.slug}`).then(async (r) => (await r.text()).includes(intro))).resolves.toBe(false);

  // Preview: the draft rendered as the public page will be.
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.locator('[data-run-state]').filter({ hasText: 'Preview' });
  await expect(preview).toHaveAttribute('data-run-state', 'live', { timeout: 540_000 });
  const previewUrl = await preview.getByRole('link', { name: 'Open preview' }).getAttribute('href');
  const shown = await page.context().newPage();
  await shown.goto(previewUrl!);
  await expect(shown.getByRole('main').getByText(intro)).toBeVisible();
  await expect(shown.getByRole('main').getByText(why)).toBeVisible();
  await shown.close();

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Published. The pages that show this best-of list are being rebuilt.' })).toBeVisible();
  const publish = page.locator('[data-run-state]').filter({ hasText: 'Publish:' });
  await expect(publish).toHaveAttribute('data-run-state', 'live', { timeout: 540_000 });
  await expect(page.locator('.adm-edit__meta .adm-badge--published')).toBeVisible();
  await page.goto(`/best-of/${list.slug}`);
  await expect(page.getByRole('main').getByText(intro)).toBeVisible();
  await expect(page.getByRole('main').getByText(why)).toBeVisible();
  expect(await (await page.request.get('/sitemap.xml')).text()).toContain(`/best-of/${list.slug}<`);

  // Unpublish: the page answers 404 and leaves the sitemap.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: list.title })).toBeVisible();
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Unpublish' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Unpublished. The site is being updated.' })).toBeVisible();
  await expect(page.locator('[data-run-state]').filter({ hasText: 'Publish:' })).toHaveAttribute('data-run-state', 'live', { timeout: 540_000 });
  await expect(page.locator('.adm-edit__meta .adm-badge--unpublished')).toBeVisible();
  await expect.poll(async () => (await page.request.get(`/best-of/${list.slug}`)).status()).toBe(404);
  expect(await (await page.request.get('/sitemap.xml')).text()).not.toContain(`/best-of/${list.slug}<`);
  expect((await page.request.get(`/api/v1/best_of_lists/${list.slug}`, { headers: auth })).status()).toBe(404);
});
