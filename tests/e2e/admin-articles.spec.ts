// The magazine in the back-office (issue 14): an admin finds an article, edits its body in the
// rich-text editor, and publishes; hostile markup (a <script>, an <img onerror>) never runs on the
// public page, and the edit is visible there. Screens of the list and the editor at 375 and 1280 px.
import type { Page } from '@playwright/test';
import { camelizeKeys } from '../../src/lib/key-case.ts';
import { loginAs } from './accounts.ts';
import { API_KEY, expect, test } from './fixtures.ts';

const auth = { authorization: `Bearer ${API_KEY}` };
type Blog = { id: number; slug: string; title: string; kind: string };

/** The n-th article of the demo magazine (each test edits its own). */
async function article(page: Page, n: number): Promise<Blog> {
  const res = await page.request.get('/api/v1/blogs?per=30', { headers: auth });
  const { blogs } = camelizeKeys<{ blogs: Blog[] }>(await res.json());
  return blogs.filter((b) => b.kind !== 'video')[n]!;
}

async function openArticle(page: Page, b: Blog) {
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Back-office' }).getByRole('link', { name: 'Magazine' }).click();
  await expect(page).toHaveURL(/\/admin\/magazine$/);
  await page.getByRole('searchbox', { name: 'Search articles' }).fill(b.slug);
  const row = page.getByRole('link', { name: new RegExp(b.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
  await expect(row).toHaveCount(1);
  await row.click();
  await expect(page.getByRole('heading', { level: 1, name: b.title })).toBeVisible();
}

async function version(page: Page): Promise<number> {
  const text = await page.locator('.adm-edit__meta').innerText();
  return Number(/Version (\d+)/.exec(text)?.[1] ?? 0);
}

test.describe('back-office: magazine', () => {
  // The cookie banner answered, so it does not cover the list on a phone.
  test.beforeEach(({ page }) =>
    page.addInitScript(() => localStorage.setItem('consentMode', JSON.stringify({ necessaryCookie: true, performanceCookie: false, functionalCookie: false, targetingCookie: false }))),
  );

  test('the list and the editor, at this width @mobile', async ({ page, axe }, info) => {
    test.setTimeout(300_000);
    const b = await article(page, 1);
    await loginAs(page, 'admin@verdant.test');
    await page.goto('/admin/magazine');
    await expect(page.getByRole('heading', { level: 1, name: 'Magazine' })).toBeVisible();
    await expect(page.locator('.adm-table tbody tr').first()).toBeVisible();
    await page.getByRole('combobox', { name: 'Kind' }).selectOption('list');
    await expect(page).toHaveURL(/kind=list/);
    await expect(page.locator('.adm-table tbody tr').first()).toBeVisible();
    await page.screenshot({ path: `test-results/admin-articles-list-${info.project.name}.png`, fullPage: true });
    await axe();
    await openArticle(page, b);
    await expect(page.locator('.adm-rte__content').first()).toBeVisible();
    await page.screenshot({ path: `test-results/admin-articles-edit-${info.project.name}.png`, fullPage: true });
  });

  // Waits for a publish to go live: a filtered astro build (about a minute on a quiet machine).
  test('an admin edits the body, publishes, and no script from it runs on the public page', async ({ page }) => {
    test.setTimeout(600_000);
    const b = await article(page, 0);
    await loginAs(page, 'admin@verdant.test');
    await openArticle(page, b);

    // Typed in the editor: text, including what looks like markup (it stays text).
    const marker = `Field note ${Date.now()}: the river was high.`;
    const body = page.locator('.adm-rte__content').first();
    await body.click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.type(`${marker} <script>window.__pwned=1</script>`);
    await page.keyboard.press('Enter');
    await expect(page.getByText('unsaved changes')).toBeVisible();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Draft saved' })).toBeVisible();

    // Hostile HTML straight to the API (what a crafted request, not the editor, could send).
    const saved = camelizeKeys<{ version: number; draft: { body: { type: string; html?: string }[] } }>(await (await page.request.get(`/api/v1/admin/articles/${b.id}`, { headers: auth })).json());
    expect(saved.version).toBe(await version(page));
    const first = saved.draft.body[0]!;
    expect(first.type).toBe('rich');
    const hostile = `<p>Bold <strong>claim</strong><script>window.__pwned=1</script></p><img src="x" onerror="window.__pwned=1;alert(1)"><p><a href="javascript:alert(1)" onclick="window.__pwned=1">click</a></p>`;
    const put = await page.request.put(`/api/v1/admin/articles/${b.id}/draft`, {
      headers: auth,
      data: { version: saved.version, draft: { ...(await (await page.request.get(`/api/v1/admin/articles/${b.id}`, { headers: auth })).json()).draft, body: [{ type: 'rich', html: `${first.html}${hostile}` }, ...saved.draft.body.slice(1)] } },
    });
    expect(put.status()).toBe(200);
    const stored = JSON.stringify(await put.json());
    expect(stored).not.toMatch(/<script|onerror|onclick|javascript:|__pwned=1<|<img/);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: b.title })).toBeVisible();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Published. The pages that show this article are being rebuilt.' })).toBeVisible();
    await expect(page.locator('[data-run-state]').first()).toHaveAttribute('data-run-state', 'live', { timeout: 540_000 });

    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(`/magazine/a/${b.slug}`);
    await expect(page.getByRole('main').getByText(marker)).toBeVisible();
    // The typed markup is shown as text; the crafted markup is gone; nothing ran.
    await expect(page.getByRole('main').getByText('<script>window.__pwned=1</script>')).toBeVisible();
    await expect(page.locator('.blocks__rich strong', { hasText: 'claim' })).toBeVisible();
    await expect(page.locator('main img[onerror], main [onclick], main a[href^="javascript:"]')).toHaveCount(0);
    expect(await page.locator('main script').evaluateAll((s) => s.map((x) => x.textContent).filter((t) => t?.includes('__pwned')))).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
  });
});
