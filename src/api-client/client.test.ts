import { afterEach, describe, expect, it, vi } from 'vitest';
import { $tooManyRequests } from '../stores/ui.ts';
import { ApiError, createApiClient, errorMessage, INTERNAL_ERROR, PUBLIC_API_KEY, toQueryString } from './client.ts';

type Call = { url: string; init: RequestInit };

function fakeFetch(status: number, body: string | object | undefined, headers: Record<string, string> = {}) {
  const calls: Call[] = [];
  const fn = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const text = body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body);
    return new Response(text, { status, headers: { 'content-type': 'application/json', ...headers } });
  });
  return { fetch: fn as unknown as typeof fetch, calls };
}

afterEach(() => $tooManyRequests.set(false));

describe('request', () => {
  it('answers a file as its Blob and name, and a refused file as ApiError', async () => {
    const ok = fakeFetch(200, 'date,name\n', { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="op-bookings-2026-11-27.csv"' });
    const { data } = await createApiClient({ fetch: ok.fetch })<{ blob: Blob; filename: string }>('/partner/x.csv', { query: { status: 'all' }, file: true });
    expect(data.filename).toBe('op-bookings-2026-11-27.csv');
    expect(await data.blob.text()).toBe('date,name\n');
    expect(ok.calls[0]?.url).toBe('/api/v1/partner/x.csv?status=all');
    const refused = fakeFetch(404, { error: 'Operator not found' });
    await expect(createApiClient({ fetch: refused.fetch })('/partner/y.csv', { file: true })).rejects.toMatchObject({ status: 404, message: 'Operator not found' });
  });

  it('calls /api/v1 with JSON, cookies and the guest key, snake_case out and camelCase back', async () => {
    const f = fakeFetch(200, { status: 'subscribed', created_at: '2026-01-01', rates: { SGD: 1 } });
    const request = createApiClient({ fetch: f.fetch });
    const result = await request<{ status: string; createdAt: string; rates: Record<string, number> }>('/subscribes', {
      body: { email: 'a@example.com', cartId: 'c1', nested: { slugCode: 'x' } },
    });
    expect(result.data).toEqual({ status: 'subscribed', createdAt: '2026-01-01', rates: { SGD: 1 } });
    expect(result.response.status).toBe(200);
    const [call] = f.calls;
    expect(call!.url).toBe('/api/v1/subscribes');
    expect(call!.init.method).toBe('POST');
    expect(call!.init.credentials).toBe('include');
    expect(call!.init.headers).toMatchObject({
      Authorization: `Bearer ${PUBLIC_API_KEY}`,
      'Content-Type': 'application/json',
      Accept: 'application/json',
    });
    expect(JSON.parse(call!.init.body as string)).toEqual({ email: 'a@example.com', cart_id: 'c1', nested: { slug_code: 'x' } });
  });

  it('uses the development key when no PUBLIC_API_KEY is set, and a given key otherwise', async () => {
    expect(PUBLIC_API_KEY).toBe(import.meta.env.PUBLIC_API_KEY || 'verdant-dev-public-key');
    const f = fakeFetch(200, {});
    await createApiClient({ fetch: f.fetch, apiKey: 'k-123', baseUrl: 'http://x/api/v1' })('/cart');
    expect(f.calls[0]!.url).toBe('http://x/api/v1/cart');
    expect(f.calls[0]!.init.headers).toMatchObject({ Authorization: 'Bearer k-123' });
  });

  it('sends GET params as a snake_case query string with bracket arrays', async () => {
    const f = fakeFetch(200, []);
    await createApiClient({ fetch: f.fetch })('/options', { query: { cityIds: [1, 2], sortBy: 'latest', page: 2, giftOnly: false, skip: undefined, none: null } });
    expect(f.calls[0]!.init.method).toBe('GET');
    expect(f.calls[0]!.init.body).toBeUndefined();
    expect(decodeURIComponent(f.calls[0]!.url)).toBe('/api/v1/options?city_ids[]=1&city_ids[]=2&sort_by=latest&page=2&gift_only=false');
  });

  it('passes extra headers such as the rate-limit whitelist', async () => {
    const f = fakeFetch(200, {});
    await createApiClient({ fetch: f.fetch, headers: { 'X-Rate-Limit-Whitelist': 's' } })('/x', { headers: { 'X-User-Token': 't' } });
    expect(f.calls[0]!.init.headers).toMatchObject({ 'X-Rate-Limit-Whitelist': 's', 'X-User-Token': 't' });
  });

  it('answers data undefined for an empty body', async () => {
    const f = fakeFetch(204, undefined);
    expect((await createApiClient({ fetch: f.fetch })('/x', { method: 'DELETE' })).data).toBeUndefined();
  });
});

describe('failures', () => {
  const failing = async (status: number, body: string | object | undefined) => {
    const f = fakeFetch(status, body, status === 429 ? { 'retry-after': '30' } : {});
    try {
      await createApiClient({ fetch: f.fetch })('/subscribes', { body: { email: 'x' } });
    } catch (err) {
      return err as ApiError;
    }
    throw new Error('expected a failure');
  };

  it('throws the server’s message and field errors (camelCase) for a body with error', async () => {
    const err = await failing(422, { error: 'Invalid body: email Email is invalid', fields: { email: 'Email is invalid', booking_reference: 'Too long', 'destinations.0': 'Empty' } });
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(422);
    expect(err.message).toBe('Invalid body: email Email is invalid');
    expect(err.fields).toEqual({ email: 'Email is invalid', bookingReference: 'Too long', 'destinations.0': 'Empty' });
    expect(errorMessage(err)).toBe(err.message);
  });

  it('treats a 200 whose body carries error as a failure', async () => {
    const err = await failing(200, { error: 'Account deleted' });
    expect(err.message).toBe('Account deleted');
    expect(err.status).toBe(200);
  });

  it('reports an unparsable body as an internal error', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const err = await failing(502, '<html>Bad gateway</html>');
    expect(err.message).toBe(INTERNAL_ERROR);
    expect(err.status).toBe(502);
    expect(spy).toHaveBeenCalledOnce();
    spy.mockRestore();
  });

  it('reports a failure without an error field as an internal error', async () => {
    expect((await failing(500, { oops: true })).message).toBe(INTERNAL_ERROR);
  });

  it('turns on the too-many-requests flag on any 429', async () => {
    expect($tooManyRequests.get()).toBe(false);
    const err = await failing(429, { error: 'You are browsing the site too quick. Please try again after a few minutes' });
    expect(err.status).toBe(429);
    expect($tooManyRequests.get()).toBe(true);
  });

  it('turns on the flag even when a 429 has no JSON body', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await failing(429, 'Too Many Requests');
    expect($tooManyRequests.get()).toBe(true);
    vi.restoreAllMocks();
  });

  it('lets network errors through and describes any other error with the fallback text', async () => {
    const request = createApiClient({ fetch: (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch });
    await expect(request('/x')).rejects.toThrow('Failed to fetch');
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe(INTERNAL_ERROR);
  });
});

describe('toQueryString', () => {
  it('is empty without params', () => {
    expect(toQueryString(undefined)).toBe('');
    expect(toQueryString({ a: undefined })).toBe('');
  });
  it('escapes values', () => expect(toQueryString({ q: 'a&b c' })).toBe('?q=a%26b+c'));
});
