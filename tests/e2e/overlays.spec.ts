// App-wide overlays: cookie banner and preference centre, third-party scripts after consent,
// campaign tracking, the newsletter pop-up, the rate-limit modal and the notice bar.
import type { Page, Request } from '@playwright/test';
import { API_KEY, expect, expectOnlyPrefetched, test } from './fixtures.ts';

const ALL_ON = { necessaryCookie: true, performanceCookie: true, functionalCookie: true, targetingCookie: true };
const TOO_QUICK = 'You are browsing the site too quick. Please try again after a few minutes';

const banner = (page: Page) => page.getByRole('region', { name: 'Cookies, with your permission' });
const preferences = (page: Page) => page.getByRole('dialog', { name: 'Your cookie preferences' });
const popup = (page: Page) => page.getByRole('dialog', { name: /Wild places|Yay, you're in!/ });
const storedConsent = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('consentMode') ?? 'null') as unknown);
/** The overlays' script has run (the banner is rendered hidden and shown by it). */
const booted = (page: Page) => expect(page.locator('[data-overlays][data-ready]')).toHaveCount(1);

function consentCounts(page: Page) {
  const bodies: unknown[] = [];
  page.on('request', (r: Request) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/cookie_consents/count') bodies.push(r.postDataJSON());
  });
  return bodies;
}

/**
 * Opens the page on a paused fake clock: no time passes while it loads, so the pop-up's timer
 * starts at a known instant and `runFor` measures from there, however busy the machine is.
 */
async function openWithPausedClock(page: Page, path = '/') {
  const start = new Date('2026-03-01T08:00:00Z').getTime();
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 1000);
  await page.goto(path);
  await booted(page);
}

/** Marks the consent as given before any page script runs (for tests about something else). */
const withConsent = (page: Page) => page.addInitScript((v) => localStorage.setItem('consentMode', v), JSON.stringify(ALL_ON));

