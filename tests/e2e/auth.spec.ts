// Log in and sign up in every way spec §2/§4 names: email + password, sign-up with each
// validation text, supplier invitations, redirect rules, the inline modal, WhatsApp with the
// code from the outbox and the resend after the countdown, social log-in through the test
// identity provider, password reset, and log-out.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEV_PASSWORD, freshEmail, freshPhone, lastCode, lastOutboxMessage, loginAs, passCaptcha, signUpViaApi } from './accounts.ts';

const heading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });
const accountButton = (page: Page) => page.getByRole('button', { name: /Your account/ });

async function emailStep(page: Page, email: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

test.describe('email and password', () => {
  test('logs in and goes to redirect_path with its query', async ({ page, axe }) => {
    const query = new URLSearchParams({ redirect_path: '/gifts', redirect_path_query: JSON.stringify({ from: 'header' }) });
    await page.goto(`/users/login?${query}`);
    await expect(heading(page)).toHaveText('Log In or Sign Up');
    await expect(page).toHaveTitle('Log In or Sign Up | Verdant');
    await axe();
    await emailStep(page, 'traveller@verdant.test');
    await expect(heading(page)).toHaveText('Log In');
    await page.getByLabel('Password', { exact: true }).fill(DEV_PASSWORD);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page).toHaveURL(/\/gifts\?from=header$/);
    await expect(accountButton(page)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toMatch(/^[\w-]{40,}$/);
  });

  test('shows the validation texts and a wrong password', async ({ page }) => {
    await page.goto('/users/login');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByText('Please enter email')).toBeVisible();
    await emailStep(page, 'tess@');
    await expect(page.getByText('Email is invalid')).toBeVisible();
    await emailStep(page, 'traveller@verdant.test');
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page.getByText('Please enter your password')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('not-my-password');
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await expect(page).toHaveURL(/\/users\/login$/);
  });

  test('never redirects to the 404 page or a log-in page', async ({ page }) => {
    await page.goto(`/users/login?${new URLSearchParams({ redirect_path: '/users/login/whatsapp' })}`);
    await emailStep(page, 'admin@verdant.test');
    await page.getByLabel('Password', { exact: true }).fill(DEV_PASSWORD);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    // Already logged in: the log-in page sends the visitor on.
    await page.goto(`/users/login?${new URLSearchParams({ redirect_path: '/404' })}`);
    await expect(page).toHaveURL(/localhost:\d+\/$/);
  });

  test('an unknown email goes to the sign-up page with the email and the query', async ({ page }) => {
    await page.goto('/users/login?osc=autumn');
    await emailStep(page, 'brand.new.person@example.com');
    await expect(page).toHaveURL(/\/users\/signup\?osc=autumn&email=brand.new.person%40example.com$/);
    await expect(heading(page)).toHaveText('Create an account');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('brand.new.person@example.com');
  });
});

test.describe('sign-up page', () => {
  test('shows each validation text, then creates the account and goes to the phone page with the query', async ({ page, axe }) => {
    await page.goto('/users/signup?osc=spring');
    await expect(heading(page)).toHaveText('Create an account');
    await expect(page).toHaveTitle('Create an account | Verdant');
    await expect(page.getByText('Minimum 6 characters for password.')).toBeVisible();
    await expect(page.getByLabel('Send me trip ideas')).toBeChecked();
    await axe();
    await page.getByRole('button', { name: 'Create Account' }).click();
    for (const text of ['Please enter your name', 'Please enter your email', 'Please enter password', 'Please complete captcha challenge']) {
      await expect(page.getByText(text, { exact: true })).toBeVisible();
    }
    await page.getByLabel('Name', { exact: true }).fill('Nadia Rahman');
    await page.getByLabel('Email', { exact: true }).fill('nadia@');
    await page.getByLabel('Password', { exact: true }).fill('kinabalu');
    await page.getByLabel('Confirm password', { exact: true }).fill('kinabalux');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Invalid email', { exact: true })).toBeVisible();
    await expect(page.getByText('Password confirmation does not match password')).toBeVisible();

    // An address already taken: the server's text appears under the captcha.
    await page.getByLabel('Email', { exact: true }).fill('traveller@verdant.test');
    await page.getByLabel('Confirm password', { exact: true }).fill('kinabalu');
    await passCaptcha(page);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.locator('[data-server-error]')).toHaveText('Email has already been taken');

    const email = freshEmail('nadia');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await passCaptcha(page);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/account\/phone-number\?osc=spring&add_phone=true$/);
    await expect(heading(page)).toHaveText('Welcome to Verdant!');
    await expect(accountButton(page)).toBeVisible();
  });

  test('a supplier invitation code locks the email to the invited address', async ({ page }) => {
    await page.goto('/users/signup?code=sukau-riverkeepers-invite');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('hello@sukau-riverkeepers.example');
    await expect(page.getByLabel('Email', { exact: true })).toBeDisabled();
    await expect(page.getByText('You were invited to list your experiences on Verdant.')).toBeVisible();
    await page.goto('/users/signup?code=not-a-real-invitation');
    await expect(page.getByText('This invitation is no longer valid.')).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toBeEnabled();
  });

  test('shows a spinner, then moves on, when already logged in', async ({ page }) => {
    await loginAs(page, 'traveller@verdant.test');
    await page.goto('/users/signup?redirect_path=/gifts');
    await expect(page).toHaveURL(/\/gifts$/);
  });
});

