import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api-client/client.ts';

const subscribe = vi.fn();
vi.mock('../../api-client/engagement.ts', () => ({ subscribe }));
const { emailProblem, EXISTED_TEXT, SUBSCRIBED_TEXT, subscribeEmail } = await import('./subscribe.ts');
const { ACCESS_TOKEN_KEY, POPUP_DELAY_MS, POPUP_SEEN_KEY, schedulePopup, shouldOfferPopup } = await import('./popup-schedule.ts');
const { countryFromCurrency, formatGift, welcomeGift } = await import('./welcome-gift.ts');

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

afterEach(() => {
  vi.useRealTimers();
  subscribe.mockReset();
});

describe('emailProblem (spec §5)', () => {
  it.each([
    ['', 'Please enter email'],
    ['   ', 'Please enter email'],
    ['wren', 'Email is invalid'],
    ['wren@example', 'Email is invalid'],
    ['wren @example.com', 'Email is invalid'],
    ['wren@example.com', undefined],
    [' wren@example.com ', undefined],
  ])('%j → %s', (value, expected) => expect(emailProblem(value)).toBe(expected));
});

describe('subscribeEmail (spec §8 texts)', () => {
  it('says Successfully subscribed! for a new address', async () => {
    subscribe.mockResolvedValue({ data: { status: 'subscribed' } });
    expect(await subscribeEmail(' wren@example.com ', 'footer')).toEqual({ kind: 'subscribed', text: SUBSCRIBED_TEXT });
    expect(subscribe).toHaveBeenCalledWith({ email: 'wren@example.com', source: 'footer' });
    expect(SUBSCRIBED_TEXT).toBe('Successfully subscribed!');
  });
  it("says You're already a subscriber for a known one", async () => {
    subscribe.mockResolvedValue({ data: { status: 'existed' } });
    expect(await subscribeEmail('wren@example.com', 'popup')).toEqual({ kind: 'existed', text: EXISTED_TEXT });
    expect(EXISTED_TEXT).toBe("You're already a subscriber");
  });
  it('does not call the server for an invalid address', async () => {
    expect(await subscribeEmail('nope', 'popup')).toEqual({ kind: 'error', text: 'Email is invalid' });
    expect(subscribe).not.toHaveBeenCalled();
  });
  it('shows the server’s field message, then its error, then the fallback', async () => {
    subscribe.mockRejectedValueOnce(new ApiError(422, 'Invalid body: email Email is invalid', { email: 'Email is invalid' }));
    expect((await subscribeEmail('a@b.co', 'popup')).text).toBe('Email is invalid');
    subscribe.mockRejectedValueOnce(new ApiError(429, 'You are browsing the site too quick. Please try again after a few minutes'));
    expect((await subscribeEmail('a@b.co', 'popup')).text).toMatch(/too quick/);
    subscribe.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await subscribeEmail('a@b.co', 'popup')).toEqual({ kind: 'error', text: 'An internal error occurred' });
  });
});

describe('pop-up schedule (spec §4, §9)', () => {
  const doc = { querySelector: () => null } as unknown as Document;

  it('is offered to a guest who has not seen it', () => {
    expect(shouldOfferPopup(memoryStorage())).toBe(true);
    expect(shouldOfferPopup(memoryStorage({ [POPUP_SEEN_KEY]: 'true' }))).toBe(false);
    expect(shouldOfferPopup(memoryStorage({ [ACCESS_TOKEN_KEY]: 'token' }))).toBe(false);
  });

  it('shows after 30000 ms and only then marks it seen', async () => {
    vi.useFakeTimers();
    const storage = memoryStorage();
    const show = vi.fn(() => Promise.resolve());
    schedulePopup(storage, show, POPUP_DELAY_MS, doc);
    expect(POPUP_DELAY_MS).toBe(30_000);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(show).not.toHaveBeenCalled();
    expect(storage.data.has(POPUP_SEEN_KEY)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(show).toHaveBeenCalledOnce();
    expect(storage.getItem(POPUP_SEEN_KEY)).toBe('true');
  });

  it('does not show when the visitor logged in meanwhile, and stays unseen if its code fails to load', async () => {
    vi.useFakeTimers();
    const storage = memoryStorage();
    const show = vi.fn(() => Promise.resolve());
    schedulePopup(storage, show, POPUP_DELAY_MS, doc);
    storage.setItem(ACCESS_TOKEN_KEY, 't');
    await vi.advanceTimersByTimeAsync(POPUP_DELAY_MS);
    expect(show).not.toHaveBeenCalled();

    const other = memoryStorage();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    schedulePopup(other, () => Promise.reject(new Error('offline')), POPUP_DELAY_MS, doc);
    await vi.advanceTimersByTimeAsync(POPUP_DELAY_MS);
    expect(other.data.has(POPUP_SEEN_KEY)).toBe(false);
  });
});

describe('welcome gift (spec §9)', () => {
  it.each([
    ['MY', '30 MYR'],
    ['my', '30 MYR'],
    ['SG', '10 SGD'],
    ['ID', '10 USD'],
    [undefined, '10 USD'],
  ])('%s → %s', (country, text) => expect(formatGift(welcomeGift(country))).toBe(text));
  it('guesses the country from the first-visit currency', () => {
    expect(countryFromCurrency('MYR')).toBe('MY');
    expect(countryFromCurrency('SGD')).toBe('SG');
    expect(countryFromCurrency('EUR')).toBeUndefined();
  });
});
