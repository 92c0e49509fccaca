// The editors' back-office (issue 14): an admin finds an experience, edits its name and price,
// publishes, and the public pages show the new values once the run is live; revision restore
// and a slug change's permanent redirect; a scheduled publish on the test clock; a traveller and
// a partner get a clear refusal at /admin (and 403 from its API).
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { camelizeKeys } from '../../src/lib/key-case.ts';
import { loginAs } from './accounts.ts';
import { API_KEY, expect, test } from './fixtures.ts';

const auth = { authorization: `Bearer ${API_KEY}` };
type Pick = { id: number; slugCode: string; name: string; city: { name: string; slug: string } };

/** The n-th per-person SGD experience of the demo catalogue (each test edits its own). */
async function experience(page: Page, n: number): Promise<Pick> {
  const res = await page.request.get('/api/v1/options?per=60', { headers: auth });
  const { options } = camelizeKeys<{ options: (Pick & { priceUnit: string; kind: string; fromPrice: { currency: string } | null })[] }>(await res.json());
  const fit = options.filter((o) => o.priceUnit === 'per_person' && o.kind !== 'stay' && o.fromPrice?.currency === 'SGD');
  return fit[n]!;
}

async function openEditor(page: Page, x: Pick) {
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Back-office' }).getByRole('link', { name: 'Experiences' }).click();
  await expect(page).toHaveURL(/\/admin\/experiences$/);
  await page.getByRole('searchbox', { name: 'Search experiences' }).fill(x.slugCode);
  const row = page.getByRole('link', { name: new RegExp(x.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
  await expect(row).toHaveCount(1);
  await row.click();
  await expect(page.getByRole('heading', { level: 1, name: x.name })).toBeVisible();
}

const basics = (page: Page) => page.getByRole('group', { name: 'Basics' });
/** The version the edit screen shows ("Version 3 · saved by …"). */
async function version(page: Page): Promise<number> {
  const text = await page.locator('.adm-edit__meta').innerText();
  return Number(/Version (\d+)/.exec(text)?.[1]);
}
const runState = (page: Page) => page.locator('[data-run-state]').first();

test.describe('back-office', () => {
  test('a traveller and a partner are refused at /admin, and by its API @mobile', async ({ page, axe }) => {
    test.setTimeout(60_000);
    await loginAs(page, 'traveller@verdant.test');
    await page.goto('/admin/experiences');
    await expect(page.getByRole('heading', { name: 'You don’t have access to the back-office' })).toBeVisible();
    await expect(page.getByText('traveller@verdant.test, which is not a Verdant editor account')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Back-office' })).toHaveCount(0);
    await axe();
    const api = await page.request.get('/api/v1/admin/experiences', { headers: auth });
    expect(api.status()).toBe(403);
    expect(await api.json()).toEqual({ error: 'Only Verdant admins can do this' });

    await page.context().clearCookies();
    await loginAs(page, 'partner@verdant.test');
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'You don’t have access to the back-office' })).toBeVisible();
    expect((await page.request.put('/api/v1/admin/site_settings', { headers: auth, data: { show_best_of_list_nav: true, gift_guide_navs: [] } })).status()).toBe(403);
  });

  // The two journeys below wait for a publish to go live: a filtered astro build, run at a lower
  // priority than the server (build-site.ts), about a minute on a quiet machine.
  test('an admin edits the name and price, publishes, and the public pages show them', async ({ page, axe }) => {
    test.setTimeout(600_000);
    const x = await experience(page, 0);
    await loginAs(page, 'admin@verdant.test');
    // The account menu leads to the back-office.
    await page.goto('/');
    await page.getByRole('button', { name: /Your account/ }).click();
    await expect(page.getByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute('href', '/admin');
    await page.keyboard.press('Escape');

    await openEditor(page, x);
    await axe();
    const newName = `${x.name} at first light`;
    await basics(page).getByLabel('Name', { exact: true }).fill(newName);
    await page.getByRole('textbox', { name: 'Adult price', exact: true }).fill('123.45');
    // Number fields keep what is typed, key by key: a decimal point, a minus sign; text that is
    // not a number is marked at once.
    await page.getByRole('button', { name: 'Add a place' }).click();
    const lat = page.getByRole('textbox', { name: 'Latitude' }).last();
    await lat.pressSequentially('-1.3521');
    await expect(lat).toHaveValue('-1.3521');
    await lat.fill('1.3.5');
    await expect(page.getByText('Enter a number like 1.3521')).toBeVisible();
    await page.getByRole('button', { name: 'Remove this place' }).last().click();
    const age = page.getByRole('textbox', { name: 'Minimum age' });
    const ageBefore = await age.inputValue();
    await age.fill('12+');
    await expect(page.getByText('Enter a whole number')).toBeVisible();
    await age.fill(ageBefore);
    await expect(page.getByText('Enter a whole number')).toHaveCount(0);
    // A photo uploaded through the storage provider (alt text first), added to the draft. The
    // cookie banner of a fresh browser would cover the upload button at the foot of the form.
    await page.getByRole('button', { name: 'Accept all cookies' }).click();
    const images = page.getByRole('group', { name: 'Images' });
    await images.getByLabel(/^Add a photo/).setInputFiles({ name: 'first-light.jpg', mimeType: 'image/jpeg', buffer: await sharp({ create: { width: 1000, height: 800, channels: 3, background: { r: 200, g: 160, b: 90 } } }).jpeg().toBuffer() });
    await images.getByRole('button', { name: 'Upload photo' }).click();
    await expect(images.getByText('Describe the image for people who cannot see it (alt text)')).toBeVisible();
    await images.getByLabel('Its alt text').fill('Kayaks on the water at first light');
    await images.getByRole('button', { name: 'Upload photo' }).click();
    await expect(images.getByRole('textbox', { name: /^Alt text/ }).last()).toHaveValue('Kayaks on the water at first light');
    await expect(page.getByText('unsaved changes')).toBeVisible();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Draft saved' })).toBeVisible();
    await expect(page.locator('.adm-edit__meta .adm-badge--changed')).toHaveText('Unpublished changes');
    // The draft is not live.
    const before = await page.request.get(`/api/v1/options/${x.slugCode}`, { headers: auth });
    expect(((await before.json()) as { name: string }).name).toBe(x.name);

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    // The new run (not the previous one the screen showed) is followed until it is live.
    await expect(page.getByRole('status').filter({ hasText: 'Published. The pages that show this experience are being rebuilt.' })).toBeVisible();
    await expect(runState(page)).toHaveAttribute('data-run-state', /queued|building/);
    await expect(runState(page)).toHaveAttribute('data-run-state', 'live', { timeout: 540_000 });
    await expect(page.locator('.adm-edit__meta .adm-badge--published')).toBeVisible();

    await page.goto(`/experiences/${x.slugCode}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(newName);
    // Prices are rendered in USD with the original amount beside (ADR 10).
    await expect(page.locator('main [data-price-amount="123.45"]').first()).toBeAttached();
    // Its city page lists it under the new name, and the search suggestions find it.
    await page.goto(`/cities/${x.city.slug}`);
    await expect(page.getByRole('main').getByText(newName, { exact: true }).first()).toBeAttached();
    const live = (await (await page.request.get(`/api/v1/options/${x.slugCode}`, { headers: auth })).json()) as { images: { alt: string }[] };
    expect(live.images.map((i) => i.alt)).toContain('Kayaks on the water at first light');
    const suggest = await page.request.get(`/api/v1/search?q=${encodeURIComponent('first light')}`, { headers: auth });
    expect(JSON.stringify(await suggest.json())).toContain(newName);
  });

  test('an admin edits an operator’s tagline, publishes, and the operator page shows it', async ({ page, api }) => {
    test.setTimeout(600_000);
    // The last operator by name: no other journey edits it.
    const { suppliers } = await api<{ suppliers: { slug: string; name: string }[] }>('/suppliers?per=100');
    const op = [...suppliers].sort((a, b) => a.name.localeCompare(b.name, 'en')).at(-1)!;
    await loginAs(page, 'admin@verdant.test');
    await page.goto('/admin/operators');
    await page.getByRole('button', { name: 'Accept all cookies' }).click();
    await page.getByRole('searchbox', { name: 'Search operators' }).fill(op.slug);
    await page.getByRole('link', { name: new RegExp(op.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).click();
    await expect(page.getByRole('heading', { level: 1, name: op.name })).toBeVisible();
    const tagline = `${op.name}: slow trips with local hands`;
    await basics(page).getByLabel('Tagline').fill(tagline);
    if (process.env['SCREENSHOTS']) {
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `test-results/admin-screens/operator-${width}.png`, fullPage: true });
      }
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Draft saved' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Unpublish' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(runState(page)).toHaveAttribute('data-run-state', 'live', { timeout: 540_000 });
    await page.goto(`/operators/${op.slug}`);
    await expect(page.getByRole('main').getByText(tagline)).toBeVisible();
  });

  test('revision restore brings the old text back, and a slug change redirects permanently', async ({ page }) => {
    test.setTimeout(600_000);
    const x = await experience(page, 1);
    await loginAs(page, 'admin@verdant.test');
    await openEditor(page, x);
    const summary = page.getByLabel('Summary');
    const original = await summary.inputValue();
    await summary.fill('A summary we will regret.');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Draft saved' })).toBeVisible();
    const history = page.locator('.adm-history');
    await expect(history.locator('li').first()).toContainText('Saved');
    await expect(history.locator('li').first()).toContainText('Changed: summary');
    await expect(history.locator('li').first()).toContainText('Ada Admin');
    const regret = await version(page);
    // Save the original back, then walk the history: the regretted version's restore brings that
    // text back, the one after it the original.
    await summary.fill(original);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Draft saved' })).toBeVisible();
    const back = await version(page);
    await history.locator(`li[data-revision="${regret}"]`).first().getByRole('button', { name: 'Restore' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Version ${regret} restored` })).toBeVisible();
    await expect(summary).toHaveValue('A summary we will regret.');
    await expect(history.locator('li').first()).toContainText('Restored');
    await history.locator(`li[data-revision="${back}"]`).first().getByRole('button', { name: 'Restore' }).click();
    await expect(summary).toHaveValue(original);

    // The address changes; the old one redirects once published.
    const newSlug = `${x.slugCode}-new`;
    await basics(page).getByRole('textbox', { name: /^Address verdant\.com/ }).fill(newSlug);
    await expect(page.getByText(`the old address /experiences/${x.slugCode} will redirect here permanently`)).toBeVisible();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Published. The pages that show this experience are being rebuilt.' })).toBeVisible();
    await expect(page.locator('.adm-note', { hasText: 'Also reached from:' })).toContainText(`/experiences/${x.slugCode}`);
    const old = await page.request.get(`/experiences/${x.slugCode}`, { maxRedirects: 0 });
    expect(old.status()).toBe(301);
    expect(old.headers()['location']).toBe(`/experiences/${newSlug}`);
    expect((await page.request.get(`/options/${x.slugCode}`, { maxRedirects: 0 })).status()).toBe(301);
    await expect(runState(page)).toHaveAttribute('data-run-state', 'live', { timeout: 540_000 });
    await page.goto(`/experiences/${x.slugCode}`);
    await expect(page).toHaveURL(new RegExp(`/experiences/${newSlug}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(x.name);
  });

  test('a scheduled publish goes live at its time (test clock)', async ({ page }) => {
    test.setTimeout(120_000);
    const x = await experience(page, 2);
    await loginAs(page, 'admin@verdant.test');
    await openEditor(page, x);
    const newName = `${x.name} (new season)`;
    await basics(page).getByLabel('Name', { exact: true }).fill(newName);
    const at = new Date(Date.now() + 2 * 86400_000);
    const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await page.getByLabel('Publish later').fill(local);
    await page.getByRole('button', { name: 'Schedule' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Scheduled: this draft goes live on' })).toBeVisible();
    await expect(page.locator('.adm-edit__meta .adm-badge--scheduled')).toBeVisible();
    const liveNow = await page.request.get(`/api/v1/options/${x.slugCode}`, { headers: auth });
    expect(((await liveNow.json()) as { name: string }).name).toBe(x.name);

    // Two days pass on the test clock: the queue's worker publishes it.
    const clock = await page.request.post('/api/v1/admin/test-clock', { headers: auth, data: { at: new Date(at.getTime() + 60_000).toISOString() } });
    expect(await clock.json()).toEqual({ due: 1 });
    await expect
      .poll(async () => ((await (await page.request.get(`/api/v1/options/${x.slugCode}`, { headers: auth })).json()) as { name: string }).name, { timeout: 30_000 })
      .toBe(newName);
    await page.reload();
    await expect(page.locator('.adm-edit__meta .adm-badge--published')).toBeVisible();
    await expect(page.locator('.adm-edit__meta .adm-badge--scheduled')).toHaveCount(0);
    await expect(page.locator('.adm-history li').first()).toContainText('Published');
  });
  test('an admin edits a collection’s intro, publishes, and the public collection page shows it', async ({ page, axe }) => {
    test.setTimeout(600_000);
    const res = await page.request.get('/api/v1/collections?per=100', { headers: auth });
    const { collections } = camelizeKeys<{ collections: { slug: string; name: string; optionsCount: number; isGift: boolean }[] }>(await res.json());
    // The last one with experiences: no other journey edits it.
    const c = collections.filter((x) => x.optionsCount > 0 && !x.isGift).at(-1)!;
    await loginAs(page, 'admin@verdant.test');
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Back-office' }).getByRole('link', { name: 'Collections' }).click();
    await expect(page).toHaveURL(/\/admin\/collections$/);
    await page.getByRole('button', { name: 'Accept all cookies' }).click();
    // Screenshots of the screens with SCREENSHOTS=1, as the operator journey takes them.
    const shots = async (name: string) => {
      if (!process.env['SCREENSHOTS']) return;
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
        await page.screenshot({ path: `test-results/admin-screens/${name}-${width}.png`, fullPage: true });
      }
      await page.setViewportSize({ width: 1280, height: 900 });
    };
    await page.getByRole('searchbox', { name: 'Search collections' }).fill(c.name);
    const row = page.getByRole('link', { name: new RegExp(c.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
    await expect(row).toHaveCount(1);
    await shots('collections');
    await row.click();
    await expect(page.getByRole('heading', { level: 1, name: c.name })).toBeVisible();
    await axe();
    // Experiences are chosen by search.
    await page.getByRole('searchbox', { name: 'Add an experience' }).fill('safari');
    await expect(page.getByRole('list', { name: 'Matching experiences' }).getByRole('button').first()).toBeVisible();
    await shots('collection');
    await page.getByRole('searchbox', { name: 'Add an experience' }).fill('');

    const intro = `An intro rewritten by the editors (${Date.now()}).`;
    await basics(page).getByLabel('Intro').fill(intro);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Draft saved' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Published. The pages that show this collection are being rebuilt.' })).toBeVisible();
    await expect(runState(page)).toHaveAttribute('data-run-state', 'live', { timeout: 540_000 });
    await expect(page.locator('.adm-edit__meta .adm-badge--published')).toBeVisible();
    await page.goto(`/collections/${c.slug}`);
    await expect(page.getByRole('main').getByText(intro)).toBeVisible();

    // The itineraries' screens, for the record.
    await page.goto('/admin/itineraries');
    await expect(page.getByRole('heading', { level: 1, name: 'Travel itineraries' })).toBeVisible();
    await expect(page.locator('.adm-rowlink').first()).toBeVisible();
    await shots('itineraries');
    await page.locator('.adm-rowlink').first().click();
    await expect(page.getByRole('group', { name: 'Days' })).toBeVisible();
    await axe();
    await shots('itinerary');
  });
});

// Countries & cities (ADR 0034): the same editing screen as experiences and articles.
test.describe('back-office places', () => {
  test('an admin edits a city’s introduction, publishes, and the public city page shows it', async ({ page, axe }) => {
    test.setTimeout(600_000);
    // A city with few experiences: its publish renders its pages and those of its experiences.
    const res = await page.request.get('/api/v1/cities?per=100', { headers: auth });
    const { cities } = camelizeKeys<{ cities: { id: number; slug: string; name: string; optionsCount: number }[] }>(await res.json());
    const city = cities.filter((c) => c.optionsCount > 0 && c.slug !== 'singapore').at(-1)!;
    await loginAs(page, 'admin@verdant.test');
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Back-office' }).getByRole('link', { name: 'Countries & cities' }).click();
    await expect(page).toHaveURL(/\/admin\/places$/);
    await page.getByRole('combobox', { name: 'Countries or cities' }).selectOption('city');
    await page.getByRole('searchbox', { name: 'Search countries and cities' }).fill(city.name);
    await expect(page).toHaveURL(/kind=city/);
    const row = page.getByRole('link', { name: new RegExp(`^${city.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
    await expect(row).toHaveCount(1);
    await page.getByRole('button', { name: 'Accept all cookies' }).click();
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `test-results/admin-places-list-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await axe();
    await row.click();
    await expect(page).toHaveURL(new RegExp(`/admin/places/cities/${city.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: city.name })).toBeVisible();
    // Places stay on the site: no Unpublish, and the screen says why.
    await expect(page.getByRole('button', { name: 'Unpublish' })).toHaveCount(0);
    await expect(page.getByText('Countries and cities stay on the site')).toBeVisible();
    await expect(page.getByRole('group', { name: 'Hero image' })).toBeVisible();
    await axe();

    const intro = `Morning light on the water in ${city.name}, rewritten in the back-office.`;
    const field = page.getByRole('textbox', { name: 'Introduction' });
    await field.fill(`${intro}\n\n${await field.inputValue()}`);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `test-results/admin-city-editor-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Published. The pages that show this city are being rebuilt.' })).toBeVisible();
    await expect(runState(page)).toHaveAttribute('data-run-state', /queued|building/);
    await expect(runState(page)).toHaveAttribute('data-run-state', 'live', { timeout: 540_000 });
    await expect(page.locator('.adm-edit__meta .adm-badge--published')).toBeVisible();

    await page.goto(`/cities/${city.slug}`);
    await expect(page.getByRole('main').getByText(intro, { exact: true })).toBeVisible();

    // The other screens of the section and of tags, at both widths.
    const shots: [string, () => Promise<void>][] = [
      ['admin-country-editor', async () => {
        await page.goto('/admin/places?kind=country');
        await page.getByRole('link', { name: /Country ·/ }).first().click();
        await expect(page.getByRole('group', { name: 'Quick facts' })).toBeVisible();
      }],
      ['admin-tags-list', async () => {
        await page.goto('/admin/tags');
        await expect(page.getByRole('heading', { level: 1, name: 'Tags' })).toBeVisible();
        await expect(page.locator('.adm-list tbody tr').first()).toBeVisible();
      }],
      ['admin-tag-editor', async () => {
        await page.goto('/admin/tags?kind=theme');
        await page.locator('.adm-list tbody a').first().click();
        await expect(page.getByText('Kind: ')).toBeVisible();
        await expect(page.getByRole('button', { name: 'Preview' })).toHaveCount(0);
      }],
    ];
    for (const [name, open] of shots) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await open();
      await axe();
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `test-results/${name}-${width}.png`, fullPage: true });
      }
    }
  });
});
