// Chat between a traveller and an operator (issue 17), with two browsers side by side: a fresh
// traveller asks Ubin Paddle Co. from an experience page, partner@verdant.test answers from
// /partner; each message shows on the other side within a second (with typing and the read
// receipt), the header's unread dot appears live on another page and clears on reading, a photo
// and a PDF go up, come down and are deleted, and leaving /chat closes its socket and brings the
// footer back. Then the demo traveller finds an old message by search, on a phone's screen too.
import type { Browser, Page, WebSocket } from '@playwright/test';
import sharp from 'sharp';
import { camelizeKeys } from '../../src/lib/key-case.ts';
import { DEV_PASSWORD, freshEmail, loginAs, signUpViaApi } from './accounts.ts';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures.ts';
import { auth, flexibleExperience, travellerWithTrip } from './trips.ts';

const OPERATOR = 'ubin-paddle-co';
/** Spec: a message reaches the other side within a second. */
const LIVE_MS = 1000;
const shots = process.env['SCREENSHOTS'] ? 'test-results/chat-screens' : null;

const photo = () => sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 78, g: 122, b: 85 } } }).png().toBuffer();
/** The smallest PDF a reader opens: one empty page. */
const pdf = () =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
  );

async function acceptCookies(page: Page) {
  const consent = page.getByRole('button', { name: 'Accept all cookies' });
  if (await consent.isVisible()) await consent.click();
}

async function shoot(page: Page, name: string) {
  if (!shots) return;
  await acceptCookies(page);
  await page.screenshot({ path: `${shots}/${name}-${page.viewportSize()?.width ?? 0}.png` });
}

/** Screenshots at 1280 and 375 px wide, for screens a desktop journey reaches. */
async function shootBoth(page: Page, name: string) {
  if (!shots) return;
  const size = page.viewportSize()!;
  await shoot(page, name);
  await page.setViewportSize({ width: 375, height: 740 });
  await shoot(page, name);
  await page.setViewportSize(size);
}

async function partnerPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(() => localStorage.setItem('hidden_subscription_poup', 'true'));
  const page = await context.newPage();
  await loginAs(page, 'partner@verdant.test');
  return page;
}

/**
 * The realtime sockets the page opens, with the frames each received. (Playwright does not see a
 * socket close when its page goes away; what a socket still receives tells whether it is open.)
 */
function watchSockets(page: Page): Map<WebSocket, string[]> {
  const sockets = new Map<WebSocket, string[]>();
  page.on('websocket', (ws) => {
    if (!ws.url().endsWith('/api/v1/realtime')) return;
    const frames: string[] = [];
    sockets.set(ws, frames);
    ws.on('framereceived', (f) => frames.push(String(f.payload)));
  });
  return sockets;
}