test.describe('cookie consent', () => {
  test('Accept all cookies saves all four types, is counted, and the banner stays away after a reload @mobile', async ({ page }) => {
    const counts = consentCounts(page);
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
    await banner(page).getByRole('button', { name: 'Accept all cookies' }).click();
    await expect(banner(page)).toBeHidden();
    expect(await storedConsent(page)).toEqual(ALL_ON);
    await expect.poll(() => counts).toEqual([{ choice: 'accept_all', necessary_cookie: true, performance_cookie: true, functional_cookie: true, targeting_cookie: true }]);

    await page.reload();
    await booted(page);
    await expect(banner(page)).toBeHidden();
    await page.goto('/magazine');
    await booted(page);
    await expect(banner(page)).toBeHidden();
  });

  test('Manage my preferences: necessary always on, backdrop and Escape do not close, focus stays inside, the choice persists', async ({ page }) => {
    const counts = consentCounts(page);
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Manage my preferences' }).click();
    const dialog = preferences(page);
    await expect(dialog).toBeVisible();

    const necessary = dialog.getByRole('switch', { name: /Strictly necessary cookies/ });
    await expect(necessary).toBeChecked();
    await expect(necessary).toBeDisabled();
    await expect(dialog.getByText('Always active')).toBeVisible();
    for (const name of ['Performance cookies', 'Functional cookies', 'Targeting cookies']) {
      await expect(dialog.getByRole('switch', { name })).toBeChecked(); // spec §9: all on by default
    }

    await page.mouse.click(4, 4); // the backdrop
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();

    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('[data-consent-preferences]'))).toBe(true);
    }
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('[data-consent-preferences]'))).toBe(true);
    }

    await dialog.getByRole('switch', { name: 'Performance cookies' }).uncheck();
    await dialog.getByRole('switch', { name: 'Targeting cookies' }).uncheck();
    await dialog.getByRole('button', { name: 'Save my preferences' }).click();
    await expect(dialog).toBeHidden();
    await expect(banner(page)).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Your cookie preferences are saved.' })).toBeVisible();
    const chosen = { necessaryCookie: true, performanceCookie: false, functionalCookie: true, targetingCookie: false };
    expect(await storedConsent(page)).toEqual(chosen);
    await expect.poll(() => counts).toEqual([{ choice: 'custom', necessary_cookie: true, performance_cookie: false, functional_cookie: true, targeting_cookie: false }]);

    await page.reload();
    await booted(page);
    await expect(banner(page)).toBeHidden();
    // The footer's 'Cookie settings' reopens the centre with the saved choice.
    await page.getByRole('button', { name: 'Cookie settings' }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('switch', { name: 'Performance cookies' })).not.toBeChecked();
    await expect(dialog.getByRole('switch', { name: 'Functional cookies' })).toBeChecked();
    await expect(dialog.getByRole('switch', { name: 'Targeting cookies' })).not.toBeChecked();
    await dialog.getByRole('switch', { name: 'Targeting cookies' }).check();
    await dialog.getByRole('button', { name: 'Save my preferences' }).click();
    expect(await storedConsent(page)).toEqual({ ...chosen, targetingCookie: true });
  });

  test("the dialogs are not in each page's HTML: they come with the menus' file, and a failed fetch says so", async ({ page, request }) => {
    // docs/decisions/0051: the preference centre, rate-limit and log-in dialogs.
    const html = await (await request.get('/about')).text();
    expect(html).not.toContain('data-consent-preferences');
    expect(html).not.toContain('data-rate-limit-modal');
    expect(html).not.toContain('data-login-modal');

    let refuse = true;
    await page.route('**/menu/**', (route) => (refuse ? route.abort() : route.continue()));
    await page.goto('/about');
    await booted(page);
    await banner(page).getByRole('button', { name: 'Manage my preferences' }).click();
    await expect(page.locator('[data-notice="alert"]')).toHaveText('ERROR: Your cookie preferences could not be opened. Check your connection, then try again.');
    await expect(preferences(page)).toHaveCount(0);

    refuse = false;
    await banner(page).getByRole('button', { name: 'Manage my preferences' }).click();
    await expect(preferences(page)).toBeVisible();
  });

  test('is accessible with the banner open and with the preference centre open @mobile', async ({ page, axe }) => {
    test.slow(); // two full axe scans of the home page
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
    await axe();
    await banner(page).getByRole('button', { name: 'Manage my preferences' }).click();
    await expect(preferences(page)).toBeVisible();
    await page.waitForTimeout(350); // the 300 ms entry transition (axe reads colours mid-fade)
    await axe('[data-consent-preferences]');
  });
});

test.describe('third-party scripts', () => {
  test('with every consent given and no analytics or pixel id (the default build), nothing of partytown loads', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Accept all cookies' }).click();
    await page.reload();
    await booted(page);
    await page.waitForLoadState('networkidle');
    expect(requested.filter((u) => /~partytown|googletagmanager|facebook/.test(u))).toEqual([]);
    await expect(page.locator('script[type^="text/partytown"], script[data-partytown]')).toHaveCount(0);
    expect(await page.evaluate(() => 'partytown' in window)).toBe(false);
  });

  test('with ids configured, each tracker is added only after its own consent, through partytown', async ({ page }) => {
    // Stand-in for a build with PUBLIC_ANALYTICS_ID and PUBLIC_PIXEL_ID: the ids are attributes the build writes.
    await page.route(
      (url) => url.pathname === '/',
      async (route) => {
        const res = await route.fetch();
        const html = (await res.text()).replace('<div data-overlays', '<div data-overlays data-analytics-id="G-TEST123" data-pixel-id="1234567890"');
        // And the CSP such a build is served with: partytown's same-origin sandbox frame allowed.
        const hosts = 'https://www.googletagmanager.com https://connect.facebook.net';
        const csp = (res.headers()['content-security-policy'] ?? '')
          .replace('frame-src ', "frame-src 'self' ")
          .replace(/(script-src [^;]*)/, `$1 ${hosts}`)
          .replace(/(connect-src [^;]*)/, `$1 ${hosts}`);
        await route.fulfill({ response: res, body: html, headers: { ...res.headers(), 'content-security-policy': csp } });
      },
    );
    await page.route(/googletagmanager\.com|facebook\.net/, (route) => route.abort());
    const partytownLoads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/~partytown/')) partytownLoads.push(new URL(r.url()).pathname);
    });

    await page.goto('/');
    await booted(page);
    await expect(page.locator('script[data-tracker]')).toHaveCount(0);
    expect(partytownLoads).toEqual([]);

    await banner(page).getByRole('button', { name: 'Manage my preferences' }).click();
    await preferences(page).getByRole('switch', { name: 'Targeting cookies' }).uncheck();
    await preferences(page).getByRole('button', { name: 'Save my preferences' }).click();
    await expect(page.locator('script[type^="text/partytown"][data-tracker="analytics"]')).toHaveCount(2);
    await expect(page.locator('script[data-tracker="pixel"]')).toHaveCount(0);
    await expect.poll(() => partytownLoads).toContain('/~partytown/partytown.js');

    await page.getByRole('button', { name: 'Cookie settings' }).click();
    await preferences(page).getByRole('switch', { name: 'Targeting cookies' }).check();
    await preferences(page).getByRole('button', { name: 'Save my preferences' }).click();
    await expect(page.locator('script[data-tracker="pixel"]')).toHaveCount(1);
    expect(partytownLoads.filter((p) => p === '/~partytown/partytown.js')).toHaveLength(1);
  });
});