test.describe('inline (modal) mode', () => {
  test('logging in from the Save button keeps the visitor on the page and opens the list picker', async ({ page, api, axe }) => {
    const { options } = await api<{ options: { slug_code: string; name: string }[] }>('/options?per=1');
    const option = options[0]!;
    await page.goto(`/experiences/${option.slug_code}`);
    const url = page.url();
    await page.getByRole('button', { name: /^Save/ }).click();
    const modal = page.locator('[data-login-modal]');
    await expect(modal).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Log In or Sign Up' })).toBeVisible();
    await axe('[data-login-modal]');
    await modal.getByLabel('Email', { exact: true }).fill('traveller@verdant.test');
    await modal.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.locator('#login-modal-title')).toHaveText('Log In');
    await modal.getByLabel('Password', { exact: true }).fill(DEV_PASSWORD);
    await modal.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(modal).toBeHidden();
    expect(page.url()).toBe(url);
    await expect(accountButton(page)).toBeVisible();
    const picker = page.getByRole('group', { name: 'Your bucket lists' });
    await expect(picker).toBeVisible();
    await expect(picker.getByLabel('Borneo with Sam, one day')).toBeVisible();
  });

  test('an unknown email signs up inline in the Create Account step', async ({ page }) => {
    await page.goto('/account/credits');
    await page.getByRole('button', { name: 'Log In' }).click();
    const modal = page.locator('[data-login-modal]');
    const email = freshEmail('inline');
    await modal.getByLabel('Email', { exact: true }).fill(email);
    await modal.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.locator('#login-modal-title')).toHaveText('Create Account');
    await expect(modal.getByLabel('Email', { exact: true })).toHaveValue(email);
    await modal.getByLabel('Name', { exact: true }).fill('Ines Inline');
    await modal.getByLabel('Password', { exact: true }).fill('inline-pass');
    await modal.getByLabel('Confirm password', { exact: true }).fill('inline-pass');
    await passCaptcha(modal);
    await modal.getByRole('button', { name: 'Create Account' }).click();
    await expect(modal).toBeHidden();
    await expect(page).toHaveURL(/\/account\/credits$/);
    await expect(heading(page)).toHaveText('Credits');
  });
});

test.describe('WhatsApp', () => {
  test('logs a known number in with the code from the outbox', async ({ page, axe }) => {
    await page.goto('/users/login/whatsapp');
    await expect(heading(page)).toHaveText('Log In with WhatsApp');
    await axe();
    await page.getByRole('button', { name: 'Send Code' }).click();
    await expect(page.getByText('Please input a valid phone number')).toBeVisible();
    await page.getByLabel('Country', { exact: true }).selectOption('SG');
    await page.getByLabel('Phone number', { exact: true }).fill('123');
    await page.getByRole('button', { name: 'Send Code' }).click();
    await expect(page.getByText('Please input a valid phone number')).toBeVisible();
    await page.getByLabel('Phone number', { exact: true }).fill('9123 4567');
    await page.getByRole('button', { name: 'Send Code' }).click();
    await expect(heading(page)).toHaveText('Enter Code');
    await expect(page.locator('[data-countdown]')).toHaveText(/^00:0[45]:\d\d$/);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Please enter your code')).toBeVisible();
    const code = await lastCode(page.request, '+6591234567');
    await page.getByLabel('Code', { exact: true }).fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await accountButton(page).click();
    await expect(page.getByText('wei.ling@verdant.test')).toBeVisible();
  });

  test('the resend link appears when the countdown ends (fake clock); a new number finishes signing up', async ({ page }) => {
    await page.clock.install();
    await page.goto('/users/login');
    await page.getByRole('button', { name: 'Continue with WhatsApp' }).click();
    const phone = freshPhone();
    await page.getByLabel('Phone number', { exact: true }).fill(phone);
    await page.getByRole('button', { name: 'Send Code' }).click();
    await expect(heading(page)).toHaveText('Enter Code');
    await expect(page.getByRole('button', { name: 'Resend code' })).toHaveCount(0);
    const first = await lastCode(page.request, `+65${phone}`);
    await page.clock.fastForward('04:00');
    await expect(page.locator('[data-countdown]')).toHaveText(/^00:0[01]:\d\d$/);
    await page.clock.fastForward('01:05');
    await page.getByRole('button', { name: 'Resend code' }).click();
    await expect(page.locator('[data-countdown]')).toBeVisible();
    await expect.poll(() => lastCode(page.request, `+65${phone}`)).not.toBe(first);
    const second = await lastCode(page.request, `+65${phone}`);
    await page.getByLabel('Code', { exact: true }).fill(second);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(heading(page)).toHaveText('Finishing Signing Up');
    await page.getByLabel('Name', { exact: true }).fill('Minh Anh');
    await page.getByLabel('Email', { exact: true }).fill(freshEmail('minh'));
    await passCaptcha(page);
    await page.getByRole('button', { name: 'Finish Signing Up' }).click();
    await expect(page).toHaveURL(/\/account\/phone-number\?add_phone=true$/);
    await expect(page.locator('[data-phone]')).toHaveText(/^\+65 /);
  });
});