test.describe('chat', () => {
  test.setTimeout(120_000);

  test('a traveller asks the operator and they talk live: typing, read receipts, the unread dot, attachments, leaving chat', async ({ page, browser, api }) => {
    const { options } = camelizeKeys<{ options: { slugCode: string; name: string }[] }>(await api(`/options?per=5&supplier=${OPERATOR}`));
    const option = options[0]!;
    const email = freshEmail('chat');
    await signUpViaApi(page.request, { name: 'Mira Chen', email, password: DEV_PASSWORD });
    const sockets = watchSockets(page);

    // The experience page's "Ask the operator" opens a conversation about it.
    await page.goto(`/experiences/${option.slugCode}`);
    await acceptCookies(page);
    await page.getByRole('link', { name: 'Ask the operator' }).click();
    await expect(page).toHaveURL(/\/chat\/[\w-]+$/);
    const conversationId = new URL(page.url()).pathname.split('/').pop()!;
    const thread = page.getByRole('region', { name: /Conversation with Ubin Paddle Co/ });
    await expect(thread.getByRole('heading', { name: /Ubin Paddle Co/ })).toBeVisible();
    await expect(thread.getByRole('link', { name: option.name })).toHaveAttribute('href', `/experiences/${option.slugCode}`);
    // Chat hides the footer while it is open.
    await expect(page.locator('footer.site-footer')).toBeHidden();
    const composer = thread.getByRole('textbox', { name: 'Message' });
    await composer.fill('Hello! Is the morning paddle fine for a 9-year-old?');
    await composer.press('Enter');
    await expect(thread.locator('.chat-msg--mine .chat-bubble').last()).toHaveText('Hello! Is the morning paddle fine for a 9-year-old?');
    await expect(thread.locator('[data-receipt]')).toHaveText('Sent');

    // The operator finds it in /partner's Messages and opens it.
    const partner = await partnerPage(browser, page.viewportSize()!);
    await partner.goto('/partner/messages');
    await acceptCookies(partner);
    const row = partner.locator(`a[data-conversation-id="${conversationId}"]`);
    await expect(row).toContainText('Mira Chen');
    await expect(row).toContainText(option.name);
    await expect(row).toHaveClass(/chat-row--unread/);
    await shootBoth(partner, 'partner-list');
    await row.click();
    await expect(partner).toHaveURL(new RegExp(`/partner/messages/${conversationId}$`));
    const desk = partner.getByRole('region', { name: 'Conversation with Mira Chen' });
    await expect(desk.locator('.chat-msg').last()).toContainText('Is the morning paddle fine');
    // Opening it read it: the traveller's receipt turns to Read.
    await expect(thread.locator('[data-receipt]')).toHaveText('Read');

    // Typing shows on the other side; each message arrives within a second.
    const reply = desk.getByRole('textbox', { name: 'Message' });
    await reply.pressSequentially('Yes');
    await expect(thread.getByText('is typing…')).toBeVisible();
    await reply.fill('Yes, children from 6 paddle with a parent. Life jackets in every size.');
    await reply.press('Enter');
    await expect(thread.getByText('Life jackets in every size.')).toBeVisible({ timeout: LIVE_MS });
    await composer.fill('Wonderful, thank you!');
    await composer.press('Enter');
    await expect(desk.getByText('Wonderful, thank you!')).toBeVisible({ timeout: LIVE_MS });
    await shootBoth(page, 'thread');
    await shootBoth(partner, 'partner-thread');

    // Leaving chat closes its socket and shows the footer again: the next message reaches the
    // home page's own socket, never the chat page's.
    const chatSockets = [...sockets.keys()];
    expect(chatSockets.length).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Verdant home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('footer.site-footer')).toBeVisible();

    // A message while the traveller is elsewhere: the header's dot appears live, and clears on reading.
    await expect(page.locator('html')).not.toHaveAttribute('data-chat-unread');
    const homeSocket = () => [...sockets.keys()].find((ws) => !chatSockets.includes(ws));
    await expect.poll(() => sockets.get(homeSocket()!)?.some((f) => f.includes('"hello"')) ?? false).toBe(true);
    await reply.fill('See you at the Changi jetty at 8.');
    await reply.press('Enter');
    await expect(page.locator('html')).toHaveAttribute('data-chat-unread', '');
    await expect.poll(() => sockets.get(homeSocket()!)!.some((f) => f.includes('Changi jetty'))).toBe(true);
    expect(chatSockets.flatMap((ws) => sockets.get(ws)!).filter((f) => f.includes('Changi jetty'))).toEqual([]);
    await page.getByRole('button', { name: /Your account/ }).click();
    const messages = page.locator('.hacct__list [data-account-entry="messages"]');
    await expect(messages.getByRole('img', { name: 'unread messages' })).toBeVisible();
    await messages.click();
    await expect(page).toHaveURL(/\/chat$/);
    const mine = page.locator(`a[data-conversation-id="${conversationId}"]`);
    await expect(mine).toHaveClass(/chat-row--unread/);
    await expect(mine).toContainText('See you at the Changi jetty at 8.');
    await shootBoth(page, 'list');
    await mine.click();
    await expect(thread.getByText('See you at the Changi jetty at 8.')).toBeVisible();
    await expect(page.locator('html')).not.toHaveAttribute('data-chat-unread');

    // Attachments: a photo and a PDF go up with the message, reach the operator, come down, and the sender deletes one.
    await thread.locator('[data-chat-file-input]').setInputFiles([
      { name: 'passport-photo.png', mimeType: 'image/png', buffer: await photo() },
      { name: 'medical-note.pdf', mimeType: 'application/pdf', buffer: pdf() },
    ]);
    await expect(thread.getByRole('list', { name: 'Files to send' }).getByRole('listitem')).toHaveCount(2);
    await composer.fill('Here are the forms.');
    await composer.press('Enter');
    const sent = thread.locator('.chat-msg--mine').filter({ hasText: 'Here are the forms.' });
    await expect(sent.locator('.chat-file')).toHaveCount(2);
    const received = desk.locator('.chat-msg').filter({ hasText: 'Here are the forms.' });
    await expect(received.getByRole('img', { name: /passport-photo/ })).toBeVisible();
    await expect.poll(() => received.getByRole('img', { name: /passport-photo/ }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const downloading = partner.waitForEvent('download');
    await received.getByRole('link', { name: 'Download medical-note.pdf' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('medical-note.pdf');
    expect((await download.failure()) ?? 'ok').toBe('ok');
    await shoot(partner, 'partner-thread-files');
    // Only the sender may delete.
    await expect(received.getByRole('button', { name: /Delete/ })).toHaveCount(0);
    page.once('dialog', (d) => void d.accept());
    await sent.getByRole('button', { name: 'Delete medical-note.pdf' }).click();
    await expect(sent.locator('.chat-file[data-file-id]')).toHaveCount(1);
    await expect(received.getByText('An attachment was deleted')).toBeVisible();
    await expect(received.getByRole('link', { name: 'Download medical-note.pdf' })).toHaveCount(0);
    await shootBoth(page, 'thread-files');

    await expectNoSeriousA11yViolations(page);
    await expectNoSeriousA11yViolations(partner);
    await partner.context().close();
  });

  test('the operator writes first from a booking, the traveller’s trip opens the same conversation, and pages back through it', async ({ page, browser, api }) => {
    const option = await flexibleExperience(api, 1, OPERATOR);
    const trip = await travellerWithTrip(page, option, 2);
    const partner = await partnerPage(browser, page.viewportSize()!);
    await partner.goto(`/partner/bookings/${trip.itemId}`);
    await acceptCookies(partner);
    await partner.getByRole('button', { name: 'Message traveller' }).click();
    await expect(partner).toHaveURL(/\/partner\/messages\/[\w-]+$/);
    const conversationId = new URL(partner.url()).pathname.split('/').pop()!;
    const desk = partner.getByRole('region', { name: 'Conversation with Rosa Fernandes' });
    await expect(desk.getByRole('link', { name: /^Trip: / })).toHaveAttribute('href', `/partner/bookings/${trip.itemId}`);
    await desk.getByRole('textbox', { name: 'Message' }).fill('Hello Rosa, the tide is low that morning: we meet 30 minutes earlier.');
    await desk.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect(desk.locator('[data-receipt]')).toHaveText('Sent');
    // A long conversation since then (through the API, both sides): the thread opens on the newest.
    for (let i = 1; i <= 32; i++) {
      const from = i % 2 ? partner : page;
      const res = await from.request.post('/api/v1/chat_messages', { headers: auth, data: { conversation_id: conversationId, body: `Detail number ${i}` } });
      expect(res.status()).toBe(201);
    }

    await page.goto(`/account/trips/${trip.itemId}`);
    await acceptCookies(page);
    await page.getByRole('link', { name: /^Message / }).click();
    await expect(page).toHaveURL(`/chat/${conversationId}`);
    const thread = page.getByRole('region', { name: 'Conversation with Ubin Paddle Co.' });
    await expect(thread.getByText('Detail number 32', { exact: true })).toBeVisible();
    await expect(thread.getByText('we meet 30 minutes earlier')).toHaveCount(0);
    // Paging back through history keeps the reader where they were, then reaches the start.
    await thread.getByRole('button', { name: 'Load earlier messages' }).click();
    await expect(thread.getByText('we meet 30 minutes earlier')).toBeAttached();
    await expect(thread.getByText('This is the start of your conversation with Ubin Paddle Co.')).toBeAttached();
    await expect(thread.getByRole('button', { name: 'Load earlier messages' })).toHaveCount(0);
    // The message that was at the top before stays in sight: the older ones came above it.
    await expect(thread.getByText('Detail number 3', { exact: true })).toBeInViewport();
    await expect(thread.getByRole('link', { name: /^Trip: / })).toHaveAttribute('href', `/account/trips/${trip.itemId}`);
    await expect(desk.locator('[data-receipt]')).toHaveText('Read');
    await partner.context().close();
  });

  test('the demo traveller finds an old message by search, and reads it on a phone @mobile', async ({ page, isMobile }) => {
    await loginAs(page, 'traveller@verdant.test');
    await page.goto('/chat');
    await acceptCookies(page);
    const list = page.getByRole('navigation', { name: 'Conversations' });
    await expect(list.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    await expect(list.locator('a[data-conversation-id]').first()).toBeVisible();
    const search = list.getByRole('searchbox', { name: 'Search your messages' });
    await search.fill('bumboat');
    const hit = list.getByRole('list', { name: 'Messages found' }).getByRole('link').first();
    await expect(hit.locator('mark').first()).toHaveText(/bumboat/i);
    if (!isMobile) await shoot(page, 'search');
    await hit.click();
    const found = page.locator('.chat-msg--found');
    await expect(found).toBeVisible();
    await expect(found).toContainText(/bumboat/i);
    if (isMobile) {
      // A phone shows one pane: the thread, with a way back to the list.
      await expect(list).toBeHidden();
      await shoot(page, 'thread-found');
      await page.getByRole('link', { name: 'All conversations' }).click();
      await expect(list).toBeVisible();
      await expect(page.getByRole('region', { name: /Conversation with/ })).toBeHidden();
    }
    await expectNoSeriousA11yViolations(page);
  });
});