test('keeps the campaign of the landing URL in sessionStorage ss_utm', async ({ page }) => {
  await withConsent(page);
  await page.goto('/?utm_campaign=monsoon-escapes&utm_source=instagram&utm_medium=social');
  await booted(page);
  expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('ss_utm') ?? 'null') as unknown)).toEqual({
    name: 'monsoon-escapes',
    source: 'instagram',
    medium: 'social',
  });
  await page.goto('/magazine');
  await booted(page);
  const kept = await page.evaluate(() => JSON.parse(sessionStorage.getItem('ss_utm') ?? 'null') as { name: string });
  expect(kept.name).toBe('monsoon-escapes');
});

test.describe('newsletter pop-up', () => {
  test.use({ newsletterPopup: true });
  test('appears once, 30 s after load, its React loading only then, and not again after a reload', async ({ page }) => {
    await withConsent(page);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await openWithPausedClock(page);
    await page.clock.runFor(29_900);
    await expect(popup(page)).toBeHidden();
    // Islands' code may be prefetched at idle as modulepreload hints (docs/decisions/0027); none runs.
    await expectOnlyPrefetched(page, scripts, /mount-popup|react/i);
    await expect(page.locator('astro-island:not([ssr])')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('hidden_subscription_poup'))).toBeNull();

    await page.clock.runFor(100);
    await expect(popup(page)).toBeVisible();
    await expect(popup(page).getByRole('heading', { name: 'Wild places, straight to your inbox' })).toBeVisible();
    expect(scripts.some((s) => s.includes('mount-popup'))).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('hidden_subscription_poup'))).toBe('true');

    await popup(page).getByRole('button', { name: 'Close' }).click();
    await expect(popup(page)).toBeHidden();
    await page.reload();
    await booted(page);
    await page.clock.fastForward('01:00');
    await expect(popup(page)).toBeHidden();
  });

  test('is not offered to a logged-in visitor', async ({ page }) => {
    await withConsent(page);
    await page.addInitScript(() => localStorage.setItem('access_token', 'signed-in'));
    await page.clock.install();
    await page.goto('/');
    await booted(page);
    await page.clock.fastForward('01:00');
    await expect(popup(page)).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('hidden_subscription_poup'))).toBeNull();
  });

  test("thanks a new subscriber with 'Yay, you're in!' and the welcome gift of their country @mobile", async ({ page }) => {
    await page.setExtraHTTPHeaders({ 'cf-ipcountry': 'MY' });
    await withConsent(page);
    await page.clock.install();
    await page.goto('/');
    await booted(page);
    await page.clock.fastForward('00:30');
    const dialog = popup(page);
    await expect(dialog).toBeVisible();

    await dialog.getByRole('button', { name: 'Subscribe' }).click();
    await expect(dialog.getByText('Please enter email')).toBeVisible();
    await dialog.getByLabel('Email address').fill('wren@example');
    await dialog.getByRole('button', { name: 'Subscribe' }).click();
    await expect(dialog.getByText('Email is invalid')).toBeVisible();

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/subscribes', async (route) => {
      await held;
      await route.continue();
    });
    await dialog.getByLabel('Email address').fill(`popup.${Date.now()}@example.com`);
    await dialog.getByRole('button', { name: 'Subscribe' }).click();
    await expect(dialog.getByRole('button', { name: /Subscribing/ })).toBeDisabled();
    release();

    await expect(dialog.getByRole('heading', { name: "Yay, you're in!" })).toBeVisible();
    await expect(dialog).toContainText('30 MYR off');
    await expect(dialog.locator('img[src="/newsletter-welcome.webp"]')).toBeVisible();
    expect(await dialog.locator('img[src="/newsletter-welcome.webp"]').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });

  test("tells a known address 'You're already a subscriber'", async ({ page, request }) => {
    const email = `known.${Date.now()}@example.com`;
    const res = await request.post('/api/v1/subscribes', { data: { email }, headers: { authorization: `Bearer ${API_KEY}` } });
    expect(await res.json()).toEqual({ status: 'subscribed' });

    await withConsent(page);
    await page.clock.install();
    await page.goto('/');
    await booted(page);
    await page.clock.fastForward('00:30');
    await popup(page).getByLabel('Email address').fill(email.toUpperCase());
    await popup(page).getByRole('button', { name: 'Subscribe' }).click();
    await expect(popup(page).getByText("You're already a subscriber")).toBeVisible();
    await expect(popup(page).getByRole('heading', { name: "Yay, you're in!" })).toHaveCount(0);
  });

  test('axe finds nothing serious in the open pop-up', async ({ page, axe }) => {
    await withConsent(page);
    await page.clock.install();
    await page.goto('/');
    await booted(page);
    await page.clock.fastForward('00:30');
    await expect(popup(page)).toBeVisible();
    await page.clock.runFor(400);
    await axe();
  });
});

