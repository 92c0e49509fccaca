// Helpers of the trips journeys (and the partner back-office's): call the API like the
// storefront, find a flexible experience and its open departures, and book a trip for a fresh
// traveller through the real cart and pay calls (tests run in parallel on one database).
import type { APIRequestContext, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { camelizeKeys } from '../../src/lib/key-case.ts';
import { DEV_PASSWORD, freshEmail, signUpViaApi } from './accounts.ts';
import { API_KEY, expect } from './fixtures.ts';

export const auth = { authorization: `Bearer ${API_KEY}` };

export type Api = <T = Record<string, unknown>>(path: string) => Promise<T>;
export type Candidate = { slugCode: string };

export async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`/api/v1${path}`, { headers: auth });
  expect(res.status(), `GET ${path}`).toBe(200);
  return camelizeKeys<T>(await res.json());
}

export async function postJson<T>(request: APIRequestContext, path: string, data: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
  const res = await request.post(`/api/v1${path}`, { headers: { ...auth, ...headers }, data });
  return { status: res.status(), body: camelizeKeys<T>(await res.json()) };
}

/** An instant per-person SGD experience whose policy allows free cancellation and date changes (of one operator: `supplier`). */
export async function flexibleExperience(api: Api, skip = 0, supplier?: string): Promise<Candidate> {
  const { options } = camelizeKeys<{ options: { slugCode: string; bookType: string; priceUnit: string; kind: string; fromPrice?: { currency: string } }[] }>(await api(`/options?per=100${supplier ? `&supplier=${supplier}` : ''}`));
  const found: Candidate[] = [];
  for (const o of options) {
    if (o.bookType !== 'instant' || o.priceUnit !== 'per_person' || o.kind === 'adventure' || o.fromPrice?.currency !== 'SGD') continue;
    const detail = camelizeKeys<{ cancelType: string; rescheduleType: string; startTimes?: string[] }>(await api(`/options/${o.slugCode}`));
    if (detail.cancelType !== 'all_sales_final' && detail.rescheduleType === 'allow_reschedule_cancel') found.push({ slugCode: o.slugCode });
    if (found.length > skip) return found[skip]!;
  }
  throw new Error('no flexible experience in the demo catalogue');
}

/**
 * Open departures of an experience with room for `guests`, soonest first, at least `daysAhead`
 * days ahead (a date change needs the free-cancellation deadline still ahead: 3 days before for
 * a moderate policy, 7 for a strict one, in the experience's zone).
 */
export async function departures(request: APIRequestContext, slugCode: string, guests: number, daysAhead = 3): Promise<{ date: string; timeslotId: string }[]> {
  const { dates } = await getJson<{ dates: { date: string; unitsLeft: number }[] }>(request, `/available-dates?option_id=${slugCode}`);
  const out: { date: string; timeslotId: string }[] = [];
  const soon = new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
  for (const d of dates.filter((x) => x.unitsLeft >= guests + 2 && x.date >= soon).slice(0, 6)) {
    const { timeslots } = await getJson<{ timeslots: { id: string; unitsLeft: number }[] }>(request, `/detailed-timeslots?option_id=${slugCode}&date=${d.date}`);
    const slot = timeslots.find((s) => s.unitsLeft >= guests + 2);
    if (slot) out.push({ date: d.date, timeslotId: slot.id });
  }
  return out;
}

/** Signs a fresh traveller up in `page`'s context and books `option` for them through the API; returns the trip id. */
export async function travellerWithTrip(page: Page, option: Candidate, guests = 2, departure = 0, daysAhead = 3): Promise<{ itemId: string; orderId: string; date: string; timeslotId: string; email: string }> {
  const email = freshEmail('trips');
  const { token } = await signUpViaApi(page.request, { name: 'Rosa Fernandes', email, password: DEV_PASSWORD });
  await page.addInitScript((t) => localStorage.setItem('access_token', t), token);
  const dep = (await departures(page.request, option.slugCode, guests, daysAhead))[departure]!;
  const cart = await postJson<{ id: string; exchangedTotalAmountWithConversionFee: { amount: number; currency: string } }>(page.request, '/cart', {
    currency: 'SGD',
    order_item: { option_id: option.slugCode, start_date: dep.date, detailed_timeslot_id: dep.timeslotId, quantity: guests },
  });
  expect(cart.status).toBe(201);
  const card = await postJson<{ token: string }>(page.request, '/test-gateway/tokens', { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' });
  const paid = await postJson<{ order: { id: string; orderItem: { id: string } } }>(
    page.request,
    '/checkouts/pay',
    {
      cart_id: cart.body.id,
      currency: 'SGD',
      expected_total: cart.body.exchangedTotalAmountWithConversionFee,
      contact: { name: 'Rosa Fernandes', email, phone: '+65 9123 4567' },
      customers: Array.from({ length: guests }, (_, i) => ({ full_name: `Guest Number ${i + 1}`, date_of_birth: '1990-01-01', nationality: 'Portuguese', passport_number: 'P1234567' })),
      payment_method: 'card',
      card_token: card.body.token,
    },
    { 'idempotency-key': randomUUID(), 'x-user-token': token },
  );
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  return { itemId: paid.body.order.orderItem.id, orderId: paid.body.order.id, date: dep.date, timeslotId: dep.timeslotId, email };
}
