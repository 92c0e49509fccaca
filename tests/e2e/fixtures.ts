// Shared Playwright fixtures: an axe check and an API helper that calls like the storefront.
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export const API_KEY = process.env['PUBLIC_API_KEY'] ?? 'verdant-dev-public-key';

/** The axe check of any page (the `axe` fixture checks the test's own `page`). */
export async function expectNoSeriousA11yViolations(page: Page, include?: string) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id} (${v.impact}): ${v.help} → ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`),
  ).toEqual([]);
}

export const test = base.extend<{
  axe: (include?: string) => Promise<void>;
  api: <T = Record<string, unknown>>(path: string) => Promise<T>;
  /**
   * Whether the newsletter pop-up may open (30 s after load, for guests). Off by default: on a
   * loaded machine a long journey outlasts those 30 s and the modal covers what the test clicks.
   * The pop-up's own tests turn it on with `test.use({ newsletterPopup: true })`.
   */
  newsletterPopup: boolean;
}>({
  newsletterPopup: [false, { option: true }],
  context: async ({ context, newsletterPopup }, use) => {
    if (!newsletterPopup) await context.addInitScript(() => localStorage.setItem('hidden_subscription_poup', 'true'));
    // Every journey is also a check of the pages' CSP (no 'unsafe-inline' for scripts, issue 20):
    // a script the policy refuses is a failure of the test that met it.
    const refused: string[] = [];
    context.on('console', (msg) => {
      if (msg.type() === 'error' && /Content Security Policy/.test(msg.text())) refused.push(`${msg.location().url}: ${msg.text().slice(0, 300)}`);
    });
    await use(context);
    expect(refused, 'scripts or resources refused by the Content-Security-Policy').toEqual([]);
  },
  axe: async ({ page }, use) => {
    await use((include) => expectNoSeriousA11yViolations(page, include));
  },
  api: async ({ request }, use) => {
    await use(async <T,>(path: string) => {
      const res = await request.get(`/api/v1${path}`, { headers: { authorization: `Bearer ${API_KEY}` } });
      expect(res.status(), `GET ${path}`).toBe(200);
      return (await res.json()) as T;
    });
  },
});

export { expect };

/**
 * Asserts that, of the scripts requested so far (URLs or paths), none matching `pattern` is
 * anything but island code prefetched at idle as a modulepreload hint (fetched, never run:
 * docs/decisions/0027). Chromium fetches a hinted module's imports itself, before the directive
 * has read the module and hinted them too, so the hints are read once the network is idle, and
 * read again until they cover what was fetched.
 */
export async function expectOnlyPrefetched(page: Page, scripts: readonly string[], pattern: RegExp) {
  await page.waitForLoadState('networkidle');
  const path = (s: string) => new URL(s, 'http://x').pathname;
  await expect
    .poll(async () => {
      const hints = await page.locator('link[rel="modulepreload"]').evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
      return scripts.filter((s) => pattern.test(s) && !hints.includes(path(s)));
    })
    .toEqual([]);
}

/**
 * Every icon on the page finds its shape, drawn once (src/components/Icon.astro: a <use> of a
 * <symbol> the page holds once), also after cards were replaced or cloned by the page's code.
 */
export async function expectIconsDrawn(page: Page, within = 'body') {
  const { uses, missing, doubled } = await page.evaluate((sel) => {
    const all = [...document.querySelectorAll(`${sel} use`)];
    const ids = [...document.querySelectorAll('symbol')].map((s) => s.id);
    return {
      uses: all.length,
      missing: all.map((u) => u.getAttribute('href') ?? '').filter((h) => !document.querySelector(h)),
      doubled: ids.filter((id, i) => ids.indexOf(id) !== i),
    };
  }, within);
  expect(uses, `icons in ${within}`).toBeGreaterThan(0);
  expect(missing, 'icons whose shape is not in the page').toEqual([]);
  expect(doubled, 'icon shapes written twice').toEqual([]);
}