test.describe('social log-in through the test identity provider', () => {
  test('Continue with Google: popup, state + PKCE code flow, logged in', async ({ page, browser }) => {
    await page.goto('/users/login?redirect_path=/gifts');
    const popupPromise = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const popup = await popupPromise;
    await expect(popup.getByRole('heading', { name: 'Sign in with Google' })).toBeVisible();
    const email = freshEmail('kai');
    await popup.getByLabel('Email', { exact: true }).fill(email);
    await popup.getByLabel('Name', { exact: true }).fill('Kai Explorer');
    await popup.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/gifts$/);
    await accountButton(page).click();
    await expect(page.getByText(email)).toBeVisible();

    // Next time, from another browser: the email step offers Google again in a 'Welcome back' card.
    const other = await browser.newPage();
    await other.goto('/users/login');
    await emailStep(other, email);
    await expect(other.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Welcome back');
    await expect(other.getByText('You last logged in with Google.')).toBeVisible();
    await expect(other.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
    await other.close();
  });

  test('a cancelled popup shows the spec’s text', async ({ page }) => {
    await page.goto('/users/login');
    const popupPromise = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Continue with Facebook' }).click();
    const popup = await popupPromise;
    await popup.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Unable to connect with Facebook')).toBeVisible();
  });
});

test('password reset end to end', async ({ page }) => {
  const email = freshEmail('reset');
  await signUpViaApi(page.request, { name: 'Rosa Reset', email, password: 'old-password' });
  await page.context().clearCookies();
  await page.goto('/users/login');
  await emailStep(page, email);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(heading(page)).toHaveText('Reset your password');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(heading(page)).toHaveText('Check your email');
  const mail = await lastOutboxMessage(page.request, email);
  const link = /(http:\/\/[^\s<]+reset_password_token=[\w-]+)/.exec(mail)![1]!;
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(heading(page)).toHaveText('Choose a new password');
  await page.getByLabel('New password', { exact: true }).fill('new-password');
  await page.getByLabel('Confirm new password', { exact: true }).fill('new-password');
  await page.getByRole('button', { name: 'Save Password' }).click();
  await expect(page).toHaveURL(/\/account\/profile\?password_changed=true$/);
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  // The link works once.
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByLabel('New password', { exact: true }).fill('third-password');
  await page.getByLabel('Confirm new password', { exact: true }).fill('third-password');
  await page.getByRole('button', { name: 'Save Password' }).click();
  await expect(page.getByText('This password reset link is invalid or has expired.')).toBeVisible();
});

test('log-out clears the user, the token and the session', async ({ page }) => {
  await loginAs(page, 'traveller@verdant.test');
  await page.goto('/');
  await accountButton(page).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'Log in', exact: true }).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  const me = await page.request.get('/api/v1/me', { headers: { authorization: 'Bearer verdant-dev-public-key' } });
  expect(me.status()).toBe(401);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Log in', exact: true }).first()).toBeVisible();
});

test('a realtime connection opens once a user id exists', async ({ page }) => {
  await loginAs(page, 'traveller@verdant.test');
  // The frame listener is attached as the socket is announced: the server's hello can arrive
  // before an awaited `waitForEvent('framereceived')` would be listening (it did, under load).
  const hello = new Promise<string>((resolve) => {
    page.on('websocket', (w) => {
      if (w.url().endsWith('/api/v1/realtime')) w.once('framereceived', (frame) => resolve(String(frame.payload)));
    });
  });
  await page.goto('/');
  expect(JSON.parse(await hello)).toMatchObject({ type: 'hello' });
});
