import { expect, test } from './fixtures.ts';

test.describe('contact form @mobile', () => {
  test('sends a message and confirms it with a reference', async ({ page, axe }) => {
    await page.goto('/contact');
    const form = page.locator('form.api-form');
    await expect(form).toBeVisible();
    await form.getByLabel('Your name').fill('Mira Tan');
    await form.getByLabel('Email').fill('mira.tan@example.com');
    await form.getByLabel('What is it about?').selectOption('booking');
    await form.getByLabel('Your message').fill('Could we move our Kinabatangan river cruise to the following weekend?');
    await axe('form.api-form');
    await form.getByRole('button', { name: 'Send message' }).click();
    const done = page.getByRole('status').filter({ hasText: 'Thank you, we have your message' });
    await expect(done).toBeVisible();
    await expect(done).toContainText('mira.tan@example.com');
  });

  test('an invalid email is refused with the contract’s message', async ({ page }) => {
    await page.goto('/contact');
    const form = page.locator('form.api-form');
    await form.getByLabel('Your name').fill('Mira Tan');
    await form.getByLabel('Email').fill('mira.tan@example');
    await form.getByLabel('What is it about?').selectOption('feedback');
    await form.getByLabel('Your message').fill('The sitemap is lovely and very complete.');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByText('Email is invalid')).toBeVisible();
    await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Thank you, we have your message')).toHaveCount(0);
  });
});

test('the corporate inquiry form renders on /corporate-experiences and sends an inquiry', async ({ page }) => {
  await page.goto('/corporate-experiences');
  const form = page.locator('form.api-form');
  await expect(form).toBeVisible();
  await form.getByLabel('Your name').fill('Daniel Lee');
  await form.getByLabel('Work email').fill('daniel.lee@example.com');
  await form.getByLabel('Company').fill('Northwind Pte. Ltd.');
  await form.getByLabel('Group size').fill('24');
  await form.getByRole('button', { name: /send|submit/i }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Thank you, your inquiry is with our corporate team' })).toBeVisible();
});
