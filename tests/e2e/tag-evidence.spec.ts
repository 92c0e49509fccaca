// Evidence behind sustainability tags (issue 25, item 2; ADR 0045): the operator sends a
// certification for one of its listing's sustainability tags from /partner, an admin verifies it
// from /admin, and once the publish is live the public experience page shows the tag "Verified"
// with the date; the test clock then passes the certificate's expiry, the queue's expiry job runs,
// and after the republish the page no longer shows it verified.
import type { Page } from '@playwright/test';
import { camelizeKeys } from '../../src/lib/key-case.ts';
import { formatDate } from '../../src/lib/format-date.ts';
import { loginAs } from './accounts.ts';
import { API_KEY, expect, expectNoSeriousA11yViolations, test } from './fixtures.ts';

const OPERATOR = 'ubin-paddle-co';
const auth = { authorization: `Bearer ${API_KEY}` };
const shots = process.env['SCREENSHOTS'] ? 'test-results/evidence-screens' : null;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function shootBoth(page: Page, name: string) {
  if (!shots) return;
  const size = page.viewportSize()!;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(size);
}

type Detail = { slugCode: string; name: string; tags: { sustainability: { slug: string; name: string }[] }; tagEvidence: { tagSlug: string }[] };

test.describe('evidence behind sustainability tags', () => {
  test('an admin verifies a certification: the public page shows "Verified"; past its expiry on the test clock it no longer does', async ({ page, api, browser }) => {
    // Two publishes (a filtered build each, a minute or more on a loaded machine).
    test.setTimeout(900_000);
    // The operator's experience with a sustainability tag that no other journey gives evidence to:
    // the last one of the operator's list that has such a tag.
    const { options } = camelizeKeys<{ options: { slugCode: string }[] }>(await api(`/options?per=100&supplier=${OPERATOR}`));
    let x: Detail | undefined;
    for (const o of [...options].reverse()) {
      const d = camelizeKeys<Detail>(await api(`/options/${o.slugCode}`));
      if (d.tags.sustainability.length > 0 && d.tagEvidence.length === 0) {
        x = d;
        break;
      }
    }
    if (!x) throw new Error(`${OPERATOR} has no experience with a sustainability tag in the demo catalogue`);
    const tag = x.tags.sustainability[0]!;
    const lastValid = day(2);

    // The operator sends the certificate from its listing.
    await loginAs(page, 'partner@verdant.test');
    await page.goto('/partner');
    await page.getByRole('button', { name: 'Accept all cookies' }).click();
    await page.getByRole('navigation', { name: 'Back-office' }).getByRole('link', { name: 'Listings' }).click({ timeout: 60_000 });
    await page.getByRole('link', { name: x.name, exact: true }).click({ timeout: 60_000 });
    // A loaded machine: the back-office's island may take a while to start.
    await expect(page.getByRole('heading', { level: 1, name: x.name })).toBeVisible({ timeout: 60_000 });
    const form = page.getByRole('form', { name: tag.name });
    await expect(form).toContainText('Not sent', { timeout: 30_000 });
    await form.getByLabel('Certified by').fill('Green Fins');
    await form.getByLabel('Certificate number').fill('GF-SG-0417');
    await form.getByLabel('Valid until').fill(lastValid);
    await form.getByLabel('Certificate or photo').setInputFiles({ name: 'green-fins-certificate.pdf', mimeType: 'application/pdf', buffer: PDF });
    await form.getByLabel('In your words').fill('Our guides brief every group on the Green Fins code before we launch.');
    await form.getByRole('button', { name: 'Send for review' }).click();
    await expect(form.getByRole('status')).toContainText('Sent.', { timeout: 30_000 });
    await expect(form).toContainText('Waiting for Verdant’s review');
    await expectNoSeriousA11yViolations(page);
    await form.scrollIntoViewIfNeeded();
    await shootBoth(page, 'partner-evidence');

    // An admin verifies it from the queue; the publish goes live.
    const context = await browser.newContext();
    const admin = await context.newPage();
    await loginAs(admin, 'admin@verdant.test');
    await admin.goto('/admin');
    await admin.getByRole('button', { name: 'Accept all cookies' }).click();
    await admin.getByRole('navigation', { name: 'Back-office' }).getByRole('link', { name: 'Tag evidence' }).click({ timeout: 60_000 });
    await expect(admin).toHaveURL(/\/admin\/tag-evidence$/);
    const card = admin.getByRole('article', { name: `${tag.name} · ${x.name}` });
    await expect(card).toContainText('Green Fins', { timeout: 60_000 });
    await expect(card).toContainText('GF-SG-0417');
    await expect(card.getByRole('link', { name: 'green-fins-certificate.pdf' })).toBeVisible();
    await expectNoSeriousA11yViolations(admin);
    await shootBoth(admin, 'admin-evidence');
    await card.getByRole('button', { name: 'Verify and publish' }).click();
    await expect(card).toContainText('Verified by Ada Admin');
    await expect(card.locator('[data-run-state]')).toHaveAttribute('data-run-state', 'live', { timeout: 600_000 });

    // The public page: the tag carries "Verified" and the evidence its date, issuer, number, expiry, statement and document.
    await page.goto(`/experiences/${x.slugCode}`);
    const evidence = page.locator(`[data-evidence="${tag.slug}"]`);
    await expect(evidence.locator('[data-evidence-verified]')).toHaveText(`Verified on ${formatDate(day(0))}`);
    await expect(evidence).toContainText('Green Fins');
    await expect(evidence).toContainText('GF-SG-0417');
    await expect(evidence).toContainText(`Valid until ${formatDate(lastValid)}`);
    await expect(evidence).toContainText('Our guides brief every group on the Green Fins code');
    await expect(evidence.getByRole('link', { name: 'Download the certificate (PDF)' })).toBeVisible();
    await expect(page.locator(`[data-tag-chip="${tag.slug}"]`)).toContainText('Verified');
    const doc = await page.request.get((await evidence.getByRole('link', { name: 'Download the certificate (PDF)' }).getAttribute('href'))!);
    expect(doc.status()).toBe(200);
    expect(doc.headers()['content-type']).toBe('application/pdf');
    await expectNoSeriousA11yViolations(page, '#evidence');
    await evidence.scrollIntoViewIfNeeded();
    await shootBoth(page, 'experience-verified');

    // The test clock passes the expiry: the queue's expiry job runs, and the republished page no longer says verified.
    const clock = await admin.request.post('/api/v1/admin/tag_evidence/test-clock', { headers: auth, data: { at: `${day(3)}T00:01:00.000Z` } });
    expect(await clock.json()).toEqual({ due: 1 });
    await context.close();
    await expect
      .poll(
        async () => {
          await page.goto(`/experiences/${x.slugCode}`);
          return page.locator(`[data-evidence="${tag.slug}"] [data-evidence-verified]`).count();
        },
        { timeout: 600_000, intervals: [5_000] },
      )
      .toBe(0);
    await expect(evidence).toContainText(`Certificate expired on ${formatDate(lastValid)}`);
    await expect(page.locator(`[data-tag-chip="${tag.slug}"]`)).not.toContainText('Verified');
    await shootBoth(page, 'experience-expired');
  });
});
