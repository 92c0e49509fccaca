// The contact and corporate inquiry forms (src/islands/forms) on their information pages,
// and the API behind them.
import type { Page } from '@playwright/test';
import { API_KEY, expect, test } from './fixtures.ts';

const withConsent = (page: Page) =>
  page.addInitScript(() =>
    localStorage.setItem('consentMode', JSON.stringify({ necessaryCookie: true, performanceCookie: true, functionalCookie: true, targetingCookie: true })),
  );

test.beforeEach(async ({ page }) => {
  await withConsent(page);
});

test('the contact form names each missing field, then sends and shows a reference @mobile', async ({ page, axe }) => {
  await page.goto('/contact');
  const form = page.locator('form.api-form');
  await form.getByLabel('Your name').click(); // first interaction hydrates the island
  await expect(page.locator('astro-island:has(form.api-form)')).not.toHaveAttribute('ssr');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('Please enter your name')).toBeVisible();
  await expect(form.getByText('Please enter email')).toBeVisible();
  await expect(form.getByText('Please choose a topic')).toBeVisible();
  await expect(form.getByRole('alert')).toHaveText('Please check the fields marked above.');
  await expect(form.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true');
  await axe('form.api-form');

  await form.getByLabel('Your name').fill('Mei Lin Tan');
  await form.getByLabel('Email').fill('meilin@example.com');
  await form.getByLabel('What is it about?').selectOption('booking');
  await form.getByLabel(/Booking reference/).fill('VD-4471');
  await form.getByLabel('Your message').fill('Can we bring our own snorkelling masks on the reef trip?');
  await form.getByRole('button', { name: 'Send message' }).click();
  const done = page.getByRole('status').filter({ hasText: 'Thank you, we have your message' });
  await expect(done).toBeVisible();
  await expect(done).toContainText(/Your reference is C-\d{6}/);
  await expect(done).toContainText('meilin@example.com');
});

test('the corporate inquiry form sends destinations and a budget, and shows a CI reference', async ({ page }) => {
  await page.goto('/corporate-experiences');
  const form = page.locator('form.api-form');
  await form.getByLabel('Your name').fill('Arjun Mehta');
  await form.getByLabel('Work email').fill('arjun@northwind.example');
  await form.getByLabel('Company').fill('Northwind Traders');
  await form.getByLabel('Group size').fill('0');
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/v1/corporate-inquiries'));
  await form.getByRole('button', { name: 'Send inquiry' }).click();
  await sent;
  await expect(form.getByText('At least 1 person')).toBeVisible();

  await form.getByLabel('Group size').fill('24');
  const chips = form.locator('.api-form__chip');
  await chips.nth(0).click();
  await chips.nth(1).click();
  await form.getByLabel('Budget per person').fill('450');
  const request = page.waitForRequest((r) => r.url().endsWith('/api/v1/corporate-inquiries'));
  await form.getByRole('button', { name: 'Send inquiry' }).click();
  const body = (await request).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ name: 'Arjun Mehta', company: 'Northwind Traders', group_size: 24, budget_per_person: 450, budget_currency: 'SGD' });
  expect(body['destinations']).toHaveLength(2);
  const done = page.getByRole('status').filter({ hasText: 'your inquiry is with our corporate team' });
  await expect(done).toContainText(/Your reference is CI-\d{6}/);
});

test('the contact and corporate APIs answer only a reference', async ({ request }) => {
  const headers = { authorization: `Bearer ${API_KEY}` };
  const contact = await request.post('/api/v1/contact', {
    headers,
    data: { name: 'Sam', email: 'sam@example.com', topic: 'feedback', message: 'Lovely site, thank you!' },
  });
  expect(contact.status()).toBe(201);
  const c = (await contact.json()) as Record<string, unknown>;
  expect(Object.keys(c).sort()).toEqual(['received', 'reference']);
  expect(c['reference']).toMatch(/^C-\d{6}$/);

  const corporate = await request.post('/api/v1/corporate-inquiries', { headers, data: { name: 'Sam', email: 'sam@example.com', company: 'Acme', group_size: 10 } });
  expect(corporate.status()).toBe(201);
  expect(((await corporate.json()) as Record<string, unknown>)['reference']).toMatch(/^CI-\d{6}$/);

  const invalid = await request.post('/api/v1/contact', { headers, data: { name: 'Sam', email: 'sam@', topic: 'feedback', message: 'Lovely site, thank you!' } });
  expect(invalid.status()).toBe(422);
  expect(((await invalid.json()) as { fields: Record<string, string> }).fields).toEqual({ email: 'Email is invalid' });
});