test.describe('rate limit and notices', () => {
  test("any 429 opens 'Let's take a break' @mobile", async ({ page }) => {
    await withConsent(page);
    await page.route('**/api/v1/subscribes', (route) =>
      route.fulfill({ status: 429, headers: { 'retry-after': '60' }, contentType: 'application/json', body: JSON.stringify({ error: TOO_QUICK }) }),
    );
    await page.goto('/');
    await booted(page);
    const form = page.locator('form[data-subscribe-form]');
    await form.getByLabel('Email address').fill('quick@example.com');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    const modal = page.getByRole('dialog', { name: "Let's take a break" });
    await expect(modal).toBeVisible();
    await expect(modal).toContainText(TOO_QUICK);
    await modal.getByRole('button', { name: /OK/ }).click();
    await expect(modal).toBeHidden();
  });

  test('the notice bar shows alerts in red with ERROR:, notices in green, each clearing after its ttl', async ({ page }) => {
    await withConsent(page);
    await openWithPausedClock(page);
    const alert = page.locator('[data-notice="alert"]');
    const notice = page.locator('[data-notice="notice"]');

    await page.evaluate(() => window.dispatchEvent(new CustomEvent('verdant:notice', { detail: { kind: 'alert', text: 'Payment failed' } })));
    await expect(alert).toHaveText('ERROR: Payment failed');
    await expect(alert).toHaveCSS('background-color', 'rgb(179, 38, 30)');
    await page.clock.runFor(4900);
    await expect(alert).toHaveText('ERROR: Payment failed');
    await page.clock.runFor(150);
    await expect(alert).toHaveText('');

    await page.evaluate(() => window.dispatchEvent(new CustomEvent('verdant:notice', { detail: { text: 'Added to your bucket list', ttl: 1000 } })));
    await expect(notice).toHaveText('Added to your bucket list');
    await expect(notice).toHaveCSS('background-color', 'rgb(63, 104, 71)');
    await page.clock.runFor(1050);
    await expect(notice).toHaveText('');
  });
});

test('a first visit loads no React before interaction', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/');
  await booted(page);
  await expect(banner(page)).toBeVisible();
  // Island code may be fetched at idle as modulepreload hints (docs/decisions/0027): none of it runs.
  await expectOnlyPrefetched(page, scripts, /react|mount-popup/i);
  await expect(page.locator('astro-island:not([ssr])')).toHaveCount(0);
});
